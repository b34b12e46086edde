package io.gleaner.forecaster.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.QuantileForecast;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.forecaster.core.Series;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/** Samples, small settings and a transparent learner for the forecaster's tests. */
public final class ForecasterFixtures {

    /** A time on every boundary of the small settings: midnight, 1 January 2026. */
    public static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private ForecasterFixtures() {
    }

    /**
     * Small settings that make every rule visible: window 10 min of 1-min steps, refit every 5 min, horizon 10
     * steps (the whole window, so that {@link EchoForecaster} shows all of it), a sample held for at most 1 min,
     * quantile 0.9, staleness 3 min, margins CPU 0.1 and MEMORY 0.2; forecasts refit on the schedule only (the tests
     * of the reaction to misses add it).
     */
    public static ForecastSettings small() {
        return ForecastSettings.defaults()
                .withoutReaction()
                .withStep(Duration.ofMinutes(1))
                .withMaxHold(Duration.ofMinutes(1))
                .withWindow(Duration.ofMinutes(10))
                .withRefitPeriod(Duration.ofMinutes(5))
                .withHorizon(10)
                .withQuantile(0.9)
                .withStaleness(Duration.ofMinutes(3))
                .withMargin(ResourceMetric.CPU, 0.1)
                .withMargin(ResourceMetric.MEMORY, 0.2);
    }

    /** The owners' use of {@code metric} on {@code node}, {@code seconds} after {@link #T0}. */
    public static UtilizationSample sample(String node, Metric metric, long seconds, double value) {
        return sample(node, metric, UsageSource.REGULAR, seconds, value);
    }

    /** A sample of {@code source}'s use. */
    public static UtilizationSample sample(String node, Metric metric, UsageSource source, long seconds,
                                           double value) {
        return UtilizationSample.newBuilder()
                .setNodeId(node)
                .setTime(T0.plusSeconds(seconds))
                .setMetric(metric)
                .setSource(source)
                .setValue(value)
                .build();
    }

    /** Asserts element-wise equality within 1e-9, NaN matching NaN. */
    public static void assertValues(List<Double> actual, double... expected) {
        assertThat(actual).hasSize(expected.length);
        for (int i = 0; i < expected.length; i++) {
            if (Double.isNaN(expected[i])) {
                assertThat(actual.get(i)).as("step %d", i).isNaN();
            } else {
                assertThat(actual.get(i)).as("step %d", i).isCloseTo(expected[i], within(1e-9));
            }
        }
    }

    /**
     * A learner that shows what the stream gave it: its forecast is the last {@code horizon} steps of the
     * history, gaps included, so that a test reads the resampled window off the output.
     */
    public static final class EchoForecaster implements Forecaster {

        @Override
        public String name() {
            return "echo";
        }

        @Override
        public QuantileForecast forecast(Series history, ForecastRequest request) {
            var values = history.values();
            var row = Arrays.copyOfRange(values, values.length - request.horizon(), values.length);
            return new QuantileForecast(history.end(), history.step(), request.quantiles(), new double[][] {row});
        }
    }

    /** A learner that always fails, as a buggy one might on some history. */
    public static final class FailingForecaster implements Forecaster {

        @Override
        public String name() {
            return "failing";
        }

        @Override
        public QuantileForecast forecast(Series history, ForecastRequest request) {
            throw new IllegalStateException("singular matrix");
        }
    }
}
