package io.gleaner.forecaster.core;

import java.util.Arrays;

/** What {@link SeriesLife} issues: forecasts, stale markers, forgotten series, and samples it cannot use. */
public sealed interface SeriesEvent {

    /** The series the event is about. */
    String key();

    /**
     * A fresh forecast of the series, issued at {@code issuedAt}, with the spare capacity it leaves.
     *
     * @param forecast the forecast of use U(k,m,t): one quantile row, the miss reaction applied
     * @param margin   S(m) of the series' metric
     * @param spare    A(k,m,t)/C(k,m) per step ({@link #spare(double[], double)})
     */
    record Issued(String key, ResourceMetric metric, QuantileForecast forecast, double margin, double[] spare,
                  long issuedAt) implements SeriesEvent {

        /** The forecast use per step. */
        public double[] utilization() {
            return forecast.values()[0];
        }

        /** The forecast use of the step that holds {@code timeMs}, or NaN outside the forecast. */
        public double utilizationAt(long timeMs) {
            return at(utilization(), timeMs);
        }

        /** The spare capacity of the step that holds {@code timeMs}, or NaN outside the forecast. */
        public double spareAt(long timeMs) {
            return at(spare, timeMs);
        }

        private double at(double[] steps, long timeMs) {
            long index = Math.floorDiv(timeMs - forecast.start().toEpochMilli(), forecast.step().toMillis());
            return index < 0 || index >= steps.length ? Double.NaN : steps[(int) index];
        }

        @Override
        public String toString() {
            return "Issued[" + key + " at " + issuedAt + ", spare " + Arrays.toString(spare) + "]";
        }
    }

    /** The series stopped reporting: its newest sample is {@code lastSampleMs}; issued at newest + staleness. */
    record Stale(String key, long lastSampleMs, long issuedAt) implements SeriesEvent {
    }

    /** The series was stale for longer than the window and the max hold: its state is gone, its marker goes too. */
    record Forgotten(String key, long lastSampleMs, long issuedAt) implements SeriesEvent {
    }

    /** The sample that was observed cannot be used, or made a refit that failed, for {@code reason}. */
    record Refused(String key, String reason) implements SeriesEvent {
    }

    /**
     * Spare capacity per step as a fraction of capacity, Salamander Eq. 1 without C(k,m): {@code A/C = 1 − (U + S)}
     * floored at 0 (and capped at 1 when a learner forecasts a negative use). A step whose forecast is NaN (the
     * learner had nothing to go on) has spare 0: unknown use leaves nothing to place on.
     *
     * @param utilization U(k,m,t) per step
     * @param margin      S(m)
     */
    static double[] spare(double[] utilization, double margin) {
        var spare = new double[utilization.length];
        for (int i = 0; i < utilization.length; i++) {
            double u = utilization[i];
            spare[i] = Double.isNaN(u) ? 0.0 : Math.min(1.0, Math.max(0.0, 1.0 - (u + margin)));
        }
        return spare;
    }
}
