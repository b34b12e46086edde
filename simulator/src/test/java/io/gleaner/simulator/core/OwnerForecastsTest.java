package io.gleaner.simulator.core;

import static io.gleaner.planner.core.CapacityOutlook.Resource.CPU;
import static io.gleaner.planner.core.CapacityOutlook.Resource.MEMORY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.Baselines;
import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.core.QuantileForecast;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.forecaster.core.Series;
import io.gleaner.forecaster.topology.ForecasterFixtures;
import io.gleaner.planner.core.CapacityOutlook.Resource;
import io.gleaner.qos.core.QosSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * {@link OwnerForecasts}: spare capacity from forecasts of the owners' use, the event-time refit schedule, staleness,
 * the horizon, the warm-up and determinism. Most tests use {@code max-24h} (the largest step mean of the last 24 h),
 * whose forecast follows by hand; two use the default learner.
 */
class OwnerForecastsTest {

    /** Midnight: a refit boundary and a step boundary. */
    private static final Instant T0 = Instant.parse("2009-10-01T00:00:00Z");
    private static final Duration MINUTE = Duration.ofMinutes(1);
    /** The defaults, refit on the schedule only: the rules of the schedule (the reaction's tests add it). */
    private static final OwnerForecastSettings SETTINGS = OwnerForecastSettings.defaults()
            .withForecast(OwnerForecastSettings.defaults().forecast().withoutReaction());

    private static OwnerForecasts maxLastDay() {
        return new OwnerForecasts(Baselines.maxLastDay(), SETTINGS);
    }

    /** What a node reports in a round: the owners' CPU and memory, and Gleaner's (EPHEMERAL, full) to be skipped. */
    private static List<Utilization> round(Instant time, String node, double cpu, double memory) {
        return List.of(
                new Utilization(node, time, Utilization.Metric.CPU, Utilization.Source.REGULAR, cpu),
                new Utilization(node, time, Utilization.Metric.MEMORY, Utilization.Source.REGULAR, memory),
                new Utilization(node, time, Utilization.Metric.CPU, Utilization.Source.EPHEMERAL, 1.0),
                new Utilization(node, time, Utilization.Metric.MEMORY, Utilization.Source.TOTAL, 1.0));
    }

    /** Rounds of {@code node} at constant use every {@code every} in [from, to). */
    private static void feed(OwnerForecasts forecasts, Instant from, Instant to, Duration every, String node,
                             double cpu, double memory) {
        for (var t = from; t.isBefore(to); t = t.plus(every)) {
            forecasts.observe(round(t, node, cpu, memory));
        }
    }

    private static OwnerSample constant(Instant time, double cpu, double memory) {
        return new OwnerSample(time, cpu, memory);
    }

    /** Samples every {@code every} in [from, to) at constant use. */
    private static List<OwnerSample> samples(Instant from, Instant to, Duration every, double cpu, double memory) {
        var samples = new ArrayList<OwnerSample>();
        for (var t = from; t.isBefore(to); t = t.plus(every)) {
            samples.add(constant(t, cpu, memory));
        }
        return samples;
    }

    @Test
    void spareIsOneMinusForecastUseMinusMarginForAConstantOwner() {
        var forecasts = new OwnerForecasts(Baselines.maxLastDay(), SETTINGS.withMargins(0.05, 0.05));
        feed(forecasts, T0, T0.plus(Duration.ofHours(2)), MINUTE, "n1", 0.3, 0.5);

        forecasts.observe(round(T0.plus(Duration.ofHours(2)), "n1", 0.3, 0.5));

        // max-24h of a constant 0.3 is 0.3 at every step: 1 - (0.3 + 0.05); memory 1 - (0.5 + 0.05).
        var at = T0.plus(Duration.ofHours(2));
        assertThat(forecasts.spare("n1", CPU, at)).hasValueCloseTo(0.65, within(1e-12));
        assertThat(forecasts.spare("n1", CPU, at.plus(Duration.ofHours(23)))).hasValueCloseTo(0.65, within(1e-12));
        assertThat(forecasts.spare("n1", MEMORY, at)).hasValueCloseTo(0.45, within(1e-12));
        assertThat(forecasts.spare("n2", CPU, at)).as("a node never seen").isEmpty();
    }

