package io.gleaner.ingest.alibaba;

import static io.gleaner.ingest.alibaba.AlibabaMachineFixtures.input;
import static io.gleaner.ingest.alibaba.AlibabaMachineFixtures.readAll;
import static io.gleaner.ingest.alibaba.AlibabaMachineFixtures.reason;
import static io.gleaner.ingest.alibaba.AlibabaMachineFixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.Resources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AlibabaMachineMetaReaderTest {

    private static final long GIB = 1L << 30;

    private static List<TraceRow<NodeHeartbeat>> read(String... lines) {
        return readAll(new AlibabaMachineMetaReader(input("machine_meta.csv", lines), AlibabaMachineRule.defaults()));
    }

    @Test
    void shouldMapAMachineInServiceToAHeartbeatWithAllItsCapacityFree() {
        var rows = read("m_1,148984,219,17,96,100,USING");

        // 148984 s after 2018-01-01T00:00:00Z is 2018-01-02T17:23:04Z; mem_size 100 is 100 GiB by default.
        var time = Instant.parse("2018-01-02T17:23:04Z");
        var expected = NodeHeartbeat.newBuilder()
                .setNodeId("m_1")
                .setTime(time)
                .setRack("219")
                .setLabels(List.of("failure_domain_2=17", "status=USING"))
                .setCapacity(new Resources(96.0, 100 * GIB))
                .setSpeedGflops(AlibabaMachineRule.DEFAULT_SPEED_GFLOPS)
                .setSlots(96)
                .setFree(new Resources(96.0, 100 * GIB))
                .setFreeSlots(96)
                .setRunningAttempts(List.of())
                .build();
        assertThat(rows).hasSize(1);
        assertThat(value(rows.get(0))).isEqualTo(expected);
        var parsed = (TraceRow.Parsed<NodeHeartbeat>) rows.get(0);
        assertThat(parsed.key()).isEqualTo("m_1");
        assertThat(parsed.eventTime()).isEqualTo(time);
        assertThat(parsed.line()).isEqualTo(1);
    }

    @Test
    void shouldGiveAMachineNotInServiceNoFreeCapacity() {
        var heartbeat = value(read("m_2739,569729,6,6,96,100,IMPORT_INSTALLING").get(0));

        assertThat(heartbeat.getCapacity()).isEqualTo(new Resources(96.0, 100 * GIB));
        assertThat(heartbeat.getFree()).isEqualTo(new Resources(0.0, 0L));
        assertThat(heartbeat.getFreeSlots()).isZero();
        assertThat(heartbeat.getLabels()).containsExactly("failure_domain_2=6", "status=IMPORT_INSTALLING");
    }

    @Test
    void shouldLeaveOutAnEmptyFailureDomainAndUseTheDefaultRack() {
        var noDomain2 = value(read("m_1263,357600,15,,96,100,USING").get(0));
        var noDomain1 = value(read("m_1263,357600,,3,96,100,USING").get(0));

        assertThat(noDomain2.getLabels()).containsExactly("status=USING");
        assertThat(noDomain2.getRack()).isEqualTo("15");
        assertThat(noDomain1.getRack()).isEqualTo("default-rack");
    }

    @Test
    void shouldApplyTheRulesPrefixEpochAndMemoryScale() {
        var rule = new AlibabaMachineRule(Instant.parse("2020-06-01T00:00:00Z"), 512 * GIB, 2.5, "ali-");
        var rows = readAll(new AlibabaMachineMetaReader(input("machine_meta.csv", "m_7,60,1,2,64,50,USING"), rule));

        var heartbeat = value(rows.get(0));
        assertThat(heartbeat.getNodeId()).isEqualTo("ali-m_7");
        assertThat(heartbeat.getTime()).isEqualTo(Instant.parse("2020-06-01T00:01:00Z"));
        assertThat(heartbeat.getCapacity()).isEqualTo(new Resources(64.0, 256 * GIB));
        assertThat(heartbeat.getSpeedGflops()).isEqualTo(2.5);
        assertThat(heartbeat.getSlots()).isEqualTo(64);
    }

    static Stream<Arguments> rejectedRows() {
        return Stream.of(
                Arguments.of(Named.of("six fields", "m_1,0,219,17,96,100"), "found 6"),
                Arguments.of(Named.of("eight fields", "m_1,0,219,17,96,100,USING,x"), "found 8"),
                Arguments.of(Named.of("empty machine_id", ",0,219,17,96,100,USING"), "machine_id must not be empty"),
                Arguments.of(Named.of("fractional time_stamp", "m_1,1.5,219,17,96,100,USING"),
                        "time_stamp must be whole seconds, was '1.5'"),
                Arguments.of(Named.of("negative time_stamp", "m_1,-3,219,17,96,100,USING"),
                        "time_stamp must be >= 0, was -3"),
                Arguments.of(Named.of("time_stamp beyond epoch milliseconds",
                        "m_1,9223372036854775807,219,17,96,100,USING"),
                        "time_stamp is too large for a timestamp, was 9223372036854775807"),
                Arguments.of(Named.of("zero cpu_num", "m_1,0,219,17,0,100,USING"),
                        "cpu_num must be in [1, 2147483647], was 0"),
                Arguments.of(Named.of("huge cpu_num", "m_1,0,219,17,4294967296,100,USING"), "was 4294967296"),
                Arguments.of(Named.of("text cpu_num", "m_1,0,219,17,many,100,USING"),
                        "cpu_num must be a whole number, was 'many'"),
                Arguments.of(Named.of("abnormal mem_size 101", "m_1,0,219,17,96,101,USING"),
                        "mem_size is 101, the trace's mark of an abnormal value"),
                Arguments.of(Named.of("abnormal mem_size -1", "m_1,0,219,17,96,-1,USING"),
                        "mem_size is -1, the trace's mark of an abnormal value"),
                Arguments.of(Named.of("zero mem_size", "m_1,0,219,17,96,0,USING"),
                        "mem_size must be in (0, 100], was 0"),
                Arguments.of(Named.of("mem_size above 100", "m_1,0,219,17,96,100.5,USING"),
                        "mem_size must be in (0, 100], was 100.5"),
                Arguments.of(Named.of("NaN mem_size", "m_1,0,219,17,96,NaN,USING"),
                        "mem_size must be a number, was 'NaN'"),
                Arguments.of(Named.of("empty status", "m_1,0,219,17,96,100,"), "status must not be empty"));
    }

    @ParameterizedTest
    @MethodSource("rejectedRows")
    void shouldRejectABadRowAndGoOn(String line, String reason) {
        var rows = read(line, "m_2,0,219,17,96,100,USING");

        assertThat(rows).hasSize(2);
        var deadLetter = ((TraceRow.Rejected<NodeHeartbeat>) rows.get(0)).deadLetter();
        assertThat(deadLetter.getReason()).contains(reason);
        assertThat(deadLetter.getSourceTopic()).isEqualTo("machine_meta.csv");
        assertThat(deadLetter.getPartition()).isEqualTo(-1);
        assertThat(deadLetter.getOffset()).isEqualTo(1);
        assertThat(StandardCharsets.UTF_8.decode(deadLetter.getValue()).toString()).isEqualTo(line);
        assertThat(deadLetter.getStage()).isEqualTo("ingest");
        assertThat(value(rows.get(1)).getNodeId()).isEqualTo("m_2");
    }

    @Test
    void shouldReadTheSyntheticFileAsItsLinesPredict() throws IOException {
        // Independently of the reader: heartbeats per machine, and rows not in service.
        Map<String, Long> expectedPerNode = new HashMap<>();
        long[] notInService = {0};
        AlibabaMachineFixtures.eachLine(AlibabaMachineFixtures.SYNTHETIC_META, fields -> {
            expectedPerNode.merge(fields[0], 1L, Long::sum);
            if (!fields[6].equals("USING")) {
                notInService[0]++;
            }
        });

        var rows = readAll(AlibabaMachineMetaReader.open(AlibabaMachineFixtures.SYNTHETIC_META,
                AlibabaMachineRule.defaults()));

        Map<String, Long> perNode = new HashMap<>();
        long withoutFreeSlots = 0;
        for (var row : rows) {
            var heartbeat = value(row);
            perNode.merge(heartbeat.getNodeId(), 1L, Long::sum);
            if (heartbeat.getFreeSlots() == 0) {
                withoutFreeSlots++;
            }
            assertThat(heartbeat.getSlots()).isEqualTo((int) heartbeat.getCapacity().getCpus());
        }
        assertThat(rows).allMatch(TraceRow.Parsed.class::isInstance);
        assertThat(perNode).isEqualTo(expectedPerNode);
        assertThat(withoutFreeSlots).isEqualTo(notInService[0]).isEqualTo(1);
        assertThat(perNode).hasSize(9);
    }

    @Test
    void shouldReadTheRealMachineMetaWithoutRejections() throws IOException {
        var file = AlibabaMachineFixtures.REAL.resolve("machine_meta.csv.gz");
        assumeTrue(Files.isRegularFile(file), "the Alibaba 2018 sample is not on this machine");
        Map<String, Long> expectedPerNode = new HashMap<>();
        long[] notInService = {0};
        AlibabaMachineFixtures.eachLine(file.toString(), fields -> {
            expectedPerNode.merge(fields[0], 1L, Long::sum);
            if (!fields[6].equals("USING")) {
                notInService[0]++;
            }
        });

        Map<String, Long> perNode = new HashMap<>();
        long rejected = 0;
        long withoutFreeSlots = 0;
        boolean capacityConsistent = true;
        try (var reader = AlibabaMachineMetaReader.open(file, AlibabaMachineRule.defaults())) {
            while (reader.hasNext()) {
                var row = reader.next();
                if (row instanceof TraceRow.Parsed<NodeHeartbeat> parsed) {
                    var heartbeat = parsed.value();
                    perNode.merge(heartbeat.getNodeId(), 1L, Long::sum);
                    withoutFreeSlots += heartbeat.getFreeSlots() == 0 ? 1 : 0;
                    capacityConsistent &= heartbeat.getSlots() == (int) heartbeat.getCapacity().getCpus()
                            && heartbeat.getCapacity().getMemoryBytes() > 0
                            && heartbeat.getCapacity().getMemoryBytes()
                                    <= AlibabaMachineRule.DEFAULT_MEMORY_BYTES_AT_100;
                } else {
                    rejected++;
                }
            }
        }

        // The shared sample holds the whole machine_meta: about 4,000 machines (trace_2018.md §2.1).
        assertThat(rejected).isZero();
        assertThat(perNode).isEqualTo(expectedPerNode);
        assertThat(perNode.size()).isBetween(3_900, 4_100);
        assertThat(withoutFreeSlots).isEqualTo(notInService[0]);
        assertThat(capacityConsistent).isTrue();
    }
}
