package io.gleaner.forecaster;

import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.QuantileForecast;
import io.gleaner.forecaster.core.Series;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;

/**
 * The stage's stop-gap learner until the core's quantile regression is wired: the empirical quantile (nearest
 * rank) of the non-gap steps of the last {@code lookback}, flat over the horizon; NaN when they are all gaps.
 */
public final class RecentQuantileForecaster implements Forecaster {

    /** Default lookback: a day. */
    public static final Duration DEFAULT_LOOKBACK = Duration.ofDays(1);

    private final Duration lookback;

    /** A learner over the last {@code lookback} of history. */
    public RecentQuantileForecaster(Duration lookback) {
        Objects.requireNonNull(lookback, "lookback");
        if (lookback.isNegative() || lookback.isZero()) {
            throw new IllegalArgumentException("lookback must be > 0, was " + lookback);
        }
        this.lookback = lookback;
    }

    /** A learner over the last day. */
    public RecentQuantileForecaster() {
        this(DEFAULT_LOOKBACK);
    }

    @Override
    public String name() {
        return "recent-quantile";
    }

    @Override
    public QuantileForecast forecast(Series history, ForecastRequest request) {
        var values = history.values();
        int steps = (int) Math.min(values.length, Math.max(1, lookback.toMillis() / history.step().toMillis()));
        var recent = Arrays.stream(values, values.length - steps, values.length)
                .filter(v -> !Double.isNaN(v))
                .sorted()
                .toArray();
        var quantiles = request.quantiles();
        var rows = new double[quantiles.length][request.horizon()];
        for (int k = 0; k < quantiles.length; k++) {
            double level = recent.length == 0 ? Double.NaN
                    : recent[Math.max(0, (int) Math.ceil(quantiles[k] * recent.length) - 1)];
            Arrays.fill(rows[k], level);
        }
        return new QuantileForecast(history.end(), history.step(), quantiles, rows);
    }
}
