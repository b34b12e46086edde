package io.gleaner.ingest.alibaba;

import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.INSTANCE_EXCERPT;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.TASK_EXCERPT;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.drain;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.rejections;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.values;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * The synthetic excerpts end to end. Expected counts are worked out here from the raw lines with a plain split,
 * not through the readers.
 */
class AlibabaBatchExcerptTest {

    private static final Instant EPOCH = Instant.parse("2018-01-01T00:00:00Z");

    @Test
    void shouldTurnEveryEndedTaskRowOfTheExcerptIntoOneJobAndRejectTheOthers() throws IOException {
        var lines = lines(TASK_EXCERPT);
        long ended = lines.stream().filter(line -> !line.split(",")[6].equals("0")).count();

        var rows = drain(AlibabaBatchTaskReader.open(TraceInput.CLASSPATH_PREFIX + TASK_EXCERPT,
                AlibabaJobRule.defaults(), LineTraceReader.NO_LIMIT));

        assertThat(rows).hasSize(lines.size());
        assertThat(values(rows)).hasSize((int) ended);
        assertThat(rejections(rows)).hasSize(lines.size() - (int) ended)
                .allSatisfy(rejected -> assertThat(rejected.reason()).startsWith("end_time is 0"));
        for (var row : rows) {
            var fields = lines.get((int) row.line() - 1).split(",");
            if (row instanceof TraceRow.Parsed<JobSubmitted> parsed) {
                var job = parsed.value();
                var group = job.getTasks().get(0);
                assertThat(job.getTasks()).hasSize(1);
                assertThat(parsed.key()).isEqualTo(job.getJobId()).isEqualTo(fields[2] + "/" + fields[0]);
                assertThat(group.getCount()).isEqualTo(Integer.parseInt(fields[1]));
                assertThat(parsed.eventTime()).isEqualTo(EPOCH.plusSeconds(Long.parseLong(fields[5])));
                assertThat(group.getDemand().getCpus()).isEqualTo(Double.parseDouble(fields[7]) / 100);
                assertThat(job.getInputBytes() + job.getShuffleBytes())
                        .isEqualTo(group.getCount() * group.getBytesPerTask());
                // Work at 8 GFLOP/s per core gives back the trace's duration, within a rounding of one byte.
                double seconds = group.getBytesPerTask() * group.getFlopPerByte()
                        / (8e9 * group.getDemand().getCpus());
                long duration = Long.parseLong(fields[6]) - Long.parseLong(fields[5]);
                assertThat(Math.abs(seconds - duration)).isLessThan(1e-3);
            }
        }
    }

    @Test
    void shouldReportEveryInstanceThatRanAndNameTheJobsOfTheTaskRows() throws IOException {
        var taskLines = lines(TASK_EXCERPT);
        var instanceLines = lines(INSTANCE_EXCERPT);
        var expectedStates = new HashMap<TaskState, Integer>();
        int neverStarted = 0;
        for (var line : instanceLines) {
            switch (line.split(",")[4]) {
                case "Terminated" -> expectedStates.merge(TaskState.SUCCEEDED, 1, Integer::sum);
                case "Failed" -> expectedStates.merge(TaskState.FAILED, 1, Integer::sum);
                case "Cancelled", "Interrupted" -> expectedStates.merge(TaskState.KILLED, 1, Integer::sum);
                case "Running" -> expectedStates.merge(TaskState.LAUNCHED, 1, Integer::sum);
                default -> neverStarted++;
            }
        }
        Map<String, String> taskNameOfJob = new HashMap<>();
        for (var line : taskLines) {
            var fields = line.split(",");
            taskNameOfJob.put(fields[2] + "/" + fields[0], fields[0]);
        }
        var jobKinds = new HashMap<String, TaskKind>();
        for (var job : values(drain(AlibabaBatchTaskReader.open(TraceInput.CLASSPATH_PREFIX + TASK_EXCERPT,
                AlibabaJobRule.defaults(), LineTraceReader.NO_LIMIT)))) {
            jobKinds.put(job.getJobId(), job.getTasks().get(0).getKind());
        }

        var rows = drain(AlibabaBatchInstanceReader.open(TraceInput.CLASSPATH_PREFIX + INSTANCE_EXCERPT,
                AlibabaJobRule.defaults(), LineTraceReader.NO_LIMIT));
        var reports = values(rows);

        var states = new HashMap<TaskState, Integer>();
        reports.forEach(report -> states.merge(report.getState(), 1, Integer::sum));
        assertThat(states).isEqualTo(expectedStates);
        assertThat(rejections(rows)).hasSize(neverStarted)
                .allSatisfy(rejected -> assertThat(rejected.reason()).startsWith("status Waiting"));
        assertThat(reports).allSatisfy(report -> {
            assertThat(taskNameOfJob).containsKey(report.getJobId());
            if (jobKinds.containsKey(report.getJobId())) {
                assertThat(report.getKind()).isEqualTo(jobKinds.get(report.getJobId()));
            }
            assertThat(report.getStartTime() == null).isEqualTo(report.getState() == TaskState.LAUNCHED);
            if (report.getStartTime() != null) {
                assertThat(report.getTime()).isAfterOrEqualTo(report.getStartTime());
            }
        });
        var decisionIds = new HashSet<String>();
        reports.stream().map(TaskReport::getDecisionId).forEach(decisionIds::add);
        assertThat(decisionIds).as("one decision id per instance run").hasSize(reports.size());
        assertThat(reports.stream().filter(report -> report.getAttempt() == 1).count())
                .as("re-runs: rows with seq_no 2")
                .isEqualTo(instanceLines.stream().filter(line -> line.split(",")[8].equals("2")).count());
        assertThat(reports).extracting(TaskReport::getJobId).allMatch(Objects::nonNull);
    }

    private static List<String> lines(String resource) throws IOException {
        try (InputStream in = Objects.requireNonNull(
                AlibabaBatchExcerptTest.class.getClassLoader().getResourceAsStream(resource), resource)) {
            return new String(in.readAllBytes(), UTF_8).lines().toList();
        }
    }
}
