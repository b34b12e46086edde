package io.gleaner.simulator.core;

import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.qos.core.QosSettings;
import java.time.Duration;
import java.util.Objects;

/**
 * How {@link OwnerForecasts} forecasts the owners' use in-process: the forecaster stage's own settings (grid, hold,
 * window, refit period, horizon, quantile, staleness bound and the safety margin S(m) per resource, Salamander
 * Eq. 1), so that the two cannot drift apart, and how much of the owners' use before the run it warms up on.
 *
 * @param forecast the stage's settings; only the CPU and memory margins are used
 * @param warmUp   how much of the owners' use before the run ({@link OwnerLoad#history()}) is put in the history
 *                 before the first round, >= 0; 0 turns the warm-up off (default 1 day)
 */
public record OwnerForecastSettings(ForecastSettings forecast, Duration warmUp) {

    /**
     * Default {@link #warmUp()}: one day, enough for the default learner's fallback (the largest use of the last
     * 24 h) and for the first forecast to be issued before the run starts.
     */
    public static final Duration DEFAULT_WARM_UP = Duration.ofDays(1);

    public OwnerForecastSettings {
        Objects.requireNonNull(forecast, "forecast");
        Objects.requireNonNull(warmUp, "warmUp");
        if (warmUp.isNegative()) {
            throw new IllegalArgumentException("warmUp must be >= 0, was " + warmUp);
        }
    }

    /**
     * The forecaster stage's defaults ({@link ForecastSettings#defaults()}: 3 min steps, a sample held for at most
     * 10 min, 7 days of history, hourly refits, 480 steps, q = 0.99, 15 min staleness) with the QoS controller's
     * margins, so that the planner's view of spare capacity and the controller's agree, and a day of warm-up.
     */
    public static OwnerForecastSettings defaults() {
        var qos = QosSettings.defaults();
        return new OwnerForecastSettings(ForecastSettings.defaults(), DEFAULT_WARM_UP)
                .withMargins(qos.cpuSafetyMargin(), qos.ramSafetyMargin());
    }

    /** S(m) of {@code metric}. */
    public double margin(Utilization.Metric metric) {
        return forecast.margin(OwnerForecasts.metric(metric));
    }

    /** These settings with other forecaster settings. */
    public OwnerForecastSettings withForecast(ForecastSettings value) {
        return new OwnerForecastSettings(value, warmUp);
    }

    /** These settings with other safety margins S(cpu) and S(memory), each in [0, 1). */
    public OwnerForecastSettings withMargins(double cpu, double memory) {
        return withForecast(forecast.withMargin(ResourceMetric.CPU, cpu).withMargin(ResourceMetric.MEMORY, memory));
    }

    /** These settings with another warm-up (0 for none). */
    public OwnerForecastSettings withWarmUp(Duration value) {
        return new OwnerForecastSettings(forecast, value);
    }
}
