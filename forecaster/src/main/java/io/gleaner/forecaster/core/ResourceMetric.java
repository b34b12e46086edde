package io.gleaner.forecaster.core;

import java.util.Locale;

/**
 * Which resource a series measures: the metrics a node reports, as the cores know them (the {@code Metric} of the
 * topics is mapped to it in the adapters). For a learner, CPU use has daily structure and bursts, memory use is
 * near-incompressible and moves in level shifts; disk and network take a router's fallback, as {@link #UNKNOWN}
 * (when the caller does not say) does.
 */
public enum ResourceMetric {
    CPU,
    MEMORY,
    DISK,
    NETWORK,
    UNKNOWN;

    /**
     * The metric of a name such as {@code cpu} or {@code MEMORY} (case-insensitive); {@link #UNKNOWN} for any other
     * name.
     */
    public static ResourceMetric of(String name) {
        return switch (name.toUpperCase(Locale.ROOT)) {
            case "CPU" -> CPU;
            case "MEMORY" -> MEMORY;
            case "DISK" -> DISK;
            case "NETWORK" -> NETWORK;
            default -> UNKNOWN;
        };
    }
}