    @Test
    void shouldReadAWholeWindowAsEachStepReadAlone() {
        var forecasts = new OwnerForecasts(OwnerForecasts.defaultForecaster(), SETTINGS);
        for (int minute = 0; minute <= 24 * 60; minute++) {
            double use = 0.4 + 0.3 * Math.sin(minute / 50.0);
            forecasts.observe(round(T0.plus(MINUTE.multipliedBy(minute)), "n1", use, 0.8 - use / 2));
        }
        var first = T0.plus(Duration.ofDays(1)).plusSeconds(90).plusNanos(123_456);
        var step = Duration.ofMinutes(3);
        // 30 h of steps: past the forecast's horizon the answers are empty (NaN in the window), as for a node never seen
        for (var node : List.of("n1", "n2")) {
            for (var resource : Resource.values()) {
                var window = new double[600];
                forecasts.spare(node, resource, first, step, window);
                for (int t = 0; t < window.length; t++) {
                    var alone = forecasts.spare(node, resource, first.plus(step.multipliedBy(t)));
                    assertThat(Double.valueOf(window[t])).as(node + " " + resource + " step " + t)
                            .isEqualTo(Double.valueOf(alone.isPresent() ? alone.getAsDouble() : Double.NaN));
                }
            }
        }
        var window = new double[600];
        forecasts.spare("n1", CPU, first, step, window);
        assertThat(window[0]).as("inside the horizon").isBetween(0.0, 1.0);
        assertThat(window[599]).as("past the horizon").isNaN();
    }

    @Test
    void defaultLearnerForecastsAConstantOwnerAtItsLevelPlusTheHeadroom() {
        var forecasts = new OwnerForecasts(OwnerForecasts.defaultForecaster(), SETTINGS.withMargins(0.05, 0.05));
        feed(forecasts, T0, T0.plus(Duration.ofDays(1)), MINUTE, "n1", 0.3, 0.5);

        forecasts.observe(round(T0.plus(Duration.ofDays(1)), "n1", 0.3, 0.5));

        // max-1h+0.02 is the largest use of the last hour plus 0.02: U = 0.32, spare = 1 - 0.32 - 0.05 = 0.63.
        var spare = forecasts.spare("n1", CPU, T0.plus(Duration.ofDays(1)).plus(Duration.ofHours(5)));
        assertThat(spare).isPresent();
        assertThat(spare.getAsDouble()).isCloseTo(0.63, within(1e-12));
    }

    @Test
    void refitsOnceWhenASampleReachesTheNextHourBoundaryAndNotBefore() {
        var forecasts = maxLastDay();
        // The first sample at 00:00:30 sets the next boundary to 01:00.
        feed(forecasts, T0.plusSeconds(30), T0.plus(Duration.ofHours(1)), Duration.ofSeconds(30), "n1", 0.3, 0.5);

        assertThat(forecasts.forecastStart("n1", CPU)).as("no boundary reached yet").isEmpty();
        assertThat(forecasts.spare("n1", CPU, T0.plus(Duration.ofMinutes(59)))).isEmpty();
        assertThat(forecasts.refits()).isZero();

        forecasts.observe(round(T0.plus(Duration.ofHours(1)), "n1", 0.3, 0.5));

        assertThat(forecasts.forecastStart("n1", CPU)).contains(T0.plus(Duration.ofHours(1)));
        assertThat(forecasts.refits()).as("the CPU forecast read, learnt on read").isEqualTo(1);

        feed(forecasts, T0.plus(Duration.ofMinutes(61)), T0.plus(Duration.ofMinutes(120)), MINUTE, "n1", 0.3, 0.5);

        assertThat(forecasts.forecastStart("n1", CPU)).as("still the 01:00 forecast").contains(
                T0.plus(Duration.ofHours(1)));
        assertThat(forecasts.refits()).isEqualTo(1);

        forecasts.observe(round(T0.plus(Duration.ofMinutes(121)), "n1", 0.3, 0.5));

        // A sample at 02:01 makes the refit at its last boundary, 02:00.
        assertThat(forecasts.forecastStart("n1", CPU)).contains(T0.plus(Duration.ofHours(2)));
        assertThat(forecasts.refits()).isEqualTo(2);
    }

