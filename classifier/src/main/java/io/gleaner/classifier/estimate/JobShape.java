package io.gleaner.classifier.estimate;

/**
 * How big a job is: its task counts and the bytes each phase reads in total (a {@code JobSubmitted}'s task
 * groups: count, and bytesPerTask × (count − 1) + lastTaskBytes).
 *
 * @param mapTasks         map tasks, &gt;= 0
 * @param mapInputBytes    bytes all maps read, &gt;= 0
 * @param reduceTasks      reduce tasks, &gt;= 0
 * @param reduceInputBytes bytes all reduces read (the shuffle), &gt;= 0
 */
public record JobShape(int mapTasks, long mapInputBytes, int reduceTasks, long reduceInputBytes) {

    public JobShape {
        if (mapTasks < 0 || reduceTasks < 0 || mapInputBytes < 0 || reduceInputBytes < 0) {
            throw new IllegalArgumentException("task counts and bytes must be >= 0, were " + mapTasks + " maps of "
                    + mapInputBytes + " bytes and " + reduceTasks + " reduces of " + reduceInputBytes + " bytes");
        }
        if (mapTasks + reduceTasks == 0) {
            throw new IllegalArgumentException("a job needs at least one task, had none");
        }
    }

    /** Tasks of a phase. */
    public int tasks(Phase phase) {
        return phase == Phase.MAP ? mapTasks : reduceTasks;
    }

    /** Mean bytes one task of a phase reads; 0 without tasks. */
    public double bytesPerTask(Phase phase) {
        int n = tasks(phase);
        return n == 0 ? 0 : (phase == Phase.MAP ? mapInputBytes : reduceInputBytes) / (double) n;
    }
}
