package io.gleaner.planner.core.salamander.solver;

/**
 * The safety margin S(m) of Salamander §III-B1, Eq. 1 (Table I: a share in [0, 1]) for each metric: the part of a
 * node's capacity kept free to absorb forecast errors.
 */
public record SafetyMargin(double cpu, double ram) {

    /** No margin on either metric. */
    public static final SafetyMargin NONE = new SafetyMargin(0, 0);

    public SafetyMargin {
        if (!(cpu >= 0 && cpu <= 1)) {
            throw new IllegalArgumentException("cpu safety margin must be in [0, 1], was " + cpu);
        }
        if (!(ram >= 0 && ram <= 1)) {
            throw new IllegalArgumentException("ram safety margin must be in [0, 1], was " + ram);
        }
    }

    /** S(m). */
    public double of(Metric metric) {
        return metric == Metric.CPU ? cpu : ram;
    }
}