    @Test
    void withAReactionAMissRefitsAtTheEndOfItsStepAndTheBudgetReservesTheNode() {
        // The recent peak of an hour, reacting with 0.05 per miss; at q = 0.99 on 3-minute steps a day may hold 4.
        var settings = SETTINGS.withForecast(SETTINGS.forecast().withReaction(new MissReaction(0.05)))
                .withMargins(0.05, 0.05);
        var forecasts = new OwnerForecasts(Forecasters.recentPeak(1, 0.01), settings);
        feed(forecasts, T0, T0.plus(Duration.ofHours(2)), MINUTE, "n1", 0.2, 0.5);
        assertThat(forecasts.spare("n1", CPU, T0.plus(Duration.ofHours(2)))).hasValueCloseTo(1 - 0.21 - 0.05,
                within(1e-12));
        long before = forecasts.refits();

        // A burst to 0.6 at 02:01 makes the 02:00 refits due (CPU and memory: with a reaction they run at once) and
        // misses the CPU's: one more refit at the end of its step (02:03), the peak plus one escalation.
        forecasts.observe(round(T0.plus(Duration.ofMinutes(121)), "n1", 0.6, 0.5));

        assertThat(forecasts.refits()).isEqualTo(before + 3);
        assertThat(forecasts.forecastStart("n1", CPU)).contains(T0.plus(Duration.ofMinutes(123)));
        assertThat(forecasts.spare("n1", CPU, T0.plus(Duration.ofMinutes(123))))
                .hasValueCloseTo(1 - (0.6 + 0.01 + 0.05) - 0.05, within(1e-12));
        assertThat(forecasts.spare("n1", MEMORY, T0.plus(Duration.ofMinutes(123)))).as("memory did not miss")
                .hasValueCloseTo(1 - 0.51 - 0.05, within(1e-12));

        // Three more misses, one a step, each just above the forecast the last one brought, spend the day's budget:
        // no spare until a day after the step of the first (02:00), then the recent peak with three misses'
        // escalation.
        double[] bursts = {0.67, 0.79, 0.96};
        for (int i = 0; i < bursts.length; i++) {
            forecasts.observe(round(T0.plus(Duration.ofMinutes(124 + 3 * i)), "n1", bursts[i], 0.5));
        }
        feed(forecasts, T0.plus(Duration.ofMinutes(131)), T0.plus(Duration.ofMinutes(120 + 24 * 60)), MINUTE, "n1",
                0.2, 0.5);
        assertThat(forecasts.spare("n1", CPU, T0.plus(Duration.ofMinutes(119 + 24 * 60)))).hasValue(0.0);

        forecasts.observe(round(T0.plus(Duration.ofMinutes(120 + 24 * 60)), "n1", 0.2, 0.5));

        assertThat(forecasts.spare("n1", CPU, T0.plus(Duration.ofMinutes(120 + 24 * 60))))
                .hasValueCloseTo(1 - (0.2 + 0.01 + 3 * 0.05) - 0.05, within(1e-12));
    }

    @Test
    void refitsOnlyWhenAForecastIsReadAndThenAtTheLatestBoundary() {
        var forecasts = maxLastDay();
        feed(forecasts, T0, T0.plus(Duration.ofHours(3)).plusSeconds(1), MINUTE, "n1", 0.3, 0.5);

        assertThat(forecasts.refits()).as("nobody read a forecast").isZero();
        assertThat(forecasts.forecastStart("n1", MEMORY)).contains(T0.plus(Duration.ofHours(3)));
        assertThat(forecasts.refits()).as("one refit of the one series read").isEqualTo(1);
    }

