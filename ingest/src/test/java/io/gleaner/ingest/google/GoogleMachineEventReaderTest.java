package io.gleaner.ingest.google;

import static io.gleaner.ingest.google.GoogleFixtures.SOURCE;
import static io.gleaner.ingest.google.GoogleFixtures.drain;
import static io.gleaner.ingest.google.GoogleFixtures.machineReader;
import static io.gleaner.ingest.google.GoogleFixtures.trace;
import static io.gleaner.ingest.google.GoogleFixtures.values;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.Resources;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GoogleMachineEventReaderTest {

    private static final long GIB = 1024L * 1024 * 1024;
    private static final Instant TIME_0 = Instant.parse("2011-05-01T22:50:00Z");
    private static final String PLATFORM = "HofLGzk7AAzwqLMzjTvgfwAoOWqWKZzVCB4uD3ypp0k=";

    @Test
    void shouldMapAnAddFieldByField() {
        var rows = drain(machineReader(trace("0,5,0," + PLATFORM + ",0.5,0.2493")));

        // Half the largest machine's 32 cores; 0.2493 of its 128 GiB.
        var capacity = new Resources(16.0, Math.round(0.2493 * 128 * GIB));
        var expected = NodeHeartbeat.newBuilder()
                .setNodeId("5")
                .setTime(TIME_0)
                .setRack("default-rack")
                .setLabels(List.of("platform=" + PLATFORM))
                .setCapacity(capacity)
                .setSpeedGflops(8.0)
                .setSlots(16)
                .setFree(capacity)
                .setFreeSlots(16)
                .setRunningAttempts(List.of())
                .build();
        assertThat(rows).singleElement().isEqualTo(new TraceRow.Parsed<>(1, TIME_0, "5", expected));
    }

    @Test
    void shouldGiveAnUpdateItsNewCapacity() {
        var heartbeat = values(drain(machineReader(trace("835150655890,5,2," + PLATFORM + ",1,1")))).get(0);

        assertThat(heartbeat.getTime()).isEqualTo(TIME_0.plusMillis(835_150_655));
        assertThat(heartbeat.getCapacity()).isEqualTo(new Resources(32.0, 128 * GIB));
        assertThat(heartbeat.getSlots()).isEqualTo(32);
    }

    @Test
    void shouldGiveARemovedNodeNothingToOffer() {
        var heartbeat = values(drain(machineReader(trace("1800000000,62,1,,,")))).get(0);

        assertThat(heartbeat.getNodeId()).isEqualTo("62");
        assertThat(heartbeat.getCapacity()).isEqualTo(new Resources(0.0, 0L));
        assertThat(heartbeat.getFree()).isEqualTo(new Resources(0.0, 0L));
        assertThat(heartbeat.getSlots()).isZero();
        assertThat(heartbeat.getFreeSlots()).isZero();
        assertThat(heartbeat.getLabels()).containsExactly("removed");
    }

    @Test
    void shouldUseTheNodePrefixAndTheLargestMachineOfTheRule() {
        var rule = GoogleTraceRule.defaults().withPrefixes("", "g-").withLargestMachine(48, 192 * GIB);
        try (var reader = new GoogleMachineEventReader(GoogleFixtures.input(trace("0,7,0,,0.25,0.5")), rule, 5)) {
            var row = (TraceRow.Parsed<NodeHeartbeat>) reader.next();

            assertThat(row.key()).isEqualTo("g-7");
            assertThat(row.value().getCapacity()).isEqualTo(new Resources(12.0, 96 * GIB));
            assertThat(row.value().getLabels()).isEmpty();
        }
    }

    static Stream<Arguments> badRows() {
        return Stream.of(
                Arguments.of(Named.of("five fields", "0,5,0,p,0.5"),
                        "expected 6 comma-separated fields (timestamp, machine ID, event type, platform ID, CPUs,"
                                + " memory), found 5"),
                Arguments.of(Named.of("after the trace", "9223372036854775807,5,0,p,0.5,0.5"),
                        "timestamp 9223372036854775807 means after the end of the trace: there is no instant to give"
                                + " the record"),
                Arguments.of(Named.of("negative timestamp", "-5,5,0,p,0.5,0.5"), "timestamp must be in"
                        + " 0..9223372036854775807, was -5"),
                Arguments.of(Named.of("machine not a number", "0,m5,0,p,0.5,0.5"),
                        "machine ID must be a whole number, was 'm5'"),
                Arguments.of(Named.of("unknown event", "0,5,3,p,0.5,0.5"),
                        "event type must be 0 (ADD), 1 (REMOVE) or 2 (UPDATE), was 3"),
                Arguments.of(Named.of("ADD without CPUs", "0,5,0,p,,0.5"),
                        "CPUs is empty: an ADD without a capacity gives no heartbeat"),
                Arguments.of(Named.of("UPDATE without memory", "0,5,2,p,0.5,"),
                        "memory is empty: an UPDATE without a capacity gives no heartbeat"),
                Arguments.of(Named.of("CPUs above the largest machine", "0,5,0,p,1.5,0.5"),
                        "CPUs must be in [0, 1] (normalised by the largest machine), was 1.5"),
                Arguments.of(Named.of("negative memory", "0,5,0,p,0.5,-0.1"), "memory must be >= 0, was -0.1"),
                Arguments.of(Named.of("memory not a number", "0,5,0,p,0.5,lots"),
                        "memory must be a number, was 'lots'"));
    }

    @ParameterizedTest
    @MethodSource("badRows")
    void shouldRejectABadRowWithAReasonNamingTheFieldAndGoOn(String line, String reason) {
        var rows = drain(machineReader(trace(line, "0,6,0,p,0.5,0.5")));

        assertThat(rows).hasSize(2);
        var rejected = (TraceRow.Rejected<NodeHeartbeat>) rows.get(0);
        assertThat(rejected.reason()).isEqualTo(reason);
        assertThat(rejected.deadLetter().getSourceTopic()).isEqualTo(SOURCE);
        assertThat(rejected.deadLetter().getPartition()).isEqualTo(-1);
        assertThat(rejected.deadLetter().getOffset()).isEqualTo(1);
        assertThat(UTF_8.decode(rejected.deadLetter().getValue()).toString()).isEqualTo(line);
        assertThat(rejected.deadLetter().getStage()).isEqualTo("ingest");
        assertThat(values(rows)).extracting(NodeHeartbeat::getNodeId).containsExactly("6");
    }
}
