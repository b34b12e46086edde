package io.gleaner.simulator.core;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.TaskKind;
import java.time.Instant;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Which tasks of one job have succeeded, where its maps ran, and when its last task succeeded. */
final class JobSuccesses {

    private final Job job;
    private final BitSet maps = new BitSet();
    private final BitSet reduces = new BitSet();
    private final Map<String, Integer> mapsByNode = new HashMap<>();
    private boolean arrived;
    private Instant finish;

    JobSuccesses(Job job) {
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
     * Records that task {@code index} of {@code kind} succeeded on {@code nodeId} at {@code time}; a second success
     * of the same task or an index outside the job is ignored.
     *
     * @return whether this success completed the job
     */
    boolean succeeded(TaskKind kind, int index, String nodeId, Instant time) {
        if (completed() || index < 0 || index >= job.count(kind)) {
            return false;
        }
        var done = kind == TaskKind.MAP ? maps : reduces;
        if (done.get(index)) {
            return false;
        }
        done.set(index);
        if (kind == TaskKind.MAP) {
            mapsByNode.merge(nodeId, 1, Integer::sum);
        }
        if (maps.cardinality() + reduces.cardinality() == tasks()) {
            finish = time;
            return true;
        }
        return false;
    }

    /**
     * Bytes of a reduce's {@code inputBytes} that must come over the network to {@code nodeId}: map outputs are
     * spread evenly over the reduces, so the share made by maps that succeeded on other nodes.
     */
    long remoteShuffleBytes(long inputBytes, String nodeId) {
        int maps = job.count(TaskKind.MAP);
        if (maps == 0) {
            return 0;
        }
        int here = mapsByNode.getOrDefault(nodeId, 0);
        return Math.round(inputBytes * (double) (maps - here) / maps);
    }

    boolean completed() {
        return finish != null;
    }

    Optional<JobCompletion> completion() {
        return completed() ? Optional.of(new JobCompletion(job.jobId(), job.submitTime(), finish)) : Optional.empty();
    }
}
