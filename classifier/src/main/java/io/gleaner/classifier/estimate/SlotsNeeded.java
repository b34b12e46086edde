package io.gleaner.classifier.estimate;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Seed 003 Eq. 1, the additional slots a job phase needs now to meet its goal:
 * {@code s_req = (Σ_{i∈R} δ_i + |U| · µ) / (T_goal − T_curr) − |R|}, with {@code δ_i = µ − β_i} the remaining
 * time of a running task (seed 003 §3.3.2, assuming every task takes µ). Work is in task-milliseconds, so the
 * quotient is the number of slots that must be busy from now to the goal; subtracting the running tasks leaves
 * the slots still to give.
 *
 * <p>Edge cases the thesis leaves open (seed 003 notes §2.1), decided here:
 * <ul>
 *   <li>No completed task of the phase yet (µ unknown): {@link Status#NO_HISTORY}, the thesis's second priority
 *       class ("recently submitted jobs with no completed task").</li>
 *   <li>Goal reached or passed ({@code T_goal ≤ T_curr}): {@link Status#PAST_GOAL}, its first priority class;
 *       the division is not done.</li>
 *   <li>A running task older than µ would get a negative δ; δ is clamped at 0, since it still runs and has
 *       at least no time left, and a negative δ would let an overrunning task hide another's work.</li>
 *   <li>{@code s_req} is returned unrounded and may be negative (the job holds more slots than it needs);
 *       {@link Demand#wholeSlots()} rounds it up to a count of at least 0.</li>
 * </ul>
 * For both non-estimated statuses {@link Demand#additionalSlots()} is +∞, so that sorting by it alone already
 * puts such jobs first; {@link Demand#status()} tells the two apart.
 */
public final class SlotsNeeded {

    private SlotsNeeded() {
    }

    /** Which case of Eq. 1 applied. */
    public enum Status {
        /** Eq. 1 computed. */
        ESTIMATED,
        /** The goal has passed: the phase needs all it can get. */
        PAST_GOAL,
        /** No completed task yet, so no µ. */
        NO_HISTORY
    }

    /**
     * The outcome of Eq. 1.
     *
     * @param status          which case applied
     * @param additionalSlots s_req when estimated (fractional, may be negative); +∞ otherwise
     */
    public record Demand(Status status, double additionalSlots) {

        public Demand {
            Objects.requireNonNull(status, "status");
            if (status == Status.ESTIMATED ? !Double.isFinite(additionalSlots)
                    : additionalSlots != Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException("additionalSlots must be finite when estimated and +inf "
                        + "otherwise, was " + additionalSlots + " for " + status);
            }
        }

        /** {@code max(0, ⌈s_req⌉)}; {@link Integer#MAX_VALUE} when not estimated. */
        public int wholeSlots() {
            if (status != Status.ESTIMATED) {
                return Integer.MAX_VALUE;
            }
            return (int) Math.max(0, Math.min(Integer.MAX_VALUE, Math.ceil(additionalSlots)));
        }
    }

    /**
     * Eq. 1 for one phase of a job.
     *
     * @param meanTaskMillis       µ, the mean length of the phase's completed tasks; empty if none completed
     * @param runningElapsedMillis β_i of each running task of the phase (|R| is their number), each &gt;= 0
     * @param unstarted            |U|, tasks of the phase not started, &gt;= 0
     * @param goal                 T_goal of the phase
     * @param now                  T_curr, event time
     * @throws IllegalArgumentException if µ is not finite and &gt; 0, a β is negative, or |U| &lt; 0
     */
    public static Demand estimate(OptionalDouble meanTaskMillis, Collection<Double> runningElapsedMillis,
                                  int unstarted, Instant goal, Instant now) {
        Objects.requireNonNull(meanTaskMillis, "meanTaskMillis");
        Objects.requireNonNull(runningElapsedMillis, "runningElapsedMillis");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(now, "now");
        if (unstarted < 0) {
            throw new IllegalArgumentException("unstarted must be >= 0, was " + unstarted);
        }
        for (Double beta : runningElapsedMillis) {
            if (beta == null || !(beta >= 0) || beta.isInfinite()) {
                throw new IllegalArgumentException("elapsed times of running tasks must be finite and >= 0, was "
                        + beta);
            }
        }
        if (meanTaskMillis.isPresent()) {
            double mu = meanTaskMillis.getAsDouble();
            if (!(mu > 0) || Double.isInfinite(mu)) {
                throw new IllegalArgumentException("meanTaskMillis must be finite and > 0, was " + mu);
            }
        }
        if (!goal.isAfter(now)) {
            return new Demand(Status.PAST_GOAL, Double.POSITIVE_INFINITY);
        }
        if (meanTaskMillis.isEmpty()) {
            return new Demand(Status.NO_HISTORY, Double.POSITIVE_INFINITY);
        }
        double mu = meanTaskMillis.getAsDouble();
        double remaining = 0;
        for (double beta : runningElapsedMillis) {
            remaining += Math.max(0, mu - beta);                       // δ_i = µ − β_i, clamped at 0
        }
        double work = remaining + unstarted * mu;                      // Σ δ + |U| · µ
        double window = Duration.between(now, goal).toNanos() / 1e6;  // T_goal − T_curr
        return new Demand(Status.ESTIMATED, work / window - runningElapsedMillis.size());
    }
}
