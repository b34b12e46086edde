package io.gleaner.agent.core;

/**
 * The share of each period the attempts' processes may run when the agent cannot write a cgroup: the fallback for
 * a CPU limit (docs/agent.md "CPU limits"), applied by stopping (SIGSTOP) and continuing (SIGCONT) their process
 * trees. It is fed back from what they were measured to use: at share s they used {@code measured} cores, so
 * unthrottled they would use {@code measured / s}, and the share that gives {@code limit} is
 * {@code limit / (measured / s)}.
 *
 * @param share in [{@link #MIN_SHARE}, 1]; 1 runs them freely
 */
public record DutyCycle(double share) {

    /** The least share: 1 ms of a 100 ms period, the smallest quota cgroup v2's {@code cpu.max} accepts. */
    public static final double MIN_SHARE = 0.01;

    /** No limit. */
    public static final DutyCycle FULL = new DutyCycle(1);

    public DutyCycle {
        if (!(share >= MIN_SHARE && share <= 1)) {
            throw new IllegalArgumentException("share must be in [" + MIN_SHARE + ", 1], was " + share);
        }
    }

    /**
     * The next share, under {@code limitCores} (infinite: none) for attempts measured at {@code measuredCores} while
     * this share was in force. Attempts measured idle get the whole period back, so a limit never starves a task
     * that has just started.
     */
    public DutyCycle next(double limitCores, double measuredCores) {
        if (!Double.isFinite(limitCores) || measuredCores < 1e-3) {
            return Double.isFinite(limitCores) && limitCores < MIN_SHARE ? new DutyCycle(MIN_SHARE) : FULL;
        }
        double unthrottled = measuredCores / share;
        return new DutyCycle(Math.max(MIN_SHARE, Math.min(1, limitCores / unthrottled)));
    }
}
