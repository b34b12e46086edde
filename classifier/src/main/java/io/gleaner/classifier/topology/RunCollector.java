package io.gleaner.classifier.topology;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.Phase;
import io.gleaner.classifier.estimate.ProfileBuilder;
import io.gleaner.classifier.estimate.TaskRun;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Optional;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.TimestampedKeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collects the successful tasks of each running job and, when every task of the job has succeeded, builds the
 * run's profile ({@link ProfileBuilder#fromRun}) and forwards it keyed by job name. Runs in the task of the job's
 * partition (keyed by job id), so all of one job's reports meet here.
 * <ul>
 *   <li>Dedupe: a task is {@code (phase, taskIndex)}; its first success is kept and any later success of it (a
 *       redelivered report, a second attempt that also succeeded) is ignored, logged at debug. After the run was
 *       profiled, the job keeps a small {@link ProfilingProgress} entry marked profiled, so a late success is ignored
 *       too and never starts a second run of the same job id.</li>
 *   <li>A task index outside the job's tasks of that kind is a dead letter naming the index and the count.</li>
 *   <li>On completion the job's entries leave {@link ClassifierStores#RUNS}.</li>
 *   <li>Expiry ({@link ProgressRetention}), so that the stores hold recent jobs only: every entry records the stream
 *       time of its last new success; a purge punctuated on stream time (never the wall clock) deletes a profiled
 *       marker once its age reaches the profiled retention, and an unfinished run (its progress entry and its task
 *       samples) once it has had no new success for the unfinished retention, so a run still progressing is never
 *       dropped. An entry written before entries had a time (format 1) is stamped with the time of the first purge
 *       that sees it, so it lives one retention after the upgrade, like an entry written then.</li>
 *   <li>The same purge bounds {@link ClassifierStores#JOBS}: a job's entry stays while the job has a progress entry and
 *       is deleted with it (unless the job was submitted again after that entry's last change: then it stays as a
 *       job that has not reported yet); a job with no progress entry is deleted once its submission is the
 *       unfinished retention old ({@link JobStamper} stamps when it was stored; format 1 entries are stamped as
 *       above). A report of a deleted job finds no job at the join and is a dead letter, as a report of a job never
 *       submitted is; a success after its marker expired therefore never starts a second run of a job id unless
 *       the job is submitted again.</li>
 * </ul>
 */
final class RunCollector implements Processor<String, JobReport, String, Routed<JobProfile>> {

    private static final Logger log = LoggerFactory.getLogger(RunCollector.class);

    private final ProgressRetention retention;
    private ProcessorContext<String, Routed<JobProfile>> context;
    private KeyValueStore<String, TaskSample> runs;
    private KeyValueStore<String, ProfilingProgress> progress;
    private TimestampedKeyValueStore<String, JobEntry> jobs;

    RunCollector(ProgressRetention retention) {
        this.retention = retention;
    }

    @Override
    public void init(ProcessorContext<String, Routed<JobProfile>> context) {
        this.context = context;
        this.runs = context.getStateStore(ClassifierStores.RUNS);
        this.progress = context.getStateStore(ClassifierStores.PROGRESS);
        // The jobs table's own store: the stream-table join puts it in this task (the one of the job id's
        // partition). Deleting from under the table is safe: nothing reads the table's changes (the join only looks
        // entries up), and its changelog records the tombstones, so a restore does not bring them back.
        this.jobs = context.getStateStore(ClassifierStores.JOBS);
        context.schedule(retention.purgeInterval(), PunctuationType.STREAM_TIME, this::purge);
    }

    @Override
    public void process(Record<String, JobReport> record) {
        var report = record.value().report();
        var job = record.value().job();
        int count = report.phase() == Phase.MAP ? job.maps() : job.reduces();
        if (report.taskIndex() >= count) {
            var deadLetter = report.origin().deadLetter("task index " + report.taskIndex() + " of " + report.task()
                    + " is outside the job's " + count + " " + report.phase() + " tasks");
            context.forward(new Record<>(record.key(), Routed.dead(deadLetter), record.timestamp()));
            return;
        }
        var jobId = report.jobId();
        var state = progress.get(jobId);
        if (state == null) {
            state = ProfilingProgress.NONE;
        }
        var key = RunKeys.key(jobId, report.phase(), report.taskIndex());
        if (state.profiled() || runs.get(key) != null) {
            log.debug("ignoring a second success of {}: the first one counts", report.task());
            return;
        }
        runs.put(key, new TaskSample(report.nodeType(), report.startMs(), report.endMs(), report.inputBytes()));
        long succeeded = state.succeeded() + 1;
        // Stream time, not the report's own time: every success counted so far is no later than it, and a run's
        // age then grows only as the task's event time moves on.
        long now = context.currentStreamTimeMs();
        if (succeeded < job.tasks()) {
            progress.put(jobId, new ProfilingProgress(succeeded, false, now));
            return;
        }
        var profile = ProfileBuilder.fromRun(takeRun(jobId, job.jobName()));
        progress.put(jobId, new ProfilingProgress(succeeded, true, now));
        log.debug("job {} ({}) finished its {} tasks: profiled", jobId, job.jobName(), succeeded);
        context.forward(new Record<>(job.jobName(), Routed.of(profile), record.timestamp()));
    }

    /**
     * Deletes the entries that expired at stream time {@code now} (an unfinished run with its task samples, and the
     * jobs that go with them or on their own) and stamps entries without a time (format 1) with {@code now}. Changes
     * are collected first and made after each scan, so an iterator never sees its own store change.
     */
    private void purge(long now) {
        var expired = new ArrayList<String>();
        var stamped = new ArrayList<String>();
        try (var it = progress.all()) {
            while (it.hasNext()) {
                var entry = it.next();
                if (!entry.value.timeKnown()) {
                    stamped.add(entry.key);
                } else if (retention.expired(entry.value, now)) {
                    expired.add(entry.key);
                }
            }
        }
        for (var jobId : stamped) {
            progress.put(jobId, progress.get(jobId).at(now));
        }
        int unfinished = 0;
        int jobsWithProgress = 0;
        for (var jobId : expired) {
            var entry = progress.get(jobId);
            if (!entry.profiled()) {
                unfinished++;
                dropRun(jobId);
                log.debug("job {}: no new task success since {} ({} of its tasks succeeded); run dropped, no profile",
                        jobId, Instant.ofEpochMilli(entry.atMs()), entry.succeeded());
            }
            progress.delete(jobId);
            var job = jobs.get(jobId);
            // Stream time only grows within the task, so a job entry newer than the progress entry's last change
            // is a later submission of the same id: it is left to the purge of jobs without progress below.
            if (job != null && job.value().atMs() <= entry.atMs()) {
                jobs.delete(jobId);
                jobsWithProgress++;
            }
        }
        if (!expired.isEmpty() || !stamped.isEmpty()) {
            log.debug("purge at {}: {} profiled markers and {} unfinished runs expired ({} job entries with them), "
                            + "{} old entries stamped", Instant.ofEpochMilli(now), expired.size() - unfinished,
                    unfinished, jobsWithProgress, stamped.size());
        }
        purgeJobs(now);
    }

    /**
     * Deletes the entries of jobs that have no progress entry and were submitted the unfinished retention before
     * {@code now}, and stamps job entries without a time (format 1) with {@code now}. Runs after the progress purge,
     * so it sees which progress entries are left. A full scan of the store each purge interval: the store holds the
     * jobs of about one unfinished retention, so at most about the jobs submitted in that time.
     */
    private void purgeJobs(long now) {
        var expired = new ArrayList<String>();
        var stamped = new ArrayList<String>();
        try (var it = jobs.all()) {
            while (it.hasNext()) {
                var entry = it.next();
                var job = entry.value.value();
                if (!job.timeKnown()) {
                    stamped.add(entry.key);
                } else if (retention.expired(job, now) && progress.get(entry.key) == null) {
                    expired.add(entry.key);
                }
            }
        }
        for (var jobId : stamped) {
            var stored = jobs.get(jobId);
            jobs.put(jobId, ValueAndTimestamp.make(stored.value().at(now), stored.timestamp()));
        }
        for (var jobId : expired) {
            log.debug("job {}: submitted at stream time {} and no task success since; entry dropped", jobId,
                    Instant.ofEpochMilli(jobs.get(jobId).value().atMs()));
            jobs.delete(jobId);
        }
        if (!expired.isEmpty() || !stamped.isEmpty()) {
            log.debug("purge at {}: {} job entries without a task success expired, {} old job entries stamped",
                    Instant.ofEpochMilli(now), expired.size(), stamped.size());
        }
    }

    /** Removes the job's successful tasks from the store. */
    private void dropRun(String jobId) {
        var keys = new ArrayList<String>();
        try (var it = runs.prefixScan(RunKeys.prefix(jobId), new StringSerializer())) {
            it.forEachRemaining(entry -> keys.add(entry.key));
        }
        keys.forEach(runs::delete);
    }

    /** The job's successful tasks as task runs, removed from the store. */
    private ArrayList<TaskRun> takeRun(String jobId, String jobName) {
        var tasks = new ArrayList<TaskRun>();
        var keys = new ArrayList<String>();
        try (var it = runs.prefixScan(RunKeys.prefix(jobId), new StringSerializer())) {
            while (it.hasNext()) {
                var entry = it.next();
                var t = entry.value;
                keys.add(entry.key);
                tasks.add(new TaskRun(jobId, jobName, RunKeys.phase(jobId, entry.key), t.nodeType(),
                        Instant.ofEpochMilli(t.startMs()), Instant.ofEpochMilli(t.endMs()), t.inputBytes(),
                        Optional.empty()));
            }
        }
        keys.forEach(runs::delete);
        return tasks;
    }
}
