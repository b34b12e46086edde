package io.gleaner.planner.core.salamander.solver;

/**
 * The two lexicographically ordered objectives of Salamander §III-B1: first the number of scheduled tasks
 * Σ p(i) (Eq. 2, maximised), then the makespan max(ts(i) + Te(i, n(i))) over scheduled tasks (Eq. 3, minimised;
 * 0 when nothing is scheduled). {@link #compareTo} orders better objectives higher.
 */
public record Objective(int scheduledTasks, int makespan) implements Comparable<Objective> {

    public Objective {
        if (scheduledTasks < 0 || makespan < 0) {
            throw new IllegalArgumentException("objective values must be >= 0, were " + scheduledTasks + " tasks, "
                    + "makespan " + makespan);
        }
    }

    @Override
    public int compareTo(Objective other) {
        if (scheduledTasks != other.scheduledTasks) {
            return Integer.compare(scheduledTasks, other.scheduledTasks);
        }
        return Integer.compare(other.makespan, makespan);
    }

    /** Strictly better: more tasks, or as many in a shorter makespan. */
    boolean isBetterThan(Objective other) {
        return compareTo(other) > 0;
    }
}
