package io.gleaner.simulator.suite;

import io.gleaner.ingest.google.GoogleTraceRule;
import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.TaskKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a job of the Google 2011 trace becomes a Gleaner {@link Job}: the rule, and why, is written out in
 * docs/simulator.md#google-2011-jobs. In short: a job is kept when it was submitted after the trace began and every
 * one of its tasks ran to a FINISH; its tasks become maps, one 128 MiB chunk each (the HDFS default of Salamander
 * §II-B), holding the SWIM map's 1 core and 3 GiB (Salamander §IV-A); the work per byte is set so that a task runs,
 * on one core of the trace's reference speed, for the mean of the job's task run times (FINISH less the latest
 * SCHEDULE before it).
 */
final class GoogleJobs {

    /** Put before the trace's job ID to make the job id. */
    static final String JOB_ID_PREFIX = "google/";
    /** Bytes each task reads: one chunk of the SWIM rule. */
    static final long CHUNK_BYTES = SwimJobRule.DEFAULT_CHUNK_BYTES;
    /** Speed of the core a trace task's run time is taken on, FLOP/s: the ingest's Google rule's. */
    static final double REFERENCE_FLOPS = GoogleTraceRule.DEFAULT_SPEED_GFLOPS * 1e9;
    /** What each task holds: the SWIM map's core and RAM, as the presets are sized for them. */
    static final CpuMemory TASK_DEMAND = new CpuMemory(SwimJobRule.DEFAULT_MAP_CPUS,
            SwimJobRule.DEFAULT_MAP_MEMORY_BYTES);
    /** Queue of every job: the trace has none. */
    static final String QUEUE = "default";
    /** User of a job whose SUBMIT names none. */
    static final String DEFAULT_USER = "default";

    private GoogleJobs() {
    }

    /**
     * The jobs of {@code records} that the rule keeps, by submit time (then job ID).
     *
     * @param records    task events in the trace's order (time order)
     * @param traceStart the instant of trace time 0: jobs with a SUBMIT at it were there before the trace began
     */
    static List<Job> of(List<GoogleTaskRecord> records, Instant traceStart) {
        var byJob = new LinkedHashMap<Long, Map<Integer, List<GoogleTaskRecord>>>();
        for (var record : records) {
            byJob.computeIfAbsent(record.jobId(), id -> new LinkedHashMap<>())
                    .computeIfAbsent(record.taskIndex(), index -> new ArrayList<>()).add(record);
        }
        var jobs = new ArrayList<Job>();
        byJob.forEach((id, tasks) -> job(id, tasks, traceStart).ifPresent(jobs::add));
        jobs.sort(Comparator.comparing(Job::submitTime).thenComparing(Job::jobId));
        return List.copyOf(jobs);
    }

    private static Optional<Job> job(long id, Map<Integer, List<GoogleTaskRecord>> tasks, Instant traceStart) {
        Instant submit = null;
        String user = DEFAULT_USER;
        double runSeconds = 0;
        for (var events : tasks.values()) {
            var first = events.get(0);
            if (first.step() != GoogleTaskRecord.Step.SUBMIT || !first.time().isAfter(traceStart)) {
                return Optional.empty();
            }
            var run = runTime(events);
            if (run.isEmpty()) {
                return Optional.empty();
            }
            runSeconds += run.get().toNanos() / 1e9;
            if (submit == null || first.time().isBefore(submit)) {
                submit = first.time();
                user = first.user().isBlank() ? DEFAULT_USER : first.user();
            }
        }
        int count = tasks.size();
        double flopPerByte = runSeconds / count * REFERENCE_FLOPS / CHUNK_BYTES;
        var jobId = JOB_ID_PREFIX + id;
        var maps = new PhaseTasks(TaskKind.MAP, count, CHUNK_BYTES, CHUNK_BYTES, flopPerByte, TASK_DEMAND,
                Optional.of(jobId + SwimJobRule.DATASET_SUFFIX), 0, Optional.empty());
        return Optional.of(new Job(jobId, Long.toString(id), user, QUEUE, 0, submit, Optional.empty(),
                count * CHUNK_BYTES, 0, 0, List.of(maps)));
    }

    /** FINISH less the latest SCHEDULE before it, when the task's last event is a FINISH. */
    private static Optional<Duration> runTime(List<GoogleTaskRecord> events) {
        var last = events.get(events.size() - 1);
        if (last.step() != GoogleTaskRecord.Step.FINISH) {
            return Optional.empty();
        }
        for (int i = events.size() - 2; i >= 0; i--) {
            if (events.get(i).step() == GoogleTaskRecord.Step.SCHEDULE) {
                return Optional.of(Duration.between(events.get(i).time(), last.time()));
            }
        }
        return Optional.empty();
    }
}
