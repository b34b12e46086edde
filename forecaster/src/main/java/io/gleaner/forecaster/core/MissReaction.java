package io.gleaner.forecaster.core;

import java.time.Duration;
import java.util.Arrays;

/**
 * How a series' forecast reacts to its misses, Gleaner's rule (measured on Bitbrains,
 * docs/results/2026-11-27-forecaster-accuracy.md#reacting-to-misses---react-to-misses; not from the papers: it keeps
 * the violations of the forecast U that enters Salamander's A = C·(1 − (U + S)), §II-C Eq. 1, within what the level q
 * allows).
 *
 * <ul>
 *   <li>A <em>miss</em> is a step whose use is above the forecast in force. The series is refit at once, from a history
 *       that holds that step, instead of at the next scheduled refit.</li>
 *   <li>Each forecast is the learner's plus {@code escalation} for every miss of the last day ({@link #apply}), so a
 *       host that keeps breaking out gets more room each time.</li>
 *   <li>Once the misses of the last day reach the {@link #budget} ⌊(1 − q) · steps per day⌋ (at least 1), the forecast
 *       is the whole capacity until the oldest of them is a day old, when the series is refit again. So no day of
 *       steps, wherever it starts, holds more misses than the budget: at most 1 − q of a whole day's steps, or one
 *       miss at a level that allows less.</li>
 * </ul>
 *
 * <p>The reaction needs what a stream sees and a refit on a schedule does not: each step's use as it comes. Reacting
 * only at the next hourly refit is too late: with max-24h on the Bitbrains month, reserving the whole node from the
 * refit after a day's first miss still leaves 12–15% of the host-days over 1%, their first hour of misses holding five
 * or more (docs/results/2026-11-27-forecaster-accuracy.md#bursts-that-have-passed-burst-discount).
 *
 * @param escalation added to the forecast per miss of the last day, in [0, 1)
 */
public record MissReaction(double escalation) {

    /** The day over which misses count, in the stage's and the in-process forecasts' clock (epoch milliseconds). */
    public static final long DAY_MS = Duration.ofDays(1).toMillis();

    public MissReaction {
        if (!(escalation >= 0 && escalation < 1)) {
            throw new IllegalArgumentException("escalation must be in [0, 1), was " + escalation);
        }
    }

    /** Misses a day may hold at level {@code quantile}: ⌊(1 − q) · stepsPerDay⌋, at least 1. */
    public static int budget(double quantile, int stepsPerDay) {
        if (!(quantile > 0 && quantile < 1) || stepsPerDay < 1) {
            throw new IllegalArgumentException("quantile must be in (0, 1) and stepsPerDay >= 1, were " + quantile
                    + " and " + stepsPerDay);
        }
        // The small tolerance keeps 0.01 × 500 at 5 although 1 − 0.99 is a little under 0.01 in binary.
        return Math.max(1, (int) Math.floor((1 - quantile) * stepsPerDay + 1e-9));
    }

    /**
     * A forecast issued under the reaction.
     *
     * @param values   what to publish ({@link #apply})
     * @param misses   the misses of the day before it was issued
     * @param reserved whether it is the whole capacity, those misses having reached the budget
     */
    public record Issued(double[] values, RecentMisses misses, boolean reserved) {
    }

    /**
     * The forecast to publish at {@code boundary} given the learner's {@code forecast} and the series' {@code misses}
     * (their times, {@code boundary} and {@code day} in one clock).
     */
    public Issued issue(double[] forecast, RecentMisses misses, long boundary, long day, int budget) {
        var recent = misses.asOf(boundary, day);
        return new Issued(apply(forecast, recent.count(), budget), recent, recent.count() >= budget);
    }

    /**
     * Whether a forecast in force gives way at the step that starts at {@code stepStart}: it reserves the whole capacity
     * and the misses of the day before that step are below the budget again, so the series is refit there.
     */
    public static boolean recovers(boolean reserved, RecentMisses misses, long stepStart, long day, int budget) {
        return reserved && misses.asOf(stepStart, day).count() < budget;
    }

    /**
     * The forecast to publish given the learner's {@code forecast} and the misses of the last day: the whole capacity
     * (1) at or past the budget, else each value plus {@code recentMisses × escalation}, at most 1; NaN stays NaN.
     */
    public double[] apply(double[] forecast, int recentMisses, int budget) {
        double[] out = forecast.clone();
        if (recentMisses >= budget) {
            Arrays.fill(out, 1.0);
            return out;
        }
        double extra = recentMisses * escalation;
        for (int h = 0; h < out.length; h++) {
            out[h] = Math.min(1.0, out[h] + extra);
        }
        return out;
    }
}
