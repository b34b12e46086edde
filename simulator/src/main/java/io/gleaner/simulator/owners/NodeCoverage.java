package io.gleaner.simulator.owners;

/**
 * How much of one node's owner load the trace covers: grid points where none of the node's VMs had a value of a
 * resource (every one absent, see {@link OwnerTraces}) and what was put there instead.
 *
 * @param steps                 grid points of the node's series
 * @param cpuHeldSteps          grid points whose CPU fraction is the node's previous one, held over a gap
 * @param cpuBackfilledSteps    grid points before the node's first CPU value, given that first value
 * @param memoryHeldSteps       as {@code cpuHeldSteps}, for memory
 * @param memoryBackfilledSteps as {@code cpuBackfilledSteps}, for memory
 */
public record NodeCoverage(int steps, int cpuHeldSteps, int cpuBackfilledSteps, int memoryHeldSteps,
                           int memoryBackfilledSteps) {

    public NodeCoverage {
        if (steps < 1 || cpuHeldSteps < 0 || cpuBackfilledSteps < 0 || memoryHeldSteps < 0
                || memoryBackfilledSteps < 0 || cpuHeldSteps + cpuBackfilledSteps > steps
                || memoryHeldSteps + memoryBackfilledSteps > steps) {
            throw new IllegalArgumentException("coverage counts must be >= 0 and fit in " + steps + " steps, were cpu "
                    + cpuHeldSteps + " held, " + cpuBackfilledSteps + " back-filled, memory " + memoryHeldSteps
                    + " held, " + memoryBackfilledSteps + " back-filled");
        }
    }

    /** Grid points filled in rather than measured, CPU and memory together. */
    public int filledSteps() {
        return cpuHeldSteps + cpuBackfilledSteps + memoryHeldSteps + memoryBackfilledSteps;
    }
}
