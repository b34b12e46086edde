package io.gleaner.ingest.adapter;

import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.UtilizationSample;

/** What the adapter's processor forwards: a sample for its node, or a dead letter. Exactly one is set. */
record AdapterOutput(UtilizationSample sample, DeadLetter deadLetter) {

    AdapterOutput {
        if ((sample == null) == (deadLetter == null)) {
            throw new IllegalArgumentException("exactly one of sample and deadLetter must be set");
        }
    }

    static AdapterOutput of(UtilizationSample sample) {
        return new AdapterOutput(sample, null);
    }

    static AdapterOutput of(DeadLetter deadLetter) {
        return new AdapterOutput(null, deadLetter);
    }

    boolean isDeadLetter() {
        return deadLetter != null;
    }
}
