package io.gleaner.simulator.suite;

import io.gleaner.planner.core.Job;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A workload at another load: every job's time after the first submission divided by the factor, so x2 is twice the
 * arrival rate of the same jobs (issue 26; SWIM's way of scaling a workload to a cluster, Chen et al., MASCOTS 2011,
 * §5). Times are cut to the millisecond, event time's resolution.
 */
public final class LoadFactor {

    private LoadFactor() {
    }

    /** {@code jobs} with their submissions after the earliest one brought {@code factor} times closer to it. */
    public static List<Job> scale(List<Job> jobs, double factor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("a load factor must be > 0 and finite, was " + factor);
        }
        if (factor == 1 || jobs.isEmpty()) {
            return List.copyOf(jobs);
        }
        var first = jobs.stream().map(Job::submitTime).min(Instant::compareTo).orElseThrow();
        return jobs.stream().map(job -> {
            long after = Duration.between(first, job.submitTime()).toMillis();
            var submit = first.plusMillis((long) Math.floor(after / factor));
            return new Job(job.jobId(), job.jobName(), job.user(), job.queue(), job.priority(), submit,
                    job.deadline(), job.inputBytes(), job.shuffleBytes(), job.outputBytes(), job.taskGroups());
        }).toList();
    }
}
