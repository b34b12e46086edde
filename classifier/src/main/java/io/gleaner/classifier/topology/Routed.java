package io.gleaner.classifier.topology;

import io.gleaner.schemas.avro.DeadLetter;
import java.util.Objects;

/** What a step of the classifier forwards: a value for the next step, or a dead letter. */
record Routed<V>(V value, DeadLetter deadLetter) {

    Routed {
        if ((value == null) == (deadLetter == null)) {
            throw new IllegalArgumentException("exactly one of value and dead letter must be set");
        }
    }

    static <V> Routed<V> of(V value) {
        return new Routed<>(Objects.requireNonNull(value, "value"), null);
    }

    static <V> Routed<V> dead(DeadLetter deadLetter) {
        return new Routed<>(null, Objects.requireNonNull(deadLetter, "deadLetter"));
    }

    boolean isDeadLetter() {
        return deadLetter != null;
    }
}
