package io.gleaner.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.Serdes;
import org.junit.jupiter.api.Test;

class EventTimeExtractorTest {

    /** Values are 4-byte integers, the event time in seconds since the epoch (any other length does not decode). */
    /** A replayed trace's time, and a producer's wall-clock timestamp years after it. */
    private static final long TRACE_MS = Instant.parse("2009-05-01T00:00:00Z").toEpochMilli();
    private static final long WALL_CLOCK_MS = Instant.parse("2026-11-26T00:00:00Z").toEpochMilli();

    private final EventTimeExtractor<Integer> extractor =
            new EventTimeExtractor<>(new SharedDecoder<>(Serdes.Integer().deserializer()), Instant::ofEpochSecond,
                    new EventTimeBound(Duration.ofMinutes(15), InstantSource.fixed(Instant.ofEpochMilli(WALL_CLOCK_MS))));

    @Test
    void shouldTakeTheValuesEventTime() {
        byte[] value = ByteBuffer.allocate(4).putInt((int) (TRACE_MS / 1000) + 60).array();

        assertThat(extractor.extract(record(value, WALL_CLOCK_MS), TRACE_MS)).isEqualTo(TRACE_MS + 60_000);
    }

    @Test
    void shouldGiveAnUndecodableRecordThePartitionTimeNotItsOwnTimestamp() {
        byte[] garbage = {1, 2, 3};

        assertThat(extractor.extract(record(garbage, WALL_CLOCK_MS), TRACE_MS)).isEqualTo(TRACE_MS);
        // Before the partition has a time (Kafka Streams passes a negative one), 0: still never negative.
        assertThat(extractor.extract(record(garbage, WALL_CLOCK_MS), -1)).isZero();
    }

    @Test
    void shouldGiveAnEventTimeBefore1970ThePartitionTime() {
        byte[] before = ByteBuffer.allocate(4).putInt(-10).array();

        assertThat(extractor.extract(record(before, WALL_CLOCK_MS), TRACE_MS)).isEqualTo(TRACE_MS);
    }

    @Test
    void shouldGiveAnEventTimeMoreThanTheBoundAfterTheWallClockThePartitionTime() {
        int wallClockSeconds = (int) (WALL_CLOCK_MS / 1000);
        byte[] ahead = ByteBuffer.allocate(4).putInt(wallClockSeconds + 15 * 60 + 1).array();
        byte[] within = ByteBuffer.allocate(4).putInt(wallClockSeconds + 15 * 60).array();

        assertThat(extractor.extract(record(ahead, WALL_CLOCK_MS), TRACE_MS)).isEqualTo(TRACE_MS);
        assertThat(extractor.extract(record(within, WALL_CLOCK_MS), TRACE_MS)).isEqualTo(WALL_CLOCK_MS + 900_000);
    }

    private static ConsumerRecord<Object, Object> record(byte[] value, long timestamp) {
        return new ConsumerRecord<>("in", 0, 0L, timestamp, TimestampType.CREATE_TIME, -1, value.length, "key", value,
                new RecordHeaders(), Optional.empty());
    }
}
