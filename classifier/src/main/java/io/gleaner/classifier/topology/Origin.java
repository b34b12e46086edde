package io.gleaner.classifier.topology;

import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.runtime.DeadLetters;
import java.util.Objects;

/**
 * Where a record entered the stage: its source topic, partition, offset, what a dead letter keeps of its key and raw
 * value, and its event time. A report carries it through the repartition topics, so that a later step that rejects it
 * (unknown node, unknown job) still dead-letters the original record, not the repartitioned copy; it carries the
 * dead letter's cut of the key and value, not the whole, so that a value near the broker's size limit still fits in a
 * repartition record.
 *
 * @param key the key as a dead letter keeps it, or null for a null key
 */
record Origin(String topic, int partition, long offset, DeadLetters.Raw key, DeadLetters.Raw raw, long timestamp) {

    Origin {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(raw, "raw");
    }

    /** A dead letter of the original record, logged at warn. */
    DeadLetter deadLetter(String reason) {
        var deadLetter = DeadLetters.of(topic, partition, offset, key, raw, timestamp, reason,
                ClassifierTopology.STAGE);
        ClassifierTopology.logDeadLetter(deadLetter);
        return deadLetter;
    }
}
