package io.gleaner.evaluators.forecasts;

import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.QuantileForecast;
import io.gleaner.forecaster.core.Series;
import java.util.Arrays;

/**
 * {@value #NAME}: a bound, not a model. {@link WalkForward} gives it the use of the horizon it is scored on (the
 * future), and it forecasts, over the whole horizon, the lowest constant that the use is above on at most
 * {@code floor((1 - q) * steps)} of the horizon's known steps: the best any forecast that is flat over the horizon
 * could do while keeping that host-day's violation rate at or below {@code 1 - q}. Its reclaimable capacity is the
 * most such a forecast can reclaim. Called as a plain {@link Forecaster} (without the future) it forecasts NaN.
 */
public final class DayOracle implements Forecaster {

    /** The name in tables. */
    public static final String NAME = "oracle-flat-day";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public QuantileForecast forecast(Series history, ForecastRequest request) {
        double[][] out = new double[request.quantiles().length][request.horizon()];
        for (double[] row : out) {
            Arrays.fill(row, Double.NaN);
        }
        return new QuantileForecast(history.end(), history.step(), request.quantiles(), out);
    }

    /**
     * The bound for a horizon whose use is {@code actual} (NaN for a gap): per level {@code q}, the
     * {@code (floor((1 - q) * n) + 1)}-th largest of the {@code n} known values, at every step; NaN without known
     * values.
     */
    public static double[][] bound(double[] actual, double[] quantiles) {
        double[] known = Arrays.stream(actual).filter(x -> !Double.isNaN(x)).sorted().toArray();
        double[][] out = new double[quantiles.length][actual.length];
        for (int k = 0; k < quantiles.length; k++) {
            int n = known.length;
            int allowed = (int) Math.floor((1 - quantiles[k]) * n + 1e-9);
            Arrays.fill(out[k], n == 0 ? Double.NaN : known[Math.max(0, n - 1 - allowed)]);
        }
        return out;
    }
}
