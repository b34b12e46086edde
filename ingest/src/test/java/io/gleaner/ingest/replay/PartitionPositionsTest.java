package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.stream.IntStream;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class PartitionPositionsTest {

    private static final int PARTITIONS = 4;

    private static int partitionOf(String key) {
        return BuiltInPartitioner.partitionForKey(new StringSerializer().serialize("t", key), PARTITIONS);
    }

    /** The first of the keys m_0, m_1, ... that Kafka puts in {@code partition}. */
    private static String keyIn(int partition) {
        return IntStream.range(0, 1000).mapToObj(i -> "m_" + i).filter(k -> partitionOf(k) == partition)
                .findFirst().orElseThrow();
    }

    private final PartitionPositions positions = new PartitionPositions("trace.csv", PARTITIONS, Map.of(0, 100L, 1, 7L));

    @Test
    void shouldHoldEveryPositionUpToTheLastOneInTheKeysPartition() {
        assertThat(positions.holds(keyIn(0), "v", new TracePosition("trace.csv", 1))).isTrue();
        assertThat(positions.holds(keyIn(0), "v", new TracePosition("trace.csv", 100))).isTrue();
        assertThat(positions.holds(keyIn(0), "v", new TracePosition("trace.csv", 101))).isFalse();
        // Partition 1 got only as far as 7: 8 to 100 are missing there, whatever partition 0 holds.
        assertThat(positions.holds(keyIn(1), "v", new TracePosition("trace.csv", 7))).isTrue();
        assertThat(positions.holds(keyIn(1), "v", new TracePosition("trace.csv", 8))).isFalse();
    }

    @Test
    void shouldHoldNothingInAPartitionTheTraceNeverReached() {
        assertThat(positions.holds(keyIn(2), "v", new TracePosition("trace.csv", 1))).isFalse();
    }

    @Test
    void shouldHoldNothingOfAnotherTrace() {
        assertThat(positions.holds(keyIn(0), "v", new TracePosition("other.csv", 1))).isFalse();
    }

    @Test
    void shouldPlaceAKeylessRecordByItsTracesName() {
        var byName = new PartitionPositions("trace.csv", PARTITIONS, Map.of(partitionOf("trace.csv"), 5L));
        assertThat(byName.holds(null, "v", new TracePosition("trace.csv", 5))).isTrue();
        assertThat(byName.holds(null, "v", new TracePosition("trace.csv", 6))).isFalse();
    }

    @Test
    void shouldLookARecordUpInThePositionsOfItsTypesTopic() {
        var jobs = new PartitionPositions("trace.csv", PARTITIONS, Map.of(partitionOf("k"), 10L));
        var reports = new PartitionPositions("trace.csv", PARTITIONS, Map.of(partitionOf("k"), 3L));
        var byType = ReplayedPositions.byType(Map.of(String.class, jobs, Integer.class, reports));

        assertThat(byType.holds("k", "a job", new TracePosition("trace.csv", 5))).isTrue();
        assertThat(byType.holds("k", 42, new TracePosition("trace.csv", 5))).isFalse();
        assertThatThrownBy(() -> byType.holds("k", 1.5, new TracePosition("trace.csv", 5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no positions for records of type java.lang.Double");
    }
}
