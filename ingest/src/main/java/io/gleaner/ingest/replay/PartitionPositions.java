package io.gleaner.ingest.replay;

import java.util.Map;
import java.util.Objects;

/**
 * The last position of one trace found in each partition of a topic, as {@link KafkaReplayedPositions}
 * reads it. A record is held when its position is at or before the last position of its trace in the
 * partition its key goes to: the replayer sends each partition's records in increasing position order
 * through an idempotent producer, which keeps a partition's records in order and without gaps, so
 * everything of the trace up to the last position in a partition is in that partition.
 *
 * @param source the trace's name
 * @param partitions the topic's partition count
 * @param lastPositions the last position of the trace per partition; partitions without one are absent
 */
public record PartitionPositions(String source, int partitions, Map<Integer, Long> lastPositions)
        implements ReplayedPositions {

    public PartitionPositions {
        Objects.requireNonNull(source, "source");
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1, was " + partitions);
        }
        lastPositions = Map.copyOf(lastPositions);
    }

    @Override
    public boolean holds(String key, Object value, TracePosition from) {
        if (!from.source().equals(source)) {
            return false;
        }
        var last = lastPositions.get(KeyPartitioner.partition(KeyPartitioner.partitionKey(key, from), partitions));
        return last != null && from.position() <= last;
    }
}
