package io.gleaner.ingest.google;

import static io.gleaner.ingest.google.GoogleFixtures.MACHINE_EVENTS;
import static io.gleaner.ingest.google.GoogleFixtures.TASK_EVENTS;
import static io.gleaner.ingest.google.GoogleFixtures.TASK_USAGE;
import static io.gleaner.ingest.google.GoogleFixtures.drain;
import static io.gleaner.ingest.google.GoogleFixtures.lines;
import static io.gleaner.ingest.google.GoogleFixtures.rejections;
import static io.gleaner.ingest.google.GoogleFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;

/**
 * The bundled excerpts end to end. Expected counts and values are worked out here from the raw lines with a
 * plain split and brute force, not through the readers.
 */
class GoogleExcerptTest {

    private static final GoogleTraceRule RULE = GoogleTraceRule.defaults();
    private static final long WINDOW = 300_000_000L;

    @Test
    void shouldTurnTheMachineEventsIntoHeartbeatsAndRejectTheAddWithoutCapacity() throws IOException {
        var lines = lines(MACHINE_EVENTS);
        long withoutCapacity = lines.stream().map(line -> line.split(",", -1))
                .filter(f -> !f[2].equals("1") && f[4].isEmpty()).count();
        long removes = lines.stream().filter(line -> line.split(",", -1)[2].equals("1")).count();

        var rows = drain(GoogleMachineEventReader.open(TraceInput.CLASSPATH_PREFIX + MACHINE_EVENTS, RULE,
                LineTraceReader.NO_LIMIT));

        assertThat(withoutCapacity).isEqualTo(1);
        assertThat(rejections(rows)).hasSize((int) withoutCapacity);
        var heartbeats = values(rows);
        assertThat(heartbeats).hasSize(lines.size() - (int) withoutCapacity);
        assertThat(heartbeats.stream().filter(h -> h.getLabels().contains("removed")).count()).isEqualTo(removes);
        assertThat(heartbeats).allSatisfy(h -> {
            assertThat(h.getCapacity().getCpus()).isBetween(0.0, 32.0);
            assertThat(h.getFree()).isEqualTo(h.getCapacity());
            assertThat(h.getFreeSlots()).isEqualTo(h.getSlots());
        });
    }

    @Test
    void shouldTurnTheRealTaskEventsIntoJobsAndReports() throws IOException {
        var lines = lines(TASK_EVENTS);
        var expected = expectedTaskEventCounts(lines);
        var machines = new HashSet<String>();
        for (var line : lines(MACHINE_EVENTS)) {
            machines.add(line.split(",", -1)[1]);
        }

        var rows = drain(GoogleTaskEventReader.open(TraceInput.CLASSPATH_PREFIX + TASK_EVENTS, RULE,
                LineTraceReader.NO_LIMIT));

        assertThat(rows).hasSize(lines.size());
        assertThat(actualTaskEventCounts(rows)).isEqualTo(expected);
        Instant previous = Instant.MIN;
        for (var row : rows) {
            if (row instanceof TraceRow.Parsed<SpecificRecord> parsed) {
                assertThat(parsed.eventTime()).isAfterOrEqualTo(previous);
                previous = parsed.eventTime();
                var fields = lines.get((int) parsed.line() - 1).split(",", -1);
                assertThat(parsed.key()).isEqualTo(fields[2] + "/" + fields[3]);
                if (parsed.value() instanceof TaskReport report && !report.getNodeId().isEmpty()) {
                    assertThat(machines).as("every machine of the excerpt has machine events").contains(report.getNodeId());
                }
            }
        }
    }

