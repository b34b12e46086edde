package io.gleaner.forecaster.core;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the forecaster stage forecasts and when: the rolling window of samples kept per node and metric, the
 * event-time refit period, the forecast step and how long a sample is held on it, the horizon, the quantile level,
 * the staleness bound and the safety margin S(m) per metric (Salamander Eq. 1). Validated here;
 * {@code io.gleaner.forecaster.ForecasterConfig} reads it from properties.
 *
 * @param window      how much history each refit sees, a whole number of steps (default 7 days)
 * @param refitPeriod forecasts are refit when a series' event time crosses a multiple of this period since the
 *                    epoch, a whole number of steps (default 1 hour)
 * @param step        the forecast grid; samples are averaged onto it (default 3 minutes)
 * @param maxHold     how long a sample is held over steps without one before they become gaps, &gt;= 0
 *                    ({@link GridResampler}; default 10 minutes)
 * @param horizon     number of steps forecast (default 480, a day of 3-minute steps)
 * @param quantile    quantile level of the forecast, in (0, 1) (default 0.99)
 * @param staleness   a series with no sample for this long of stream time gets a stale forecast (default 15 min)
 * @param margins     safety margin S(m) per metric, each in [0, 1); every metric but UNKNOWN must have one
 * @param reaction    how a series' forecast reacts to a sample above it ({@link MissReaction}; default: escalation
 *                    {@value #DEFAULT_MISS_ESCALATION}), or empty for forecasts refit on the schedule only
 */
public record ForecastSettings(Duration window, Duration refitPeriod, Duration step, Duration maxHold, int horizon,
                               double quantile, Duration staleness, Map<ResourceMetric, Double> margins,
                               Optional<MissReaction> reaction) {

    /** Default {@link #window()}. */
    public static final Duration DEFAULT_WINDOW = Duration.ofDays(7);
    /** Default {@link #refitPeriod()}. */
    public static final Duration DEFAULT_REFIT_PERIOD = Duration.ofHours(1);
    /** Default {@link #step()}. */
    public static final Duration DEFAULT_STEP = Duration.ofMinutes(3);
    /**
     * Default {@link #maxHold()}: bridges one missing sample of a host sampled every 5 minutes (Bitbrains), and a
     * few seconds of jitter, on the 3-minute grid; a longer silence shows as gaps.
     */
    public static final Duration DEFAULT_MAX_HOLD = Duration.ofMinutes(10);
    /** Default {@link #horizon()}. */
    public static final int DEFAULT_HORIZON = 480;
    /** Default {@link #quantile()}. */
    public static final double DEFAULT_QUANTILE = 0.99;
    /** Default {@link #staleness()}. */
    public static final Duration DEFAULT_STALENESS = Duration.ofMinutes(15);
    /**
     * Default safety margin of every metric: 5%, the setting of Salamander's worst-case results (Table III); its
     * section IV finds more than 10% rarely needed.
     */
    public static final double DEFAULT_MARGIN = 0.05;
    /**
     * Default escalation of {@link #reaction()}: with the default learner ({@code Forecasters.standard()}) the best
     * measured at q = 0.99 (docs/results/2026-11-28-forecast-default.md), no host-day over 1 - q.
     */
    public static final double DEFAULT_MISS_ESCALATION = 0.05;

    public ForecastSettings {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(refitPeriod, "refitPeriod");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(maxHold, "maxHold");
        Objects.requireNonNull(staleness, "staleness");
        Objects.requireNonNull(margins, "margins");
        Objects.requireNonNull(reaction, "reaction");
        positive("step", step);
        positive("window", window);
        positive("refitPeriod", refitPeriod);
        positive("staleness", staleness);
        wholeSteps("window", window, step);
        wholeSteps("refitPeriod", refitPeriod, step);
        if (maxHold.isNegative() || maxHold.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException("maxHold must be a whole number of milliseconds >= 0, was " + maxHold);
        }
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be >= 1 step, was " + horizon);
        }
        if (!(quantile > 0 && quantile < 1)) {
            throw new IllegalArgumentException("quantile must be in (0, 1), was " + quantile);
        }
        var copy = new EnumMap<ResourceMetric, Double>(ResourceMetric.class);
        for (var entry : margins.entrySet()) {
            var margin = Objects.requireNonNull(entry.getValue(), "margin of " + entry.getKey());
            if (!(margin >= 0 && margin < 1)) {
                throw new IllegalArgumentException("safety margin of " + entry.getKey() + " must be in [0, 1), was "
                        + margin);
            }
            copy.put(entry.getKey(), margin);
        }
        for (var metric : ResourceMetric.values()) {
            if (metric != ResourceMetric.UNKNOWN && !copy.containsKey(metric)) {
                throw new IllegalArgumentException("no safety margin for metric " + metric);
            }
        }
        copy.remove(ResourceMetric.UNKNOWN);
        margins = Collections.unmodifiableMap(copy);
    }

    /** Every setting at its default. */
    public static ForecastSettings defaults() {
        var margins = new EnumMap<ResourceMetric, Double>(ResourceMetric.class);
        for (var metric : ResourceMetric.values()) {
            if (metric != ResourceMetric.UNKNOWN) {
                margins.put(metric, DEFAULT_MARGIN);
            }
        }
        return new ForecastSettings(DEFAULT_WINDOW, DEFAULT_REFIT_PERIOD, DEFAULT_STEP, DEFAULT_MAX_HOLD,
                DEFAULT_HORIZON, DEFAULT_QUANTILE, DEFAULT_STALENESS, margins,
                Optional.of(new MissReaction(DEFAULT_MISS_ESCALATION)));
    }

    /** The safety margin S(m) of {@code metric}. */
    public double margin(ResourceMetric metric) {
        var margin = margins.get(metric);
        if (margin == null) {
            throw new IllegalArgumentException("no safety margin for metric " + metric);
        }
        return margin;
    }

    /** These settings with another window. */
    public ForecastSettings withWindow(Duration value) {
        return new ForecastSettings(value, refitPeriod, step, maxHold, horizon, quantile, staleness, margins, reaction);
    }

    /** These settings with another refit period. */
    public ForecastSettings withRefitPeriod(Duration value) {
        return new ForecastSettings(window, value, step, maxHold, horizon, quantile, staleness, margins, reaction);
    }

    /** These settings with another step. */
    public ForecastSettings withStep(Duration value) {
        return new ForecastSettings(window, refitPeriod, value, maxHold, horizon, quantile, staleness, margins,
                reaction);
    }

    /** These settings with another {@link #maxHold()}. */
    public ForecastSettings withMaxHold(Duration value) {
        return new ForecastSettings(window, refitPeriod, step, value, horizon, quantile, staleness, margins, reaction);
    }

    /** These settings with another horizon. */
    public ForecastSettings withHorizon(int value) {
        return new ForecastSettings(window, refitPeriod, step, maxHold, value, quantile, staleness, margins, reaction);
    }

    /** These settings with another quantile level. */
    public ForecastSettings withQuantile(double value) {
        return new ForecastSettings(window, refitPeriod, step, maxHold, horizon, value, staleness, margins, reaction);
    }

    /** These settings with another staleness bound. */
    public ForecastSettings withStaleness(Duration value) {
        return new ForecastSettings(window, refitPeriod, step, maxHold, horizon, quantile, value, margins, reaction);
    }

    /** These settings with another safety margin for {@code metric}. */
    public ForecastSettings withMargin(ResourceMetric metric, double value) {
        var copy = new EnumMap<ResourceMetric, Double>(margins);
        copy.put(metric, value);
        return new ForecastSettings(window, refitPeriod, step, maxHold, horizon, quantile, staleness, copy, reaction);
    }

    /** These settings with forecasts that react to their misses. */
    public ForecastSettings withReaction(MissReaction value) {
        return new ForecastSettings(window, refitPeriod, step, maxHold, horizon, quantile, staleness, margins,
                Optional.of(value));
    }

    /** These settings with forecasts refit on the schedule only. */
    public ForecastSettings withoutReaction() {
        return new ForecastSettings(window, refitPeriod, step, maxHold, horizon, quantile, staleness, margins,
                Optional.empty());
    }

    /** The misses a day of steps may hold at {@link #quantile()} ({@link MissReaction#budget}). */
    public int missBudget() {
        return MissReaction.budget(quantile, (int) (Duration.ofDays(1).toMillis() / step.toMillis()));
    }

    private static void positive(String name, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be > 0, was " + value);
        }
    }

    private static void wholeSteps(String name, Duration value, Duration step) {
        if (value.toMillis() % step.toMillis() != 0) {
            throw new IllegalArgumentException(name + " must be a whole number of steps of " + step + ", was "
                    + value);
        }
    }
}
