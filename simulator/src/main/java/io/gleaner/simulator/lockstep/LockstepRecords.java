package io.gleaner.simulator.lockstep;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.simulator.core.AttemptReport;
import io.gleaner.simulator.core.Utilization;

/**
 * The simulator's own records to the Avro records it publishes: what only an executor reports (a task report's
 * start time, locality and usage; utilization samples). The planner's events (jobs, heartbeats, the planner's part
 * of a task report, placements) map through the planner's {@link EventMapping}, which this class calls; {@link #job}
 * is that mapping for trusted records.
 */
public final class LockstepRecords {

    private LockstepRecords() {
    }

    /**
     * The job of a trusted {@code jobs.submitted} record, e.g. one the SWIM reader made: the planner's
     * {@link EventMapping#job}, for callers that treat an invalid job as a bug (the deploy demo reads its trace so).
     *
     * @throws IllegalArgumentException with the core's message when the record is not a valid job
     */
    public static Job job(JobSubmitted job) {
        return EventMapping.job(job).orElseThrow(IllegalArgumentException::new);
    }

    /** A task report as the {@code tasks.reports} topic carries it. */
    public static TaskReport taskReport(AttemptReport report) {
        return TaskReport.newBuilder(EventMapping.taskReport(report.outcome()))
                .setStartTime(report.startTime().orElse(null))
                .setLocal(report.local())
                .setInputBytes(report.inputBytes())
                .setCpuSeconds(report.cpuSeconds())
                .setMemoryBytes(report.memoryBytes())
                .setReason(report.reason().orElse(null))
                .build();
    }

    /** A utilization sample as the {@code nodes.utilization} topic carries it. */
    public static UtilizationSample utilizationSample(Utilization utilization) {
        return UtilizationSample.newBuilder()
                .setNodeId(utilization.nodeId())
                .setTime(utilization.time())
                .setMetric(Metric.valueOf(utilization.metric().name()))
                .setSource(UsageSource.valueOf(utilization.source().name()))
                .setValue(utilization.value())
                .build();
    }
}
