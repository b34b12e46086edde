package io.gleaner.schemas.forecasts;

import io.gleaner.schemas.InputChecks;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.Metric;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The read side of the {@code forecasts} topic's contract, for the planner and any other reader: spare capacity A(k,m,t) of node k and metric m at time t
 * (Salamander Eq. 1), from the latest forecast of the series. Backed by any lookup from series key
 * ({@link SeriesKey}) to forecast, such as a reader's global view of the topic.
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
     * Why the forecast read under {@code key} cannot be used, or empty when it can: the topic's field rules
     * ({@link InputChecks#capacityForecast}), and a key that is its series key.
     */
    public static Optional<String> problem(String key, CapacityForecast forecast) {
        var violation = InputChecks.DEFAULT.capacityForecast(forecast);
        if (violation.isPresent()) {
            return violation;
        }
        var expected = SeriesKey.text(forecast.getNodeId(), forecast.getMetric());
        return key.equals(expected) ? Optional.empty()
                : Optional.of("record key '" + key + "' is not the forecast's series key '" + expected + "'");
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