    @Test
    void aNodeSilentForTheStalenessBoundHasNoSpareUntilItsNextForecast() {
        var forecasts = maxLastDay();
        for (var t = T0; !t.isAfter(T0.plus(Duration.ofHours(1))); t = t.plus(MINUTE)) {
            forecasts.observe(round(t, "n1", 0.3, 0.5));
            forecasts.observe(round(t, "n2", 0.2, 0.4));
        }
        var lastOfN2 = T0.plus(Duration.ofHours(1));
        var later = lastOfN2.plus(Duration.ofHours(2));

        forecasts.observe(round(lastOfN2.plus(Duration.ofMinutes(14)).plusSeconds(59), "n1", 0.3, 0.5));
        assertThat(forecasts.spare("n2", CPU, later)).as("14:59 of silence").hasValueCloseTo(0.7, within(1e-12));

        forecasts.observe(round(lastOfN2.plus(Duration.ofMinutes(15)), "n1", 0.3, 0.5));
        assertThat(forecasts.spare("n2", CPU, later)).as("15 min of silence: stale").isEmpty();
        assertThat(forecasts.spare("n1", CPU, later)).hasValueCloseTo(0.6, within(1e-12));

        forecasts.observe(round(lastOfN2.plus(Duration.ofMinutes(20)), "n2", 0.2, 0.4));
        assertThat(forecasts.spare("n2", CPU, later)).as("back, but its latest record is the stale marker").isEmpty();
        assertThat(forecasts.forecastStart("n2", CPU)).contains(T0.plus(Duration.ofHours(1)));

        forecasts.observe(round(T0.plus(Duration.ofHours(2)), "n2", 0.2, 0.4));
        assertThat(forecasts.forecastStart("n2", CPU)).contains(T0.plus(Duration.ofHours(2)));
        assertThat(forecasts.spare("n2", CPU, later)).hasValueCloseTo(0.7, within(1e-12));
    }

    @Test
    void spareIsEmptyBeforeTheForecastStartsAndFromTheEndOfItsHorizon() {
        // 20 steps of 3 min: the forecast issued at 01:00 covers [01:00, 02:00).
        var forecasts = new OwnerForecasts(Baselines.maxLastDay(),
                SETTINGS.withForecast(SETTINGS.forecast().withHorizon(20)));
        feed(forecasts, T0, T0.plus(Duration.ofHours(1)).plusSeconds(1), MINUTE, "n1", 0.3, 0.5);
        var start = T0.plus(Duration.ofHours(1));

        assertThat(forecasts.spare("n1", CPU, start.minusMillis(1))).isEmpty();
        assertThat(forecasts.spare("n1", CPU, start)).hasValueCloseTo(0.6, within(1e-12));
        assertThat(forecasts.spare("n1", CPU, start.plus(Duration.ofHours(1)).minusMillis(1)))
                .hasValueCloseTo(0.6, within(1e-12));
        assertThat(forecasts.spare("n1", CPU, start.plus(Duration.ofHours(1)))).isEmpty();
    }

    @Test
    void aStepForecastAsNaNHasSpareZeroAsOnTheTopicAndSpareIsCappedToZeroAndOne() {
        // Step h forecasts NaN, 0.2, -0.5, 0.95 for h mod 4 = 0, 1, 2, 3.
        double[] pattern = {Double.NaN, 0.2, -0.5, 0.95};
        var forecasts = new OwnerForecasts(stub(h -> pattern[(int) h % 4]), SETTINGS);
        feed(forecasts, T0, T0.plus(Duration.ofHours(1)).plusSeconds(1), MINUTE, "n1", 0.3, 0.5);
        var start = T0.plus(Duration.ofHours(1));
        var step = Duration.ofMinutes(3);

        assertThat(forecasts.spare("n1", CPU, start)).hasValue(0.0);
        assertThat(forecasts.spare("n1", CPU, start.plus(step))).hasValueCloseTo(1 - 0.2 - 0.1, within(1e-12));
        assertThat(forecasts.spare("n1", CPU, start.plus(step.multipliedBy(2)))).hasValue(1.0);
        assertThat(forecasts.spare("n1", CPU, start.plus(step.multipliedBy(3)))).hasValue(0.0);
    }

