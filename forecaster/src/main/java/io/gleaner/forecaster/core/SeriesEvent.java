package io.gleaner.forecaster.core;

import java.util.Objects;

/** What a {@link SeriesLifeCycle} step produces for one series, stamped with its event time. */
public sealed interface SeriesEvent {

    /** The series key, {@code nodeId/METRIC}. */
    String key();

    /** Event time in epoch milliseconds: when the event is issued. */
    long timeMs();

    /** A refit at {@code timeMs}: the forecast starts there and is issued then. */
    record Fresh(String key, long timeMs, QuantileForecast forecast) implements SeriesEvent {
        public Fresh {
            Objects.requireNonNull(forecast, "forecast");
        }
    }

    /**
     * A refit fell due at {@code timeMs} and was left to the driver ({@link SeriesLifeCycle#refit}), which may run it
     * later: it reads only samples before {@code timeMs}, which a driver whose samples come in order cannot change.
     */
    record RefitDue(String key, ResourceMetric metric, long timeMs) implements SeriesEvent {
    }

    /** The learner failed to refit at {@code timeMs}: the series keeps its previous forecast. */
    record RefitFailed(String key, long timeMs, RuntimeException error) implements SeriesEvent {
    }

    /** The series stopped reporting: no sample for the staleness bound since its newest at {@code timeMs} − bound. */
    record Stale(String key, long timeMs) implements SeriesEvent {
    }

    /** The series was silent longer than the window and the max hold: its state is gone. */
    record Forgotten(String key, long timeMs) implements SeriesEvent {
    }

    /** A sample at {@code timeMs} that the life cycle cannot use, and why. */
    record Refused(String key, long timeMs, String reason) implements SeriesEvent {
    }
}