    @Test
    void shouldSumTheSyntheticUsagePerMachineAndWindowAsBruteForceDoes() throws IOException {
        var capacities = GoogleMachineCapacities.read(GoogleMachineEventReader.open(
                TraceInput.CLASSPATH_PREFIX + MACHINE_EVENTS, RULE, LineTraceReader.NO_LIMIT));
        var expected = bruteForce(lines(TASK_USAGE), lines(MACHINE_EVENTS));

        var rows = drain(GoogleTaskUsageReader.open(TraceInput.CLASSPATH_PREFIX + TASK_USAGE, RULE, capacities,
                LineTraceReader.NO_LIMIT));

        assertThat(capacities.rejectedLines()).isEqualTo(1);
        assertThat(rejections(rows)).isEmpty();
        var samples = values(rows);
        assertThat(samples).hasSize(expected.size());
        Instant previous = Instant.MIN;
        for (var sample : samples) {
            assertThat(sample.getTime()).isAfterOrEqualTo(previous);
            previous = sample.getTime();
            long window = (sample.getTime().toEpochMilli() - RULE.traceEpoch().toEpochMilli()) * 1000;
            var key = sample.getNodeId() + "@" + window + "/" + sample.getMetric();
            assertThat(expected).containsKey(key);
            assertThat(sample.getValue()).as(key).isCloseTo(expected.get(key), within(1e-9));
        }
    }

    /** Per "machine@window/metric", the share of the machine used, summed row by row over every window. */
    private static Map<String, Double> bruteForce(java.util.List<String> usage, java.util.List<String> machineEvents) {
        var sums = new HashMap<String, Double>();
        for (var line : usage) {
            var f = line.split(",", -1);
            long start = Long.parseLong(f[0]);
            long end = Long.parseLong(f[1]);
            var machine = f[4];
            double[] capacity = null;
            long capacityTime = -1;
            for (var event : machineEvents) {
                var e = event.split(",", -1);
                long time = Long.parseLong(e[0]);
                if (e[1].equals(machine) && time <= start && time >= capacityTime && !e[4].isEmpty()) {
                    capacity = new double[] {Double.parseDouble(e[4]), Double.parseDouble(e[5])};
                    capacityTime = time;
                }
            }
            assertThat(capacity).as("capacity of " + machine).isNotNull();
            for (long w = start - start % WINDOW; w < end; w += WINDOW) {
                double share = (double) (Math.min(end, w + WINDOW) - Math.max(start, w)) / WINDOW;
                sums.merge(machine + "@" + w + "/" + Metric.CPU, Double.parseDouble(f[5]) / capacity[0] * share,
                        Double::sum);
                sums.merge(machine + "@" + w + "/" + Metric.MEMORY, Double.parseDouble(f[6]) / capacity[1] * share,
                        Double::sum);
            }
        }
        return sums;
    }

    /** What each task_events line should become, by the rule written out in GoogleTaskEventReader. */
    static Map<String, Long> expectedTaskEventCounts(Iterable<String> lines) {
        var counts = new HashMap<String, Long>();
        for (var line : lines) {
            var f = line.split(",", -1);
            var outcome = switch (f[5]) {
                case "0" -> f[9].isEmpty() || f[10].isEmpty() || Double.parseDouble(f[9]) == 0 ? "rejected" : "job";
                case "1" -> f[4].isEmpty() ? "rejected" : TaskState.LAUNCHED.name();
                case "2" -> TaskState.PREEMPTED.name();
                case "3" -> TaskState.FAILED.name();
                case "4" -> TaskState.SUCCEEDED.name();
                case "5", "6" -> TaskState.KILLED.name();
                default -> "rejected";
            };
            counts.merge(outcome, 1L, Long::sum);
        }
        return counts;
    }

    static Map<String, Long> actualTaskEventCounts(Iterable<TraceRow<SpecificRecord>> rows) {
        var counts = new HashMap<String, Long>();
        for (var row : rows) {
            String outcome;
            if (row instanceof TraceRow.Parsed<SpecificRecord> parsed) {
                outcome = parsed.value() instanceof JobSubmitted ? "job" : ((TaskReport) parsed.value()).getState().name();
            } else {
                outcome = "rejected";
            }
            counts.merge(outcome, 1L, Long::sum);
        }
        return counts;
    }
}
