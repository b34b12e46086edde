package io.gleaner.forecaster.core;

/**
 * A series' issued forecast and its misses, what {@link SeriesLife} checks each sample against when it reacts to
 * misses ({@link MissReaction}).
 *
 * @param startMs  event time of the forecast's first step
 * @param values   the forecast use per step, as issued (the reaction applied)
 * @param misses   the series' misses of the last day, each at the start of its step, in epoch milliseconds
 * @param reserved whether the forecast is the whole capacity because the misses reached the budget
 */
public record ForecastInForce(long startMs, double[] values, RecentMisses misses, boolean reserved) {

    /** The forecast use at {@code time}, on steps of {@code stepMs}, or NaN outside the forecast. */
    public double at(long time, long stepMs) {
        long index = Math.floorDiv(time - startMs, stepMs);
        return index < 0 || index >= values.length ? Double.NaN : values[(int) index];
    }

    /** This forecast with other misses. */
    public ForecastInForce withMisses(RecentMisses value) {
        return new ForecastInForce(startMs, values, value, reserved);
    }
}
