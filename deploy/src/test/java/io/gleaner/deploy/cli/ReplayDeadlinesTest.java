package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.workload.DeadlineAssignment;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;

/** What {@code gleaner replay --deadline-factor} does to each row before it is sent. */
class ReplayDeadlinesTest {

    private static final DeadlineAssignment RULE = new DeadlineAssignment(1.5, 3, 7, ClusterPresets.resolve("pc1"),
            SimulationSettings.DEFAULT_HEARTBEAT_PERIOD);
    private static final ReplayDeadlines.Goals GOALS = new ReplayDeadlines.Goals(RULE, "id", "goals");

    /** The first job of the bundled FB-2009 trace, as the replay reads it. */
    private static TraceRow.Parsed<SpecificRecord> firstJob() throws IOException {
        try (var trace = SwimTraceReader.fb2009(SwimJobRule.defaults(), 1)) {
            var row = (TraceRow.Parsed<JobSubmitted>) trace.next();
            return new TraceRow.Parsed<>(row.line(), row.eventTime(), row.key(), row.value());
        }
    }

    @Test
    void shouldGiveAJobTheAssignmentsDeadlineAndChangeNothingElse() throws IOException {
        var row = firstJob();
        var job = (JobSubmitted) row.value();
        var expected = RULE.assign(((Checked.Valid<Job>) EventMapping.job(job)).value()).deadline().orElseThrow();

        var out = (TraceRow.Parsed<SpecificRecord>) GOALS.apply(row);

        assertThat(job.getDeadline()).as("the trace carries none").isNull();
        var sent = (JobSubmitted) out.value();
        assertThat(sent.getDeadline()).isEqualTo(expected).isAfter(job.getSubmitTime());
        assertThat(JobSubmitted.newBuilder(sent).setDeadline(null).build()).isEqualTo(job);
        assertThat(List.of(out.line(), out.eventTime(), out.key())).containsExactly(row.line(), row.eventTime(),
                row.key());
    }

    @Test
    void shouldSendAJobThePlannerWouldRefuseAndEveryOtherRowAsTheyAre() throws IOException {
        var row = firstJob();
        // A job id over the topic's 1,024 characters: the planner dead-letters it, with or without a goal.
        var refused = new TraceRow.Parsed<SpecificRecord>(row.line(), row.eventTime(), row.key(),
                JobSubmitted.newBuilder((JobSubmitted) row.value()).setJobId("j".repeat(2_000)).build());
        var time = Instant.parse("2013-08-01T00:00:00Z");
        var sample = new TraceRow.Parsed<SpecificRecord>(1, time, "vm-1", UtilizationSample.newBuilder()
                .setNodeId("vm-1").setTime(time).setMetric(Metric.CPU).setSource(UsageSource.REGULAR).setValue(0.5)
                .build());

        assertThat(GOALS.apply(refused)).isSameAs(refused);
        assertThat(GOALS.apply(sample)).isSameAs(sample);
    }
}
