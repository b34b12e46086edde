package io.gleaner.forecaster.core;

import java.util.Locale;

/**
 * Which resource a series measures, as far as a learner needs to know: CPU use has daily structure and bursts,
 * memory use is near-incompressible and moves in level shifts. {@link #UNKNOWN} when the caller does not say.
 */
public enum ResourceMetric {
    CPU,
    MEMORY,
    UNKNOWN;

    /**
     * The metric of a name such as {@code cpu} or {@code MEMORY} (case-insensitive); {@link #UNKNOWN} for any other
     * name.
     */
    public static ResourceMetric of(String name) {
        return switch (name.toUpperCase(Locale.ROOT)) {
            case "CPU" -> CPU;
            case "MEMORY" -> MEMORY;
            default -> UNKNOWN;
        };
    }
}
