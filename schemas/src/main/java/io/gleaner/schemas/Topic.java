package io.gleaner.schemas;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * One topic of the catalogue: its name, the types of its keys and values and how it is created.
 *
 * @param retention how long records are kept; {@code null} keeps them forever. Replayed traces carry
 *                  event times far in the past, so time-based retention would delete them at once: the
 *                  event topics keep everything by default and are sized by the operator.
 */
public record Topic<K, V>(String name, Class<K> key, Class<V> value, int partitions,
                          CleanupPolicy cleanup, Duration retention) {

    public Topic {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(cleanup, "cleanup");
        if (name.isBlank()) {
            throw new IllegalArgumentException("topic name must not be blank");
        }
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1, was " + partitions + " for " + name);
        }
        if (retention != null && retention.isNegative()) {
            throw new IllegalArgumentException("retention must not be negative, was " + retention + " for " + name);
        }
    }

    /** Topic-level settings to create it with ({@code cleanup.policy}, {@code retention.ms}). */
    public Map<String, String> configs() {
        var retentionMs = retention == null ? "-1" : Long.toString(retention.toMillis());
        return cleanup == CleanupPolicy.COMPACT
                ? Map.of("cleanup.policy", cleanup.configValue())
                : Map.of("cleanup.policy", cleanup.configValue(), "retention.ms", retentionMs);
    }

    /** Subject under which the registry keeps this topic's value schema (Confluent's TopicNameStrategy). */
    public String valueSubject() {
        return name + "-value";
    }
}