    @Test
    void theHistoryHoldsASampleOverStepsWithoutOneForAtMostTheMaxHoldAsTheStageDoes() {
        // The echo learner forecasts the last hour of its history again: the forecast shows the resampled window.
        var forecasts = new OwnerForecasts(new ForecasterFixtures.EchoForecaster(),
                SETTINGS.withForecast(SETTINGS.forecast().withWindow(Duration.ofHours(1)).withHorizon(20))
                        .withMargins(0, 0));
        // Samples every 5 min from 00:00 to 00:30, CPU 0.2 at even ones and 0.4 at odd ones; silent for 14 min (less
        // than the staleness bound); then every minute from 00:44.
        for (int k = 0; k <= 6; k++) {
            forecasts.observe(round(T0.plus(MINUTE.multipliedBy(5L * k)), "n1", k % 2 == 0 ? 0.2 : 0.4, 0.5));
        }
        feed(forecasts, T0.plus(MINUTE.multipliedBy(44)), T0.plus(Duration.ofHours(1)).plusSeconds(1), MINUTE, "n1",
                0.6, 0.5);
        // Forecast step j (from 01:00) echoes the window's step j, [3j, 3j + 3) min after 00:00.
        var step = Duration.ofMinutes(3);
        var start = T0.plus(Duration.ofHours(1));
        IntFunction<OptionalDouble> spare = j -> forecasts.spare("n1", CPU,
                start.plus(step.multipliedBy(j)));

        assertThat(spare.apply(0)).as("[0, 3): 0.2 at 0").hasValueCloseTo(0.8, within(1e-12));
        assertThat(spare.apply(1)).as("[3, 6): 0.4 at 5").hasValueCloseTo(0.6, within(1e-12));
        assertThat(spare.apply(2)).as("[6, 9): no sample, holds 0.4 at 5").hasValueCloseTo(0.6, within(1e-12));
        assertThat(spare.apply(12)).as("[36, 39): holds 0.2 at 30, 9 min").hasValueCloseTo(0.8, within(1e-12));
        assertThat(spare.apply(13)).as("[39, 42): 12 min after 30, a gap: spare 0").hasValue(0.0);
        assertThat(spare.apply(14)).as("[42, 45): 0.6 at 44").hasValueCloseTo(0.4, within(1e-12));
    }

    @Test
    void aLearnerThatThrowsLeavesThePreviousForecastInForce() {
        var calls = new int[1];
        Forecaster failsSecondTime = new Forecaster() {
            @Override
            public String name() {
                return "fails-second-time";
            }

            @Override
            public QuantileForecast forecast(Series history, ForecastRequest request) {
                if (++calls[0] == 2) {
                    throw new IllegalStateException("no fit");
                }
                return Baselines.maxLastDay().forecast(history, request);
            }
        };
        var forecasts = new OwnerForecasts(failsSecondTime, SETTINGS);
        feed(forecasts, T0, T0.plus(Duration.ofHours(1)).plusSeconds(1), MINUTE, "n1", 0.3, 0.5);
        assertThat(forecasts.forecastStart("n1", CPU)).contains(T0.plus(Duration.ofHours(1)));

        feed(forecasts, T0.plus(Duration.ofMinutes(61)), T0.plus(Duration.ofHours(2)).plusSeconds(1), MINUTE,
                "n1", 0.3, 0.5);

        assertThat(forecasts.forecastStart("n1", CPU)).contains(T0.plus(Duration.ofHours(1)));
        assertThat(forecasts.failedRefits()).isEqualTo(1);
        assertThat(forecasts.spare("n1", CPU, T0.plus(Duration.ofHours(2)))).hasValueCloseTo(0.6, within(1e-12));
    }

