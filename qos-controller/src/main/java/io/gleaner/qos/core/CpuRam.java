package io.gleaner.qos.core;

/**
 * An amount of CPU and RAM: a node's capacity, or what the owners' workload or Gleaner's tasks use on it.
 *
 * @param cpus     cores (fractional cores allowed), finite and >= 0
 * @param ramBytes bytes, >= 0
 */
public record CpuRam(double cpus, long ramBytes) {

    /** Nothing. */
    public static final CpuRam NONE = new CpuRam(0, 0);

    public CpuRam {
        if (!Double.isFinite(cpus) || cpus < 0) {
            throw new IllegalArgumentException("cpus must be finite and >= 0, was " + cpus);
        }
        if (ramBytes < 0) {
            throw new IllegalArgumentException("ramBytes must be >= 0, was " + ramBytes);
        }
    }
}
