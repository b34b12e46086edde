package io.gleaner.simulator.core;

import io.gleaner.forecaster.ForecastSettings;
import io.gleaner.qos.core.QosSettings;
import java.time.Duration;
import java.util.Objects;

/**
 * How {@link OwnerForecasts} forecasts the owners' use in-process: the forecaster stage's grid, window, refit
 * period, horizon, quantile and staleness bound ({@link ForecastSettings}'s defaults), the safety margin S(m) per
 * resource (Salamander Eq. 1), and how much of the owners' use before the run it warms up on.
 *
 * @param step         the forecast grid; the samples of each step are averaged (default 3 min)
 * @param maxHold      how long a sample is held over steps without one, &gt;= 0 (the stage's rule,
 *                     {@link io.gleaner.forecaster.core.GridResampler}; default 10 min)
 * @param window       history each refit sees, a whole number of steps (default 7 days)
 * @param refitPeriod  a series is refit when its event time crosses a multiple of this period since the epoch, a
 *                     whole number of steps (default 1 hour)
 * @param horizon      steps forecast (default 480, a day of 3-minute steps)
 * @param quantile     quantile level of the forecast, in (0, 1) (default 0.99)
 * @param staleness    a node with no sample for this long behind the newest sample of any node has no forecast
 *                     (default 15 min)
 * @param cpuMargin    S(cpu) in [0, 1) (default: the QoS controller's, {@link QosSettings#defaults()}, 10 %)
 * @param memoryMargin S(memory) in [0, 1) (default: the QoS controller's RAM margin, 10 %)
 * @param warmUp       how much of the owners' use before the run ({@link OwnerLoad#history()}) is put in the history
 *                     before the first round, >= 0; 0 turns the warm-up off (default 1 day)
 */
public record OwnerForecastSettings(Duration step, Duration maxHold, Duration window, Duration refitPeriod,
                                    int horizon, double quantile, Duration staleness, double cpuMargin,
                                    double memoryMargin, Duration warmUp) {

    /**
     * Default {@link #warmUp()}: one day, enough for the default learner's fallback (the largest use of the last
     * 24 h) and for the first forecast to be issued before the run starts.
     */
    public static final Duration DEFAULT_WARM_UP = Duration.ofDays(1);

    public OwnerForecastSettings {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(maxHold, "maxHold");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(refitPeriod, "refitPeriod");
        Objects.requireNonNull(staleness, "staleness");
        Objects.requireNonNull(warmUp, "warmUp");
        if (step.toMillis() < 1 || step.toNanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException("step must be a whole number of milliseconds >= 1, was " + step);
        }
        if (maxHold.isNegative() || maxHold.toNanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException("maxHold must be a whole number of milliseconds >= 0, was " + maxHold);
        }
        wholeSteps("window", window, step);
        wholeSteps("refitPeriod", refitPeriod, step);
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be >= 1 step, was " + horizon);
        }
        if (!(quantile > 0 && quantile < 1)) {
            throw new IllegalArgumentException("quantile must be in (0, 1), was " + quantile);
        }
        if (staleness.isNegative() || staleness.isZero()) {
            throw new IllegalArgumentException("staleness must be > 0, was " + staleness);
        }
        margin("cpuMargin", cpuMargin);
        margin("memoryMargin", memoryMargin);
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
        return new OwnerForecastSettings(ForecastSettings.DEFAULT_STEP, ForecastSettings.DEFAULT_MAX_HOLD,
                ForecastSettings.DEFAULT_WINDOW,
                ForecastSettings.DEFAULT_REFIT_PERIOD, ForecastSettings.DEFAULT_HORIZON,
                ForecastSettings.DEFAULT_QUANTILE, ForecastSettings.DEFAULT_STALENESS, qos.cpuSafetyMargin(),
                qos.ramSafetyMargin(), DEFAULT_WARM_UP);
    }

    /** S(m) of {@code metric}. */
    public double margin(Utilization.Metric metric) {
        return metric == Utilization.Metric.CPU ? cpuMargin : memoryMargin;
    }

    /** These settings with another step (window and refit period must stay whole numbers of it). */
    public OwnerForecastSettings withStep(Duration value) {
        return new OwnerForecastSettings(value, maxHold, window, refitPeriod, horizon, quantile, staleness, cpuMargin,
                memoryMargin, warmUp);
    }

    /** These settings with another {@link #maxHold()}. */
    public OwnerForecastSettings withMaxHold(Duration value) {
        return new OwnerForecastSettings(step, value, window, refitPeriod, horizon, quantile, staleness, cpuMargin,
                memoryMargin, warmUp);
    }

    /** These settings with another window. */
    public OwnerForecastSettings withWindow(Duration value) {
        return new OwnerForecastSettings(step, maxHold, value, refitPeriod, horizon, quantile, staleness, cpuMargin,
                memoryMargin, warmUp);
    }

    /** These settings with another refit period. */
    public OwnerForecastSettings withRefitPeriod(Duration value) {
        return new OwnerForecastSettings(step, maxHold, window, value, horizon, quantile, staleness, cpuMargin,
                memoryMargin, warmUp);
    }

    /** These settings with another horizon. */
    public OwnerForecastSettings withHorizon(int value) {
        return new OwnerForecastSettings(step, maxHold, window, refitPeriod, value, quantile, staleness, cpuMargin,
                memoryMargin, warmUp);
    }

    /** These settings with another quantile level. */
    public OwnerForecastSettings withQuantile(double value) {
        return new OwnerForecastSettings(step, maxHold, window, refitPeriod, horizon, value, staleness, cpuMargin,
                memoryMargin, warmUp);
    }

    /** These settings with another staleness bound. */
    public OwnerForecastSettings withStaleness(Duration value) {
        return new OwnerForecastSettings(step, maxHold, window, refitPeriod, horizon, quantile, value, cpuMargin,
                memoryMargin, warmUp);
    }

    /** These settings with other safety margins S(cpu) and S(memory). */
    public OwnerForecastSettings withMargins(double cpu, double memory) {
        return new OwnerForecastSettings(step, maxHold, window, refitPeriod, horizon, quantile, staleness, cpu,
                memory, warmUp);
    }

    /** These settings with another warm-up (0 for none). */
    public OwnerForecastSettings withWarmUp(Duration value) {
        return new OwnerForecastSettings(step, maxHold, window, refitPeriod, horizon, quantile, staleness, cpuMargin,
                memoryMargin, value);
    }

    private static void wholeSteps(String name, Duration value, Duration step) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be > 0, was " + value);
        }
        if (value.toNanos() % step.toNanos() != 0) {
            throw new IllegalArgumentException(name + " must be a whole number of steps of " + step + ", was "
                    + value);
        }
    }

    private static void margin(String name, double value) {
        if (!(value >= 0 && value < 1)) {
            throw new IllegalArgumentException(name + " must be in [0, 1), was " + value);
        }
    }
}
