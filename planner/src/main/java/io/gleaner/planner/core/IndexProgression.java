package io.gleaner.planner.core;

/**
 * The task indexes {@code first, first + step, first + 2·step, ...} of a group (those below its count): how
 * {@link ChunkLayout#localTasks} names the tasks whose chunk has a replica on one node, without listing them.
 *
 * @param first the smallest index, >= 0
 * @param step  the distance between consecutive indexes, >= 1
 */
record IndexProgression(int first, int step) {

    public IndexProgression {
        if (first < 0) {
            throw new IllegalArgumentException("first must be >= 0, was " + first);
        }
        if (step < 1) {
            throw new IllegalArgumentException("step must be >= 1, was " + step);
        }
    }

    /** Whether {@code index} is one of the progression's indexes. */
    public boolean contains(int index) {
        return index >= first && (index - first) % step == 0;
    }

    /**
     * The smallest index of the progression that is {@code >= from}, or {@code Integer.MAX_VALUE} when that would
     * not fit in an int.
     */
    int ceiling(int from) {
        if (from <= first) {
            return first;
        }
        long steps = ((long) from - first + step - 1) / step;
        long index = first + steps * step;
        return index > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) index;
    }
}
