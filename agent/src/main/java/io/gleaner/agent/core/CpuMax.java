package io.gleaner.agent.core;

import java.util.Locale;

/**
 * The line cgroup v2's {@code cpu.max} takes for a CPU limit on Gleaner's attempts together
 * (docs/executor-protocol.md §9): {@code "$QUOTA $PERIOD"} in microseconds, {@code "max $PERIOD"} for none.
 */
public final class CpuMax {

    /** The kernel's default period, 100 ms. */
    public static final long PERIOD_MICROS = 100_000;
    /** The smallest quota the kernel accepts, 1 ms. */
    public static final long MIN_QUOTA_MICROS = 1_000;

    private CpuMax() {
    }

    /** The {@code cpu.max} line for {@code limitCores} (infinite or NaN: no limit). */
    public static String line(double limitCores) {
        if (!Double.isFinite(limitCores)) {
            return "max " + PERIOD_MICROS;
        }
        long quota = Math.max(MIN_QUOTA_MICROS, Math.round(limitCores * PERIOD_MICROS));
        return String.format(Locale.ROOT, "%d %d", quota, PERIOD_MICROS);
    }
}
