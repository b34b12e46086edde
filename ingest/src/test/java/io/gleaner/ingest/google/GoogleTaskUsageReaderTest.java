package io.gleaner.ingest.google;

import static io.gleaner.ingest.google.GoogleFixtures.SOURCE;
import static io.gleaner.ingest.google.GoogleFixtures.capacities;
import static io.gleaner.ingest.google.GoogleFixtures.drain;
import static io.gleaner.ingest.google.GoogleFixtures.input;
import static io.gleaner.ingest.google.GoogleFixtures.rejections;
import static io.gleaner.ingest.google.GoogleFixtures.trace;
import static io.gleaner.ingest.google.GoogleFixtures.usageReader;
import static io.gleaner.ingest.google.GoogleFixtures.values;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GoogleTaskUsageReaderTest {

    private static final Instant TIME_0 = Instant.parse("2011-05-01T22:50:00Z");
    /** Machine 5: half the largest machine's CPUs (16 cores), a quarter of its memory (32 GiB). */
    private static final String MACHINE_5 = "0,5,0,p,0.5,0.25";
    /** The fields after canonical memory usage, all plausible numbers. */
    private static final String REST = ",0.1,0,0,0.1,0,0,0.2,0,1.5,0.005,1,0,0.1";

    /** A usage row of a task on a machine from startSeconds to endSeconds. */
    private static String usage(long startSeconds, long endSeconds, int task, long machine, double cpu, double memory) {
        return (startSeconds * 1_000_000) + "," + (endSeconds * 1_000_000) + ",42," + task + "," + machine + "," + cpu
                + "," + memory + REST;
    }

    private static double value(List<UtilizationSample> samples, String node, long seconds, Metric metric) {
        return samples.stream()
                .filter(s -> s.getNodeId().equals(node) && s.getTime().equals(TIME_0.plusSeconds(seconds))
                        && s.getMetric() == metric)
                .findFirst().orElseThrow(() -> new AssertionError("no " + metric + " sample of " + node + " at " + seconds))
                .getValue();
    }

    @Test
    void shouldSumTheTasksOfAMachineOverAWindowAsAShareOfItsCapacity() {
        var samples = values(drain(usageReader(trace(
                usage(600, 900, 0, 5, 0.1, 0.05),
                usage(600, 750, 1, 5, 0.05, 0.025)), capacities(MACHINE_5))));

        // Task 0: 0.1 x 32 = 3.2 of 16 cores = 0.2 all window; 0.05 x 128 = 6.4 of 32 GiB = 0.2.
        // Task 1: 0.1 of the cores and 0.1 of the memory for half the window: 0.05 each.
        assertThat(samples).hasSize(2);
        assertThat(value(samples, "5", 600, Metric.CPU)).isCloseTo(0.25, within(1e-12));
        assertThat(value(samples, "5", 600, Metric.MEMORY)).isCloseTo(0.25, within(1e-12));
        assertThat(samples).allSatisfy(sample -> assertThat(sample.getSource()).isEqualTo(UsageSource.REGULAR));
    }

    @Test
    void shouldSplitAPeriodAcrossTheWindowsItOverlaps() {
        var samples = values(drain(usageReader(trace(usage(750, 1050, 0, 5, 0.1, 0.05)), capacities(MACHINE_5))));

        // Half of [750, 1050) lies in [600, 900) and half in [900, 1200): 0.2 share for half of each window.
        assertThat(samples).extracting(UtilizationSample::getTime)
                .containsExactly(TIME_0.plusSeconds(600), TIME_0.plusSeconds(600), TIME_0.plusSeconds(900),
                        TIME_0.plusSeconds(900));
        assertThat(value(samples, "5", 600, Metric.CPU)).isCloseTo(0.1, within(1e-12));
        assertThat(value(samples, "5", 900, Metric.CPU)).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void shouldDivideByTheCapacityTheMachineHadWhenTheRowStarted() {
        var samples = values(drain(usageReader(trace(
                usage(600, 900, 0, 5, 0.1, 0.05),
                usage(1200, 1500, 0, 5, 0.1, 0.05)), capacities(MACHINE_5, "1000000000,5,2,p,1,0.25"))));

        // Before the UPDATE, 3.2 of 16 cores; after it, 3.2 of 32.
        assertThat(value(samples, "5", 600, Metric.CPU)).isCloseTo(0.2, within(1e-12));
        assertThat(value(samples, "5", 1200, Metric.CPU)).isCloseTo(0.1, within(1e-12));
        assertThat(value(samples, "5", 1200, Metric.MEMORY)).isCloseTo(0.2, within(1e-12));
    }

    @Test
    void shouldTakeEveryMachineAsTheLargestWithoutACapacityTable() {
        var rule = GoogleTraceRule.defaults();
        var reader = new GoogleTaskUsageReader(input(trace(usage(600, 900, 0, 5, 0.1, 0.05))), rule,
                GoogleMachineCapacities.largestEverywhere(rule), Duration.ofMinutes(5), Duration.ofMinutes(5), 100);

        var samples = values(drain(reader));

        assertThat(value(samples, "5", 600, Metric.CPU)).isCloseTo(0.1, within(1e-12));
        assertThat(value(samples, "5", 600, Metric.MEMORY)).isCloseTo(0.05, within(1e-12));
    }

    @Test
    void shouldEmitInWindowThenMachineOrderCpuBeforeMemory() {
        var rows = drain(usageReader(trace(
                usage(600, 900, 0, 9, 0.1, 0.05),
                usage(600, 900, 1, 5, 0.1, 0.05),
                usage(900, 1200, 0, 5, 0.1, 0.05)), capacities(MACHINE_5, "0,9,0,p,1,1")));

        assertThat(values(rows)).extracting(s -> s.getTime().getEpochSecond() - TIME_0.getEpochSecond() + " "
                        + s.getNodeId() + " " + s.getMetric())
                .containsExactly("600 5 CPU", "600 5 MEMORY", "600 9 CPU", "600 9 MEMORY", "900 5 CPU", "900 5 MEMORY");
        // A window's samples carry the last line that went into it.
        assertThat(rows).extracting(TraceRow::line).containsExactly(2L, 2L, 2L, 2L, 3L, 3L);
        assertThat(rows).allSatisfy(row -> assertThat(((TraceRow.Parsed<UtilizationSample>) row).key())
                .isEqualTo(((TraceRow.Parsed<UtilizationSample>) row).value().getNodeId()));
    }

    @Test
    void shouldEmitAWindowOnceARowStartsALatenessAfterItsEndWithoutReadingFurther() {
        try (var reader = usageReader(trace(
                usage(600, 900, 0, 5, 0.1, 0.05),
                usage(900, 1200, 0, 5, 0.1, 0.05),
                usage(1200, 1500, 0, 5, 0.1, 0.05),
                usage(1500, 1800, 0, 5, 0.1, 0.05)), capacities(MACHINE_5))) {
            var first = reader.next();

            // Window [600, 900) is complete when a row starts at 900 + 300 s of lateness: the third line.
            assertThat(first.line()).isEqualTo(1);
            assertThat(reader.linesRead()).isEqualTo(3);
            assertThat(reader.openWindows()).isEqualTo(2);
        }
    }

    @Test
    void shouldRejectARowThatStartsInAWindowAlreadyEmitted() {
        var rows = drain(usageReader(trace(
                usage(600, 900, 0, 5, 0.1, 0.05),
                usage(1500, 1800, 0, 5, 0.1, 0.05),
                usage(900, 1200, 1, 5, 0.1, 0.05),
                usage(1200, 1500, 1, 5, 0.1, 0.05)), capacities(MACHINE_5)));

        // The row at 1500 s closes the windows before (1500 - 300) s: 600 and 900.
        assertThat(rejections(rows)).singleElement().satisfies(rejected -> {
            assertThat(rejected.line()).isEqualTo(3);
            assertThat(rejected.reason()).isEqualTo("start time 900000000 is before 1200000000, where samples were"
                    + " already emitted: the file is out of start-time order by more than the lateness of 300000000 us");
        });
        assertThat(values(rows)).extracting(s -> s.getTime().getEpochSecond() - TIME_0.getEpochSecond())
                .containsExactly(600L, 600L, 1200L, 1200L, 1500L, 1500L);
    }

    @Test
    void shouldStopAtTheLimitOfSamples() {
        var rule = GoogleTraceRule.defaults();
        var reader = new GoogleTaskUsageReader(input(trace(usage(600, 900, 0, 5, 0.1, 0.05),
                usage(900, 1200, 0, 5, 0.1, 0.05))), rule, capacities(MACHINE_5), Duration.ofMinutes(5),
                Duration.ZERO, 3);

        assertThat(values(drain(reader))).hasSize(3);
    }

    @Test
    void shouldAcceptTheNineteenFieldsOfClusterdata2011Version1() {
        var line = usage(600, 900, 0, 5, 0.1, 0.05);
        var version1 = line.substring(0, line.lastIndexOf(','));

        assertThat(values(drain(usageReader(trace(version1), capacities(MACHINE_5))))).hasSize(2);
    }

    static Stream<Arguments> badRows() {
        return Stream.of(
                Arguments.of(Named.of("eighteen fields", "600000000,900000000,42,0,5,0.1,0.05,0.1,0,0,0.1,0,0,0.2,0,1.5,"
                        + "0.005,1"), "expected 20 comma-separated fields (start time, end time, job ID, task index,"
                        + " machine ID, CPU rate, canonical memory usage, ..., sampled CPU usage), or 19 without the"
                        + " last, found 18"),
                Arguments.of(Named.of("no length", usage(600, 600, 0, 5, 0.1, 0.05)),
                        "end time 600000000 is not after start time 600000000"),
                Arguments.of(Named.of("end after the trace", "600000000,9223372036854775807,42,0,5,0.1,0.05" + REST),
                        "end time 9223372036854775807 means after the end of the trace: there is no instant to give"
                                + " the record"),
                Arguments.of(Named.of("no machine", "600000000,900000000,42,0,,0.1,0.05" + REST), "machine ID is empty"),
                Arguments.of(Named.of("no CPU rate", "600000000,900000000,42,0,5,,0.05" + REST),
                        "CPU rate is empty: the machine's sample would leave this task out"),
                Arguments.of(Named.of("no memory", "600000000,900000000,42,0,5,0.1," + REST),
                        "canonical memory usage is empty: the machine's sample would leave this task out"),
                Arguments.of(Named.of("negative CPU rate", usage(600, 900, 0, 5, -0.1, 0.05)),
                        "CPU rate must be >= 0, was -0.1"),
                Arguments.of(Named.of("CPI not a number", "600000000,900000000,42,0,5,0.1,0.05,0.1,0,0,0.1,0,0,0.2,0,x,"
                        + "0.005,1,0,0.1"), "cycles per instruction must be a number, was 'x'"),
                Arguments.of(Named.of("aggregation type 2", "600000000,900000000,42,0,5,0.1,0.05,0.1,0,0,0.1,0,0,0.2,0,"
                        + "1.5,0.005,1,2,0.1"), "aggregation type must be in 0..1, was 2"),
                Arguments.of(Named.of("unknown machine", usage(600, 900, 0, 77, 0.1, 0.05)),
                        "machine ID 77 has no capacity at start time 600000000 in the machine events given"),
                Arguments.of(Named.of("removed machine", usage(600, 900, 0, 6, 0.1, 0.05)),
                        "machine ID 6 has no capacity at start time 600000000 (removed, or added with none): no share"
                                + " of it to compute"));
    }

    @ParameterizedTest
    @MethodSource("badRows")
    void shouldRejectABadRowWithAReasonNamingTheFieldAndGoOn(String line, String reason) {
        var rows = drain(usageReader(trace(line, usage(600, 900, 0, 5, 0.1, 0.05)),
                capacities(MACHINE_5, "0,6,0,p,0.5,0.5", "500000000,6,1,,,")));

        assertThat(rows).hasSize(3);
        var rejected = (TraceRow.Rejected<UtilizationSample>) rows.get(0);
        assertThat(rejected.reason()).isEqualTo(reason);
        assertThat(rejected.deadLetter().getSourceTopic()).isEqualTo(SOURCE);
        assertThat(rejected.deadLetter().getPartition()).isEqualTo(-1);
        assertThat(rejected.deadLetter().getOffset()).isEqualTo(1);
        assertThat(UTF_8.decode(rejected.deadLetter().getValue()).toString()).isEqualTo(line);
        assertThat(rejected.deadLetter().getStage()).isEqualTo("ingest");
        assertThat(values(rows)).hasSize(2);
    }
}
