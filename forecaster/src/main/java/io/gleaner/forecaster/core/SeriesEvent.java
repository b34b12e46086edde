package io.gleaner.forecaster.core;

import java.util.Arrays;
import java.util.function.Supplier;

/** What {@link SeriesLife} issues: forecasts, stale markers, forgotten series, and samples it cannot use. */
public sealed interface SeriesEvent {

    /** The series the event is about. */
    String key();

    /**
     * A fresh forecast of the series, issued at {@link #issuedAt()}, with the spare capacity it leaves. A life that
     * learns on read ({@link SeriesLife#learningOnRead}) issues it with the learner's history only, and the learner
     * runs when the forecast is first read: from the samples before the boundary, which no later sample changes, so
     * the forecast is the same as if it had run at once.
     */
    final class Issued implements SeriesEvent {
        private final String key;
        private final ResourceMetric metric;
        private final double margin;
        private final long issuedAt;
        private Supplier<QuantileForecast> learn;
        private QuantileForecast forecast;
        private double[] spare;

        Issued(String key, ResourceMetric metric, double margin, long issuedAt, Supplier<QuantileForecast> learn) {
            this.key = key;
            this.metric = metric;
            this.margin = margin;
            this.issuedAt = issuedAt;
            this.learn = learn;
        }

        @Override
        public String key() {
            return key;
        }

        /** The metric of the series. */
        public ResourceMetric metric() {
            return metric;
        }

        /** S(m) of the series' metric. */
        public double margin() {
            return margin;
        }

        /** Event time the forecast was issued at, its first step's. */
        public long issuedAt() {
            return issuedAt;
        }

        /** Whether the learner has run (or was not needed): reading the forecast costs no refit. */
        public boolean learnt() {
            return learn == null;
        }

        /**
         * The forecast of use U(k,m,t): one quantile row, the miss reaction applied; runs the learner on the first
         * read of a forecast issued on read.
         *
         * @throws RuntimeException what the learner threw, on every read
         */
        public QuantileForecast forecast() {
            if (forecast == null) {
                forecast = learn.get();
                learn = null;
                spare = SeriesEvent.spare(forecast.values()[0], margin);
            }
            return forecast;
        }

        /** The forecast use per step. */
        public double[] utilization() {
            return forecast().values()[0];
        }

        /** A(k,m,t)/C(k,m) per step ({@link #spare(double[], double)}). */
        public double[] spare() {
            forecast();
            return spare;
        }

        /** The forecast use of the step that holds {@code timeMs}, or NaN outside the forecast. */
        public double utilizationAt(long timeMs) {
            return at(utilization(), timeMs);
        }

        /** The spare capacity of the step that holds {@code timeMs}, or NaN outside the forecast. */
        public double spareAt(long timeMs) {
            return at(spare(), timeMs);
        }

        private double at(double[] steps, long timeMs) {
            long index = Math.floorDiv(timeMs - forecast.start().toEpochMilli(), forecast.step().toMillis());
            return index < 0 || index >= steps.length ? Double.NaN : steps[(int) index];
        }

        @Override
        public String toString() {
            return "Issued[" + key + " at " + issuedAt + (learnt() ? ", spare " + Arrays.toString(spare()) : "")
                    + "]";
        }
    }

    /** The series stopped reporting: its newest sample is {@code lastSampleMs}; issued at newest + staleness. */
    record Stale(String key, long lastSampleMs, long issuedAt) implements SeriesEvent {
    }

    /** The series was stale for longer than the window and the max hold: its state is gone, its marker goes too. */
    record Forgotten(String key, long lastSampleMs, long issuedAt) implements SeriesEvent {
    }

    /**
     * A sample of series {@code key} above the forecast in force at its step, which starts at {@code stepStartMs}: a
     * miss, which the life reacts to with a refit (docs/forecaster.md).
     */
    record Missed(String key, long stepStartMs) implements SeriesEvent {
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