    @Test
    void warmUpOnTheOwnersHistoryGivesAForecastFromTheFirstRound() {
        var history = samples(T0.minus(Duration.ofDays(1)), T0, Duration.ofMinutes(5), 0.4, 0.2);
        var owners = new OwnerLoad(Map.of("n1", samples(T0, T0.plus(Duration.ofHours(1)), Duration.ofMinutes(5),
                0.4, 0.2)), Map.of("n1", history));
        var forecasts = new OwnerForecasts(Baselines.maxLastDay(), SETTINGS, owners);
        var firstRound = T0.plusSeconds(3);

        forecasts.observe(round(firstRound, "n1", 0.4, 0.2));

        // The history crossed boundaries up to 23:00 the day before; the first round, at 00:00:03, crosses 00:00.
        assertThat(forecasts.forecastStart("n1", CPU)).contains(T0);
        assertThat(forecasts.spare("n1", CPU, firstRound)).hasValueCloseTo(1 - 0.4 - 0.1, within(1e-12));
        assertThat(forecasts.spare("n1", MEMORY, firstRound)).hasValueCloseTo(1 - 0.2 - 0.1, within(1e-12));
    }

    @Test
    void withoutWarmUpTheFirstRoundHasNoForecast() {
        var owners = new OwnerLoad(Map.of("n1", List.of(constant(T0, 0.4, 0.2))),
                Map.of("n1", samples(T0.minus(Duration.ofDays(1)), T0, Duration.ofMinutes(5), 0.4, 0.2)));
        var off = new OwnerForecasts(Baselines.maxLastDay(), SETTINGS.withWarmUp(Duration.ZERO), owners);
        var noLoad = maxLastDay();

        off.observe(round(T0.plusSeconds(3), "n1", 0.4, 0.2));
        noLoad.observe(round(T0.plusSeconds(3), "n1", 0.4, 0.2));

        assertThat(off.spare("n1", CPU, T0.plusSeconds(3))).isEmpty();
        assertThat(noLoad.spare("n1", CPU, T0.plusSeconds(3))).isEmpty();
    }

    @Test
    void warmUpResamplesTheOwnersHistoryByTheStagesRule() {
        // In every 3-minute step: a sample of 0.2 at its start and one of 0.8 a minute in. The stage's rule takes the
        // mean of a step's samples, 0.5, so max-24h forecasts 0.5 (the time-weighted mean would be 0.6, the largest
        // sample 0.8).
        var history = new ArrayList<OwnerSample>();
        for (var t = T0.minus(Duration.ofDays(1)); t.isBefore(T0); t = t.plus(Duration.ofMinutes(3))) {
            history.add(constant(t, 0.2, 0.2));
            history.add(constant(t.plus(MINUTE), 0.8, 0.2));
        }
        var owners = new OwnerLoad(Map.of("n1", List.of(constant(T0, 0.2, 0.2))), Map.of("n1", history));
        var forecasts = new OwnerForecasts(Baselines.maxLastDay(), SETTINGS, owners);

        // The first round at T0: the warm-up day starts at a step, so no step of it is cut.
        forecasts.observe(round(T0, "n1", 0.2, 0.2));

        assertThat(forecasts.spare("n1", CPU, T0)).hasValueCloseTo(1 - 0.5 - 0.1, within(1e-9));
    }

    @Test
    void warmUpTakesOnlyTheWarmUpPeriodOfTheHistory() {
        // 0.9 until two hours before the start, 0.3 since: a two-hour warm-up sees only 0.3.
        var history = new ArrayList<>(samples(T0.minus(Duration.ofDays(1)), T0.minus(Duration.ofHours(2)),
                Duration.ofMinutes(5), 0.9, 0.2));
        history.addAll(samples(T0.minus(Duration.ofHours(2)), T0, Duration.ofMinutes(5), 0.3, 0.2));
        var owners = new OwnerLoad(Map.of("n1", List.of(constant(T0, 0.3, 0.2))), Map.of("n1", history));
        var twoHours = new OwnerForecasts(Baselines.maxLastDay(), SETTINGS.withWarmUp(Duration.ofHours(2)), owners);
        var oneDay = new OwnerForecasts(Baselines.maxLastDay(), SETTINGS, owners);

        twoHours.observe(round(T0.plusSeconds(3), "n1", 0.3, 0.2));
        oneDay.observe(round(T0.plusSeconds(3), "n1", 0.3, 0.2));

        assertThat(twoHours.spare("n1", CPU, T0.plusSeconds(3))).hasValueCloseTo(1 - 0.3 - 0.1, within(1e-12));
        assertThat(oneDay.spare("n1", CPU, T0.plusSeconds(3))).hasValueCloseTo(1 - 0.9 - 0.1, within(1e-12));
    }

