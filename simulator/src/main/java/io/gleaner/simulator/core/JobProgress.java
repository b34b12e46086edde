package io.gleaner.simulator.core;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.TaskKind;
import java.time.Instant;
import java.util.BitSet;
import java.util.Optional;

/** Which tasks of one job have succeeded, and when the last one did. */
final class JobProgress {

    private final Job job;
    private final BitSet maps = new BitSet();
    private final BitSet reduces = new BitSet();
    private boolean arrived;
    private Instant finish;

    JobProgress(Job job) {
        this.job = job;
    }

    Job job() {
        return job;
    }

    void arrive() {
        arrived = true;
    }

    boolean arrived() {
        return arrived;
    }

    int tasks() {
        return job.count(TaskKind.MAP) + job.count(TaskKind.REDUCE);
    }

    /**
     * Records that task {@code index} of {@code kind} succeeded at {@code time}; a second success of the same
     * task or an index outside the job is ignored.
     *
     * @return whether this success completed the job
     */
    boolean succeeded(TaskKind kind, int index, Instant time) {
        if (completed() || index < 0 || index >= job.count(kind)) {
            return false;
        }
        var done = kind == TaskKind.MAP ? maps : reduces;
        if (done.get(index)) {
            return false;
        }
        done.set(index);
        if (maps.cardinality() + reduces.cardinality() == tasks()) {
            finish = time;
            return true;
        }
        return false;
    }

    boolean completed() {
        return finish != null;
    }

    Optional<JobCompletion> completion() {
        return completed() ? Optional.of(new JobCompletion(job.jobId(), job.submitTime(), finish)) : Optional.empty();
    }
}
