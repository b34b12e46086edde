package io.gleaner.qos.topology;

import io.gleaner.schemas.avro.DeadLetter;

/** A checked input record: the event the stage keeps, or the dead letter of a record it cannot use. */
record Checked(NodeEvent event, DeadLetter deadLetter) {

    static Checked of(NodeEvent event) {
        return new Checked(event, null);
    }

    static Checked dead(DeadLetter deadLetter) {
        return new Checked(null, deadLetter);
    }

    boolean isDeadLetter() {
        return deadLetter != null;
    }
}