    @Test
    void aNodeWithoutHistoryDoesNotWarmUp() {
        // n1 has no owner sample at all, n2 has samples in the run; the load says nothing of before the run for
        // either, so neither is sent to the stage through Kafka, and neither warms up here.
        var owners = new OwnerLoad(Map.of("n2", List.of(constant(T0, 0.5, 0.5))));
        var forecasts = new OwnerForecasts(Baselines.maxLastDay(), SETTINGS, owners);
        var first = new ArrayList<>(round(T0.plusSeconds(3), "n1", 0, 0));
        first.addAll(round(T0.plusSeconds(3), "n2", 0.5, 0.5));

        forecasts.observe(first);

        assertThat(forecasts.spare("n1", CPU, T0.plusSeconds(3))).isEmpty();
        assertThat(forecasts.spare("n2", CPU, T0.plusSeconds(3))).isEmpty();
        assertThat(forecasts.refits()).isZero();
    }

    @Test
    void theWarmUpOfANodeWhoseOwnersStartAfterTheFirstRoundEndsAtTheFirstRound() {
        // n1's owners start an hour into the run, their history just before that; the first round is at T0 + 3 s.
        var start = T0.plus(Duration.ofHours(1));
        var owners = new OwnerLoad(Map.of("n1", List.of(constant(start, 0.4, 0.2))),
                Map.of("n1", samples(start.minus(Duration.ofDays(1)), start, Duration.ofMinutes(5), 0.4, 0.2)));
        var forecasts = new OwnerForecasts(Baselines.maxLastDay(), SETTINGS, owners);

        forecasts.observe(round(T0.plusSeconds(3), "n1", 0, 0));

        assertThat(forecasts.forecastStart("n1", CPU)).contains(T0);
        assertThat(forecasts.spare("n1", CPU, T0.plusSeconds(3))).hasValueCloseTo(1 - 0.4 - 0.1, within(1e-12));
    }

    @Test
    void aRoundWithoutOwnerSamplesDoesNotStartTheWarmUp() {
        var owners = new OwnerLoad(Map.of("n1", List.of(constant(T0, 0.4, 0.2))),
                Map.of("n1", samples(T0.minus(Duration.ofDays(1)), T0, Duration.ofMinutes(5), 0.4, 0.2)));
        var forecasts = new OwnerForecasts(Baselines.maxLastDay(), SETTINGS, owners);

        forecasts.observe(List.of(new Utilization("n1", T0.plusSeconds(3), Utilization.Metric.CPU,
                Utilization.Source.EPHEMERAL, 0.5)));
        forecasts.observe(round(T0.plusSeconds(6), "n1", 0.4, 0.2));

        assertThat(forecasts.spare("n1", CPU, T0.plusSeconds(6))).hasValueCloseTo(1 - 0.4 - 0.1, within(1e-12));
    }

    @Test
    void sameRoundsGiveTheSameAnswersWhenEverOrWhetherTheForecastsWereRead() {
        // A learner that follows the wave (the default, a recent peak, forecasts a constant).
        var readEveryHour = new OwnerForecasts(Forecasters.seasonalEnvelope(), SETTINGS);
        var readAtTheEnd = new OwnerForecasts(Forecasters.seasonalEnvelope(), SETTINGS);
        // A daily wave with a deterministic wobble, 2 days and 5 minutes, a sample a minute.
        for (int minute = 0; minute <= 2 * 24 * 60 + 5; minute++) {
            var t = T0.plus(MINUTE.multipliedBy(minute));
            double cpu = 0.4 + 0.3 * Math.sin(2 * Math.PI * minute / (24 * 60)) + 0.05 * Math.sin(minute * 0.7);
            var samples = round(t, "n1", cpu, 0.5 + 0.1 * Math.cos(minute * 0.3));
            readEveryHour.observe(samples);
            readAtTheEnd.observe(samples);
            if (minute % 60 == 1) {
                readEveryHour.spare("n1", CPU, t);
                readEveryHour.spare("n1", MEMORY, t);
            }
        }

        var answers = answers(readEveryHour);

        assertThat(answers).isEqualTo(answers(readAtTheEnd));
        assertThat(answers).allMatch(OptionalDouble::isPresent);
        assertThat(answers.stream().mapToDouble(OptionalDouble::getAsDouble).distinct().count())
                .as("the wave is forecast, not a constant").isGreaterThan(10);
        assertThat(readEveryHour.forecastStart("n1", CPU)).contains(T0.plus(Duration.ofDays(2)));
    }

