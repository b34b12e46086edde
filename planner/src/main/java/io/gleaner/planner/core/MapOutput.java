package io.gleaner.planner.core;

/** One succeeded map attempt whose output a node holds: decision id {@code jobId/m/taskIndex/attempt}. */
public record MapOutput(int taskIndex, int attempt) {

    public MapOutput {
        if (taskIndex < 0 || attempt < 0) {
            throw new IllegalArgumentException("taskIndex and attempt must be >= 0, were " + taskIndex + " and "
                    + attempt);
        }
    }
}
