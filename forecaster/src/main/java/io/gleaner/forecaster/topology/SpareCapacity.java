package io.gleaner.forecaster.topology;

import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.streams.GlobalView;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The planner's read side of {@code forecasts}: spare capacity A(k,m,t) of node k and metric m at time t
 * (Salamander Eq. 1), from the latest forecast of the series. Backed by any lookup from series key
 * ({@link SeriesKey}) to forecast; {@link #addView} adds the usual one, a global view of the topic, to a
 * planner's topology.
 */
public final class SpareCapacity {

    /** Why a lookup gives no spare capacity, or that it does. */
    public enum Status {
        /** The forecast covers t; {@link Spare#fraction()} is its spare capacity. */
        AVAILABLE,
        /** The node stopped reporting this metric: place nothing on it. */
        STALE,
        /**
         * No forecast of this node and metric: none published yet, or the series was forgotten (silent for longer
         * than the forecaster's window, its record deleted by a tombstone).
         */
        NO_FORECAST,
        /** t is before the forecast's start or after its horizon. */
        OUTSIDE_HORIZON
    }

    /**
     * Spare capacity at one time.
     *
     * @param status   whether {@code fraction} is a forecast
     * @param fraction A/C = max(0, 1 − (U + S)), a fraction of capacity; 0 unless AVAILABLE
     */
    public record Spare(Status status, double fraction) {

        public Spare {
            Objects.requireNonNull(status, "status");
        }

        /** A(k,m,t) = C(k,m) · fraction, in the unit of {@code capacity} (cores, bytes, ...). */
        public double of(double capacity) {
            return capacity * fraction;
        }
    }

    /** The most points a forecast may have: a week of minute steps, 21 times the default horizon of 480. */
    public static final int MAX_POINTS = 7 * 24 * 60;

    private final Function<String, CapacityForecast> lookup;

    /** Spare capacity from {@code lookup}: series key ({@code nodeId/METRIC}) to its latest forecast, or null. */
    public SpareCapacity(Function<String, CapacityForecast> lookup) {
        this.lookup = Objects.requireNonNull(lookup, "lookup");
    }

    /** Spare capacity from a store keyed by series key, e.g. a queryable view of {@code forecasts}. */
    public static SpareCapacity of(ReadOnlyKeyValueStore<String, CapacityForecast> store) {
        Objects.requireNonNull(store, "store");
        return new SpareCapacity(store::get);
    }

    /**
     * Adds a global view of {@code forecasts} to {@code builder}, the store {@link StoreNames#FORECASTS_VIEW}: every
     * instance of the reading application sees every series. A record that does not decode or that {@link #problem}
     * finds wrong goes to {@code sink} as a dead letter naming {@code stage} ({@link GlobalView}).
     */
    public static void addView(StreamsBuilder builder, Topics topics, Serde<CapacityForecast> serde, String stage,
                               GlobalView.DeadLetterSink sink) {
        GlobalView.add(builder, topics.forecasts(), serde, SpareCapacity::problem, StoreNames.FORECASTS_VIEW,
                "forecasts-view", stage, sink);
    }

    /**
     * Why a forecast read from {@code forecasts} cannot be used, or empty when it can: what the forecaster stage
     * writes always passes (a step of at least 1 ms, at most {@link #MAX_POINTS} points, fractions in [0, 1], as
     * many utilization points as spare ones).
     */
    public static Optional<String> problem(CapacityForecast forecast) {
        if (forecast.getStepMillis() <= 0) {
            return Optional.of("stepMillis must be > 0, was " + forecast.getStepMillis());
        }
        if (forecast.getStart().isBefore(Instant.EPOCH)) {
            return Optional.of("start must not be before " + Instant.EPOCH + ", was " + forecast.getStart());
        }
        if (!(forecast.getQuantile() > 0 && forecast.getQuantile() < 1)) {
            return Optional.of("quantile must be in (0, 1), was " + forecast.getQuantile());
        }
        if (!(forecast.getSafetyMargin() >= 0 && forecast.getSafetyMargin() <= 1)) {
            return Optional.of("safetyMargin must be in [0, 1], was " + forecast.getSafetyMargin());
        }
        var spare = forecast.getSpare();
        if (spare.size() > MAX_POINTS) {
            return Optional.of("spare must have at most " + MAX_POINTS + " points, had " + spare.size());
        }
        if (forecast.getUtilization().size() != spare.size()) {
            return Optional.of("utilization has " + forecast.getUtilization().size() + " points and spare "
                    + spare.size());
        }
        for (int i = 0; i < spare.size(); i++) {
            var fraction = spare.get(i);
            var utilization = forecast.getUtilization().get(i);
            if (fraction == null || !(fraction >= 0 && fraction <= 1)) {
                return Optional.of("spare[" + i + "] must be a fraction in [0, 1], was " + fraction);
            }
            if (utilization == null || !Double.isFinite(utilization) || utilization < 0) {
                return Optional.of("utilization[" + i + "] must be a finite fraction >= 0, was " + utilization);
            }
        }
        return Optional.empty();
    }

    /** The latest forecast of {@code nodeId} and {@code metric}, stale markers included. */
    public Optional<CapacityForecast> forecast(String nodeId, Metric metric) {
        return Optional.ofNullable(lookup.apply(SeriesKey.text(nodeId, metric)));
    }

    /**
     * Spare capacity of {@code nodeId}'s {@code metric} at {@code time}: the spare of the forecast step that
     * contains it.
     */
    public Spare at(String nodeId, Metric metric, Instant time) {
        var forecast = lookup.apply(SeriesKey.text(nodeId, metric));
        if (forecast == null) {
            return new Spare(Status.NO_FORECAST, 0);
        }
        if (forecast.getStale()) {
            return new Spare(Status.STALE, 0);
        }
        long offset = time.toEpochMilli() - forecast.getStart().toEpochMilli();
        List<Double> spare = forecast.getSpare();
        if (offset < 0 || offset / forecast.getStepMillis() >= spare.size()) {
            return new Spare(Status.OUTSIDE_HORIZON, 0);
        }
        return new Spare(Status.AVAILABLE, spare.get((int) (offset / forecast.getStepMillis())));
    }
}