    @Test
    void samplesOfASeriesMustComeInIncreasingTime() {
        var forecasts = maxLastDay();
        forecasts.observe(round(T0.plusSeconds(6), "n1", 0.3, 0.5));

        assertThatThrownBy(() -> forecasts.observe(round(T0.plusSeconds(3), "n1", 0.3, 0.5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("node n1").hasMessageContaining("is not after its previous sample");
    }

    @Test
    void settingsRejectAWindowOfPartStepsAndAMarginOutsideZeroToOne() {
        assertThatThrownBy(() -> SETTINGS.forecast().withWindow(Duration.ofMinutes(10)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whole number of steps");
        assertThatThrownBy(() -> SETTINGS.withMargins(0.1, 1.0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("safety margin of MEMORY");
        assertThatThrownBy(() -> SETTINGS.withWarmUp(Duration.ofHours(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("warmUp");
    }

    @Test
    void defaultsAreTheForecasterStagesWithTheQosControllersMargins() {
        var stage = ForecastSettings.defaults();
        var qos = QosSettings.defaults();
        assertThat(OwnerForecastSettings.defaults().forecast()).isEqualTo(stage.withMargin(ResourceMetric.CPU, qos.cpuSafetyMargin())
                .withMargin(ResourceMetric.MEMORY, qos.ramSafetyMargin()));
        assertThat(SETTINGS.margin(Utilization.Metric.CPU)).isEqualTo(qos.cpuSafetyMargin());
        assertThat(SETTINGS.margin(Utilization.Metric.MEMORY)).isEqualTo(qos.ramSafetyMargin());
        assertThat(qos.cpuSafetyMargin()).isNotEqualTo(stage.margin(ResourceMetric.CPU));
        assertThat(SETTINGS.warmUp()).isEqualTo(Duration.ofDays(1));
        assertThat(OwnerForecasts.of(OwnerLoad.NONE).forecasterName()).isEqualTo(Forecasters.STANDARD_NAME);
    }

    @Test
    void ownerHistoryMustEndBeforeTheNodesFirstSample() {
        assertThatThrownBy(() -> new OwnerLoad(Map.of("n1", List.of(constant(T0, 0.1, 0.1))),
                Map.of("n1", List.of(constant(T0, 0.1, 0.1)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("owner history of node n1 must end before its first sample");
    }

    /** Every step of the last forecast of n1, CPU and memory, read at its start plus h steps. */
    private static List<OptionalDouble> answers(OwnerForecasts forecasts) {
        var start = forecasts.forecastStart("n1", CPU).orElseThrow();
        var answers = new ArrayList<OptionalDouble>();
        for (int h = 0; h < SETTINGS.forecast().horizon(); h++) {
            for (Resource resource : Resource.values()) {
                answers.add(forecasts.spare("n1", resource, start.plus(SETTINGS.forecast().step().multipliedBy(h))));
            }
        }
        return answers;
    }

    /** A learner forecasting {@code use(h)} at step h, whatever the history. */
    private static Forecaster stub(DoubleUnaryOperator use) {
        return new Forecaster() {
            @Override
            public String name() {
                return "stub";
            }

            @Override
            public QuantileForecast forecast(Series history, ForecastRequest request) {
                var values = new double[request.horizon()];
                for (int h = 0; h < values.length; h++) {
                    values[h] = use.applyAsDouble(h);
                }
                return new QuantileForecast(history.end(), history.step(), request.quantiles(),
                        new double[][] {values});
            }
        };
    }
}
