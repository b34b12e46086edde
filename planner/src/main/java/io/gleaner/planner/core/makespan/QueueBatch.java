package io.gleaner.planner.core.makespan;

import io.gleaner.classifier.estimate.Phase;
import io.gleaner.classifier.estimate.WorkRates;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.TaskKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A batch's jobs as the flow shop sees them when the order is computed: each job with the tasks it has not yet
 * finished (the 2015 thesis's batch is one set of jobs none of which has started; a batch re-planned when a node
 * joins or is lost has started: docs/policies/makespan.md).
 */
final class QueueBatch {

    private QueueBatch() {
    }

    /**
     * A {@link BatchJob} per job of {@code queue} with a task left: task lengths from the job name's profile when it
     * has every phase the job has left, otherwise from the job's bytes and work per byte through {@link WorkRates}
     * on a core of {@code speedGflops} (the cluster's mean).
     */
    static List<BatchJob> of(List<JobProgress> queue, JobHistory history, double speedGflops) {
        var batch = new ArrayList<BatchJob>();
        for (var progress : queue) {
            int maps = progress.maps().count() - progress.maps().succeeded().size();
            int reduces = progress.reduces().count() - progress.reduces().succeeded().size();
            if (maps + reduces == 0) {
                continue;
            }
            var job = progress.job();
            var profile = history.profile(job.jobName())
                    .filter(p -> (maps == 0 || p.hasMaps()) && (reduces == 0 || p.hasReduces()));
            batch.add(profile.isPresent()
                    ? new BatchJob(job.jobId(), maps, reduces, profile.get())
                    : modelled(job, maps, reduces, speedGflops));
        }
        return batch;
    }

    private static BatchJob modelled(Job job, int maps, int reduces, double speedGflops) {
        var mapGroup = job.group(TaskKind.MAP);
        var reduceGroup = job.group(TaskKind.REDUCE);
        var any = mapGroup.or(() -> reduceGroup).orElseThrow();
        var rates = new WorkRates(
                mapGroup.map(PhaseTasks::flopPerByte).filter(f -> f > 0).orElse(WorkRates.DEFAULTS.mapFlopPerByte()),
                reduceGroup.map(PhaseTasks::flopPerByte).filter(f -> f > 0)
                        .orElse(WorkRates.DEFAULTS.reduceFlopPerByte()),
                any.demand().cpus() > 0 ? any.demand().cpus() : WorkRates.DEFAULTS.cpusPerTask(),
                WorkRates.DEFAULTS.shuffleBitsPerSecond());
        return BatchJob.ofTaskLengths(job.jobId(), maps, taskMillis(rates, Phase.MAP, mapGroup, speedGflops),
                reduces, taskMillis(rates, Phase.REDUCE, reduceGroup, speedGflops));
    }

    private static double taskMillis(WorkRates rates, Phase phase, Optional<PhaseTasks> group, double speedGflops) {
        return group.map(g -> rates.taskMillis(phase, meanBytes(g), speedGflops)).orElse(0.0);
    }

    private static double meanBytes(PhaseTasks group) {
        return ((double) group.bytesPerTask() * (group.count() - 1) + group.lastTaskBytes()) / group.count();
    }
}
