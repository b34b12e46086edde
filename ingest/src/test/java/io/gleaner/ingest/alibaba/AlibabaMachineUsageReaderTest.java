package io.gleaner.ingest.alibaba;

import static io.gleaner.ingest.alibaba.AlibabaMachineFixtures.input;
import static io.gleaner.ingest.alibaba.AlibabaMachineFixtures.readAll;
import static io.gleaner.ingest.alibaba.AlibabaMachineFixtures.reason;
import static io.gleaner.ingest.alibaba.AlibabaMachineFixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.ingest.validation.SampleValidator;
import io.gleaner.ingest.validation.ValidatingReader;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AlibabaMachineUsageReaderTest {

    private static AlibabaMachineUsageReader reader(String... lines) {
        return new AlibabaMachineUsageReader(input("machine_usage.csv", lines), AlibabaMachineRule.defaults());
    }

    private static UtilizationSample sample(String node, String time, Metric metric, double value) {
        return UtilizationSample.newBuilder().setNodeId(node).setTime(Instant.parse(time)).setMetric(metric)
                .setSource(UsageSource.REGULAR).setValue(value).build();
    }

    @Test
    void shouldMapARowToCpuMemoryAndDiskFractionsOfTheOwners() {
        var rows = readAll(reader("m_1932,386640,41,92,,,43.04,33.08,5"));

        // 386640 s after 2018-01-01T00:00:00Z is 2018-01-05T11:24:00Z; percentages / 100.
        var time = "2018-01-05T11:24:00Z";
        assertThat(rows).extracting(AlibabaMachineFixtures::value).containsExactly(
                sample("m_1932", time, Metric.CPU, 0.41),
                sample("m_1932", time, Metric.MEMORY, 0.92),
                sample("m_1932", time, Metric.DISK, 0.05));
        assertThat(rows).allSatisfy(row -> {
            var parsed = (TraceRow.Parsed<UtilizationSample>) row;
            assertThat(parsed.key()).isEqualTo("m_1932");
            assertThat(parsed.line()).isEqualTo(1);
            assertThat(parsed.eventTime()).isEqualTo(Instant.parse(time));
        });
    }

    @Test
    void shouldKeepFractionalSecondsToTheMillisecond() {
        var rows = readAll(reader("m_1,10.25,1,2,,,,,3"));

        assertThat(value(rows.get(0)).getTime()).isEqualTo(Instant.parse("2018-01-01T00:00:10.250Z"));
    }

    @Test
    void shouldSkipAndCountEmptyMetricFieldsWithoutDeadLetters() {
        var reader = reader("m_1,10,,50,,,,,", "m_1,20,,,,,,,", "m_1,30,10,20,,,,,30");
        var rows = readAll(reader);

        // Line 1: MEMORY only; line 2: nothing; line 3: all three.
        assertThat(rows).allMatch(TraceRow.Parsed.class::isInstance);
        assertThat(rows).extracting(TraceRow::line).containsExactly(1L, 3L, 3L, 3L);
        assertThat(value(rows.get(0)).getMetric()).isEqualTo(Metric.MEMORY);
        assertThat(reader.notMeasured(Metric.CPU)).isEqualTo(2);
        assertThat(reader.notMeasured(Metric.MEMORY)).isEqualTo(1);
        assertThat(reader.notMeasured(Metric.DISK)).isEqualTo(2);
        assertThat(reader.notMeasuredTotal()).isEqualTo(5);
    }

    static Stream<Arguments> rejectedMetrics() {
        return Stream.of(
                Arguments.of(Named.of("disk 101", "m_1934,572990,54,53,1.43,0,44.6,33.83,101"), Metric.DISK,
                        "disk_io_percent is 101, the trace's mark of an abnormal value; no DISK sample"),
                Arguments.of(Named.of("disk -1", "m_1934,212730,72,95,,,37.49,28.09,-1"), Metric.DISK,
                        "disk_io_percent is -1, the trace's mark of an abnormal value; no DISK sample"),
                Arguments.of(Named.of("cpu 100.5", "m_1,10,100.5,95,,,,,3"), Metric.CPU,
                        "cpu_util_percent must be in [0, 100], was 100.5; no CPU sample"),
                Arguments.of(Named.of("cpu -0.5", "m_1,10,-0.5,95,,,,,3"), Metric.CPU,
                        "cpu_util_percent must be in [0, 100], was -0.5; no CPU sample"),
                Arguments.of(Named.of("memory text", "m_1,10,5,high,,,,,3"), Metric.MEMORY,
                        "mem_util_percent must be a number, was 'high'; no MEMORY sample"),
                Arguments.of(Named.of("memory Infinity", "m_1,10,5,Infinity,,,,,3"), Metric.MEMORY,
                        "mem_util_percent must be a number, was 'Infinity'; no MEMORY sample"),
                Arguments.of(Named.of("memory 101", "m_1,10,5,101,,,,,3"), Metric.MEMORY,
                        "mem_util_percent is 101, the trace's mark of an abnormal value; no MEMORY sample"));
    }

    @ParameterizedTest
    @MethodSource("rejectedMetrics")
    void shouldRejectOneMetricAndKeepTheOthers(String line, Metric rejectedMetric, String reason) {
        var rows = readAll(reader(line));

        assertThat(rows).hasSize(3);
        var rejected = rows.stream().filter(TraceRow.Rejected.class::isInstance).toList();
        assertThat(rejected).hasSize(1);
        var deadLetter = ((TraceRow.Rejected<UtilizationSample>) rejected.get(0)).deadLetter();
        assertThat(deadLetter.getReason()).isEqualTo(reason);
        assertThat(deadLetter.getOffset()).isEqualTo(1);
        assertThat(deadLetter.getSourceTopic()).isEqualTo("machine_usage.csv");
        assertThat(StandardCharsets.UTF_8.decode(deadLetter.getValue()).toString()).isEqualTo(line);
        assertThat(rows.stream().filter(TraceRow.Parsed.class::isInstance).map(r -> value(r).getMetric()))
                .hasSize(2).doesNotContain(rejectedMetric);
    }

    static Stream<Arguments> rejectedRows() {
        return Stream.of(
                Arguments.of(Named.of("eight fields", "m_1,10,5,5,,,,"), "found 8"),
                Arguments.of(Named.of("ten fields", "m_1,10,5,5,,,,,3,x"), "found 10"),
                Arguments.of(Named.of("empty machine_id", ",10,5,5,,,,,3"), "machine_id must not be empty"),
                Arguments.of(Named.of("text time_stamp", "m_1,noon,5,5,,,,,3"),
                        "time_stamp must be a number of seconds, was 'noon'"),
                Arguments.of(Named.of("empty time_stamp", "m_1,,5,5,,,,,3"),
                        "time_stamp must be a number of seconds, was ''"),
                Arguments.of(Named.of("negative time_stamp", "m_1,-10,5,5,,,,,3"), "time_stamp must be >= 0, was -10"),
                Arguments.of(Named.of("huge time_stamp", "m_1,1e300,5,5,,,,,3"),
                        "time_stamp is too large for a timestamp, was 1e300"),
                Arguments.of(Named.of("text in mkpi", "m_1,10,5,5,1.2,lots,,,3"),
                        "mkpi must be empty or a number, was 'lots'"),
                Arguments.of(Named.of("text in net_out", "m_1,10,5,5,,,1.0,x,3"),
                        "net_out must be empty or a number, was 'x'"));
    }

    @ParameterizedTest
    @MethodSource("rejectedRows")
    void shouldRejectABadRowWithOneDeadLetterAndGoOn(String line, String reason) {
        var rows = readAll(reader(line, "m_2,10,5,5,,,,,3"));

        assertThat(rows).hasSize(4);
        assertThat(rows.get(0)).isInstanceOf(TraceRow.Rejected.class);
        assertThat(reason(rows.get(0))).contains(reason);
        assertThat(rows.get(0).line()).isEqualTo(1);
        assertThat(rows.subList(1, 4)).allMatch(TraceRow.Parsed.class::isInstance);
    }

    @Test
    void shouldApplyTheRulesPrefixAndEpoch() {
        var rule = AlibabaMachineRule.defaults().withNodeIdPrefix("ali-")
                .withTraceEpoch(Instant.parse("2021-01-01T00:00:00Z"));
        var rows = readAll(new AlibabaMachineUsageReader(input("machine_usage.csv", "m_1,60,5,5,,,,,"), rule));

        assertThat(value(rows.get(0)).getNodeId()).isEqualTo("ali-m_1");
        assertThat(value(rows.get(0)).getTime()).isEqualTo(Instant.parse("2021-01-01T00:01:00Z"));
    }

    /** What a file should give, counted from its raw fields without the reader. */
    private record Expected(Map<String, Long> samplesPerNode, long rejected, Map<Metric, Long> empty) {
        static Expected of(String location) throws IOException {
            Map<String, Long> perNode = new HashMap<>();
            Map<Metric, Long> empty = new EnumMap<>(Metric.class);
            long[] rejected = {0};
            Map<Metric, Integer> columns = Map.of(Metric.CPU, 2, Metric.MEMORY, 3, Metric.DISK, 8);
            AlibabaMachineFixtures.eachLine(location, fields -> columns.forEach((metric, column) -> {
                var text = fields[column];
                if (text.isEmpty()) {
                    empty.merge(metric, 1L, Long::sum);
                } else if (Double.parseDouble(text) < 0 || Double.parseDouble(text) > 100) {
                    rejected[0]++;
                } else {
                    perNode.merge(fields[0], 1L, Long::sum);
                }
            }));
            return new Expected(perNode, rejected[0], empty);
        }
    }

    @Test
    void shouldReadTheSyntheticFileAsItsFieldsPredict() throws IOException {
        var expected = Expected.of(AlibabaMachineFixtures.SYNTHETIC_USAGE);

        Map<String, Long> perNode = new HashMap<>();
        long rejected = 0;
        boolean inRange = true;
        var validator = SampleValidator.anyHost();
        var usage = AlibabaMachineUsageReader.open(AlibabaMachineFixtures.SYNTHETIC_USAGE,
                AlibabaMachineRule.defaults());
        try (var reader = ValidatingReader.of(usage, validator)) {
            while (reader.hasNext()) {
                var row = reader.next();
                if (row instanceof TraceRow.Parsed<UtilizationSample> parsed) {
                    perNode.merge(parsed.key(), 1L, Long::sum);
                    inRange &= parsed.value().getValue() >= 0 && parsed.value().getValue() <= 1;
                } else {
                    rejected++;
                }
            }
            for (var metric : List.of(Metric.CPU, Metric.MEMORY, Metric.DISK)) {
                assertThat(usage.notMeasured(metric)).as("not measured %s", metric)
                        .isEqualTo(expected.empty().getOrDefault(metric, 0L));
            }
            assertThat(usage.linesRead()).isEqualTo(320);
        }

        // README.md plants one 101 and one -1 disk value, one empty cpu and one empty memory field.
        assertThat(rejected).isEqualTo(expected.rejected()).isEqualTo(2);
        assertThat(expected.empty()).containsEntry(Metric.CPU, 1L).containsEntry(Metric.MEMORY, 1L);
        assertThat(perNode).isEqualTo(expected.samplesPerNode());
        assertThat(perNode.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(320 * 3 - 2 - 2);
        assertThat(inRange).isTrue();
        assertThat(validator.summary().rejectedTotal()).isZero();
    }

    @Test
    void shouldReadTheRealMachineUsageSample() throws IOException {
        var file = AlibabaMachineFixtures.REAL.resolve("machine_usage.csv.gz");
        assumeTrue(Files.isRegularFile(file), "the Alibaba 2018 sample is not on this machine");
        var expected = Expected.of(file.toString());

        Map<String, Long> perNode = new HashMap<>();
        long rejected = 0;
        long abnormalDisk = 0;
        boolean inRange = true;
        var validator = SampleValidator.anyHost();
        try (var usage = AlibabaMachineUsageReader.open(file, AlibabaMachineRule.defaults())) {
            var reader = ValidatingReader.of(usage, validator);
            while (reader.hasNext()) {
                var row = reader.next();
                if (row instanceof TraceRow.Parsed<UtilizationSample> parsed) {
                    perNode.merge(parsed.key(), 1L, Long::sum);
                    inRange &= parsed.value().getValue() >= 0 && parsed.value().getValue() <= 1;
                } else {
                    rejected++;
                    var reason = reason(row);
                    abnormalDisk += reason.startsWith("disk_io_percent is") && reason.contains("abnormal") ? 1 : 0;
                }
            }
            assertThat(usage.notMeasured(Metric.CPU)).isEqualTo(expected.empty().getOrDefault(Metric.CPU, 0L));
            assertThat(usage.notMeasured(Metric.DISK)).isEqualTo(expected.empty().getOrDefault(Metric.DISK, 0L));
        }

        // The only rejections of the real sample are disk_io_percent -1 or 101, its documented abnormal marks.
        assertThat(rejected).isEqualTo(expected.rejected());
        assertThat(abnormalDisk).isEqualTo(rejected);
        assertThat(rejected).isLessThan(100);
        assertThat(perNode).isEqualTo(expected.samplesPerNode());
        assertThat(perNode).hasSize(16);
        assertThat(inRange).isTrue();
        // Each machine's rows are in time order in the published file: no step back, no duplicate.
        assertThat(validator.summary().rejectedTotal()).isZero();
    }
}
