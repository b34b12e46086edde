package io.gleaner.deploy.fuzz;

import java.util.Objects;
import java.util.Set;

/**
 * One topic that at least one stage reads, with what its values are and which stages read it.
 *
 * @param readers   the stage names the readers write into their dead letters ({@code DeadLetter.stage})
 * @param compacted whether the topic is compacted: the broker refuses records without a key there, and a null value
 *                  is a deletion, not garbage
 */
public record FuzzedInput(String topic, Payload payload, int partitions, boolean compacted, Set<String> readers) {

    public FuzzedInput {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(payload, "payload");
        readers = Set.copyOf(readers);
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1, was " + partitions + " for " + topic);
        }
        if (readers.isEmpty()) {
            throw new IllegalArgumentException("a fuzzed input needs at least one reader: " + topic);
        }
    }
}
