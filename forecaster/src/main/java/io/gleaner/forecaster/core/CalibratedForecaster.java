package io.gleaner.forecaster.core;

import java.util.Arrays;
import java.util.Objects;

/**
 * Split-conformal calibration of another forecaster (conformalized quantile regression, Romano, Patterson and
 * Candès, NeurIPS 2019, §3): the inner model is fitted on the history without its last {@code days} horizons and
 * forecasts each of them in turn (walking forward inside the history); the {@code tau} quantile of the residuals
 * {@code use - forecast} on those held-out steps is the shift {@code delta} that would have made the held-out
 * violation share {@code 1 - tau}. The forecast is the inner model's forecast on the whole history plus
 * {@code delta}, clamped to [0, 1].
 *
 * <p>{@code delta} may be negative: an inner forecast that was too cautious is lowered, which reclaims capacity.
 * When the history is too short to hold a horizon out (less than {@code days} horizons plus one day), or the
 * held-out steps are all gaps, the inner forecast is returned unshifted. The cost is {@code days + 1} inner fits.
 */
public final class CalibratedForecaster implements Forecaster {

    private final Forecaster inner;
    private final int days;
    private final String name;

    /**
     * @param inner the model to calibrate
     * @param days  held-out horizons, at least 1
     */
    public CalibratedForecaster(Forecaster inner, int days) {
        this.inner = Objects.requireNonNull(inner, "inner");
        if (days < 1) {
            throw new IllegalArgumentException("days must be >= 1, was " + days);
        }
        this.days = days;
        this.name = inner.name() + "+cal";
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public QuantileForecast forecast(Series history, ForecastRequest request) {
        double[] v = history.values();
        int horizon = request.horizon();
        int day = SeriesWindows.stepsPerDay(history.step());
        double[] taus = request.quantiles();
        QuantileForecast full = inner.forecast(history, request);
        if (v.length < days * horizon + day) {
            return full;
        }
        double[][] residuals = new double[taus.length][days * horizon];
        int[] counts = new int[taus.length];
        for (int d = days; d >= 1; d--) {
            int origin = v.length - d * horizon;
            var past = new Series(history.start(), history.step(), Arrays.copyOf(v, origin));
            double[][] held = inner.forecast(past, request).values();
            for (int k = 0; k < taus.length; k++) {
                for (int h = 0; h < horizon; h++) {
                    double actual = v[origin + h];
                    double f = held[k][h];
                    if (!Double.isNaN(actual) && !Double.isNaN(f)) {
                        residuals[k][counts[k]++] = actual - f;
                    }
                }
            }
        }
        double[][] out = new double[taus.length][];
        for (int k = 0; k < taus.length; k++) {
            out[k] = full.values()[k].clone();
            if (counts[k] == 0) {
                continue;
            }
            double delta = EmpiricalQuantile.ofFirst(residuals[k], counts[k], taus[k]);
            for (int h = 0; h < horizon; h++) {
                out[k][h] = SeriesWindows.clampFraction(out[k][h] + delta);
            }
        }
        return new QuantileForecast(full.start(), full.step(), taus, out);
    }
}
