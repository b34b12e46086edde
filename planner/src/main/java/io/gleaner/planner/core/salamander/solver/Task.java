package io.gleaner.planner.core.salamander.solver;

import java.util.Arrays;

/**
 * A map or reduce task i with its requirements Rq(i, m) and its estimated execution time Te(i, n) in whole steps on
 * each node n, in the order of {@link Instance#nodes()} (Salamander §III-B1, Table I). A duration is turned into
 * steps with {@link Window#stepsFor}, which rounds up.
 */
public record Task(String id, long cpu, long ram, int[] estimatedSteps) {

    public Task {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("task id must not be blank, was '" + id + "'");
        }
        if (cpu < 0 || ram < 0) {
            throw new IllegalArgumentException("requirements must be >= 0, were cpu " + cpu + ", ram " + ram
                    + " for task " + id);
        }
        estimatedSteps = estimatedSteps.clone();
        for (int te : estimatedSteps) {
            if (te < 1) {
                throw new IllegalArgumentException("estimated steps must be >= 1, was " + te + " for task " + id);
            }
        }
    }

    /** Rq(i, m). */
    long requirement(Metric metric) {
        return metric == Metric.CPU ? cpu : ram;
    }

    /** Te(i, n) for the node at {@code nodeIndex}. */
    public int estimatedSteps(int nodeIndex) {
        return estimatedSteps[nodeIndex];
    }

    @Override
    public int[] estimatedSteps() {
        return estimatedSteps.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Task t && id.equals(t.id) && cpu == t.cpu && ram == t.ram
                && Arrays.equals(estimatedSteps, t.estimatedSteps);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "Task[" + id + ", cpu " + cpu + ", ram " + ram + ", Te " + Arrays.toString(estimatedSteps) + "]";
    }
}
