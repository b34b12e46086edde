package io.gleaner.planner.core;

/**
 * An amount of CPU and RAM: what a task holds while it runs, or what a node has.
 *
 * <p>CPU is fractional, so sums and differences of cpus carry rounding error; {@link #fits} and
 * {@link #minus} allow {@value #CPU_TOLERANCE} cores of it, so that ten tasks of 0.1 cores fit in 1 core.
 */
public record CpuMemory(double cpus, long memoryBytes) {

    /** Rounding error in cores that {@link #fits} and {@link #minus} ignore. */
    public static final double CPU_TOLERANCE = 1e-9;

    /** No CPU, no RAM. */
    public static final CpuMemory NONE = new CpuMemory(0, 0);

    public CpuMemory {
        if (!Double.isFinite(cpus) || cpus < 0) {
            throw new IllegalArgumentException("cpus must be finite and >= 0, was " + cpus);
        }
        if (memoryBytes < 0) {
            throw new IllegalArgumentException("memoryBytes must be >= 0, was " + memoryBytes);
        }
    }

    /** Whether {@code demand} fits in this amount, in every dimension. */
    public boolean fits(CpuMemory demand) {
        return demand.cpus <= cpus + CPU_TOLERANCE && demand.memoryBytes <= memoryBytes;
    }

    /** This amount less {@code demand}; {@code demand} must fit (see {@link #fits}). */
    public CpuMemory minus(CpuMemory demand) {
        if (!fits(demand)) {
            throw new IllegalArgumentException("cannot take " + demand + " from " + this);
        }
        return new CpuMemory(Math.max(0, cpus - demand.cpus), memoryBytes - demand.memoryBytes);
    }

    /** The sum of this amount and {@code other}. */
    public CpuMemory plus(CpuMemory other) {
        return new CpuMemory(cpus + other.cpus, Math.addExact(memoryBytes, other.memoryBytes));
    }
}
