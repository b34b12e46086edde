package io.gleaner.planner.core.salamander.solver;

import java.time.Duration;
import java.time.Instant;

/**
 * The scheduling window of Salamander §III-B1 (Table I, T): {@code steps} time steps of {@code step} each. Every
 * time in the model (start steps, estimated execution times) is a whole number of steps; step t covers
 * [t·step, (t+1)·step).
 */
public record Window(int steps, Duration step) {

    /** The paper's window: 24 hours sampled every 3 minutes, 480 steps (Table I). */
    public static final Window DAY_OF_3_MINUTE_STEPS = new Window(480, Duration.ofMinutes(3));

    public Window {
        if (steps <= 0) {
            throw new IllegalArgumentException("steps must be > 0, was " + steps);
        }
        if (step == null || step.isZero() || step.isNegative()) {
            throw new IllegalArgumentException("step must be a positive duration, was " + step);
        }
    }

    /** The instant {@code count} steps after {@code start} (in nanoseconds: {@code Duration.multipliedBy} goes through
     * {@code BigDecimal}, and plans did this for every task). */
    public Instant after(Instant start, long count) {
        return start.plusNanos(Math.multiplyExact(step.toNanos(), count));
    }

    /** The whole steps from {@code from} to {@code to}, truncated toward zero as {@link Duration#dividedBy(Duration)}. */
    public long stepsBetween(Instant from, Instant to) {
        return Duration.between(from, to).toNanos() / step.toNanos();
    }

    /** A duration in whole steps, rounded up (a task that needs part of a step holds the whole step). */
    public int stepsFor(Duration duration) {
        long nanos = duration.toNanos();
        long per = step.toNanos();
        return Math.toIntExact(Math.max(0, (nanos + per - 1) / per));
    }
}
