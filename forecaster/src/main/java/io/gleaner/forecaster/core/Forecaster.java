package io.gleaner.forecaster.core;

import java.math.BigDecimal;

/**
 * A learner of one host's use of one resource: from its history, the quantiles of its use over the next steps.
 * Quantile regression and the baselines implement it, so the evaluation and the stream treat them alike.
 * Implementations are pure (same history, same forecast) and keep no state between calls.
 */
public interface Forecaster {

    /** Short stable name for tables and configuration, e.g. {@code qr} or {@code max-24h}. */
    String name();

    /**
     * Forecasts {@code request.horizon()} steps after {@code history.end()}.
     *
     * @return {@code values()[k][h]}: the {@code request.quantiles()[k]} quantile of use in step {@code h}, a
     *         fraction of capacity; NaN where the history gives nothing to go on (e.g. it is all gaps)
     */
    QuantileForecast forecast(Series history, ForecastRequest request);

    /** A parameter as a model's name spells it, so that the name parses back: {@code 0.02}, not {@code 2E-2}. */
    static String nameNumber(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
