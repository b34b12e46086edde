package io.gleaner.classifier.topology;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.Phase;
import io.gleaner.classifier.estimate.ProfileBuilder;
import io.gleaner.classifier.estimate.TaskRun;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Optional;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collects the successful tasks of each running job and, when every task of the job has succeeded, builds the
 * run's profile ({@link ProfileBuilder#fromRun}) and forwards it keyed by job name. Runs in the task of the job's
 * partition (keyed by job id), so all of one job's reports meet here.
 * <ul>
 *   <li>Dedupe: a task is {@code (phase, taskIndex)}; its first success is kept and any later success of it (a
 *       redelivered report, a second attempt that also succeeded) is ignored, logged at debug. After the run was
 *       profiled, the job keeps a small {@link JobProgress} entry marked profiled, so a late success is ignored
 *       too and never starts a second run of the same job id.</li>
 *   <li>A task index outside the job's tasks of that kind is a dead letter naming the index and the count.</li>
 *   <li>On completion the job's entries leave {@link StoreNames#RUNS}.</li>
 * </ul>
 */
final class RunCollector implements Processor<String, JobReport, String, Routed<JobProfile>> {

    private static final Logger log = LoggerFactory.getLogger(RunCollector.class);

    private ProcessorContext<String, Routed<JobProfile>> context;
    private KeyValueStore<String, TaskSample> runs;
    private KeyValueStore<String, JobProgress> progress;

    @Override
    public void init(ProcessorContext<String, Routed<JobProfile>> context) {
        this.context = context;
        this.runs = context.getStateStore(StoreNames.RUNS);
        this.progress = context.getStateStore(StoreNames.PROGRESS);
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
            state = JobProgress.NONE;
        }
        var key = RunKeys.key(jobId, report.phase(), report.taskIndex());
        if (state.profiled() || runs.get(key) != null) {
            log.debug("ignoring a second success of {}: the first one counts", report.task());
            return;
        }
        runs.put(key, new TaskSample(report.nodeType(), report.startMs(), report.endMs(), report.inputBytes()));
        long succeeded = state.succeeded() + 1;
        if (succeeded < job.tasks()) {
            progress.put(jobId, new JobProgress(succeeded, false));
            return;
        }
        var profile = ProfileBuilder.fromRun(takeRun(jobId, job.jobName()));
        progress.put(jobId, new JobProgress(succeeded, true));
        log.debug("job {} ({}) finished its {} tasks: profiled", jobId, job.jobName(), succeeded);
        context.forward(new Record<>(job.jobName(), Routed.of(profile), record.timestamp()));
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
