package io.gleaner.evaluators.forecasts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.forecaster.core.Baselines;
import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.core.QuantileForecast;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.forecaster.core.Series;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WalkForwardTest {

    private static final Duration STEP = Duration.ofHours(6);

    /** Forecasts a constant, and remembers the longest history it was given. */
    private static final class Constant implements Forecaster {
        final double value;
        volatile int longest;
        volatile double lastSeen = Double.NaN;

        Constant(double value) {
            this.value = value;
        }

        @Override
        public String name() {
            return "c" + value;
        }

        @Override
        public QuantileForecast forecast(Series history, ForecastRequest request) {
            longest = Math.max(longest, history.length());
            lastSeen = history.values()[history.length() - 1];
            double[][] out = new double[1][request.horizon()];
            Arrays.fill(out[0], value);
            return new QuantileForecast(history.end(), history.step(), request.quantiles(), out);
        }
    }

    @Test
    void shouldScoreEachHostDayOnThePastOnly() {
        // Four steps a day, five days; day d has use 0.1 * (d + 1) at each step, one gap on day 3.
        double[] v = new double[20];
        for (int i = 0; i < v.length; i++) {
            v[i] = 0.1 * (i / 4 + 1);
        }
        v[13] = Double.NaN;
        var series = new TraceSeries("n1", "cpu", new Series(Instant.EPOCH, STEP, v));
        var model = new Constant(0.35);
        var walk = new WalkForward(List.of(model, Baselines.maxLastDay()), new double[] {0.9}, 4, 2, 2, 0.05,
                Set.of("n1/cpu"));
        var result = walk.run(List.of(series));
        assertThat(result.origins()).isEqualTo(3);
        assertThat(model.longest).isEqualTo(8);
        assertThat(model.lastSeen).isEqualTo(0.4);
        var days = result.hostDays().stream().filter(d -> d.model().equals("c0.35")).toList();
        assertThat(days).extracting(WalkForward.HostDay::steps).containsExactly(4, 3, 4);
        // Day 2 (0.3) is below 0.35, days 3 (0.4) and 4 (0.5) are above.
        assertThat(days).extracting(WalkForward.HostDay::violations).containsExactly(0, 3, 4);
        assertThat(days.get(0).pinball()).isCloseTo(0.1 * 0.05, within(1e-12));
        assertThat(days.get(0).reclaimable()).isCloseTo(1 - 0.35 - 0.05, within(1e-12));

        var lines = Summary.of(result.hostDays());
        var constant = lines.get(0);
        assertThat(constant.violationRate()).isCloseTo(7.0 / 11, within(1e-12));
        assertThat(constant.hostDaysOver()).isCloseTo(2.0 / 3, within(1e-12));
        var max = lines.get(1);
        assertThat(max.model()).isEqualTo("max-24h");
        assertThat(max.ratioToMax24h()).isEqualTo(1.0);
        assertThat(constant.ratioToMax24h()).isCloseTo(constant.reclaimable() / max.reclaimable(), within(1e-12));
        assertThat(constant.gapShare()).as("no bound run").isNaN();
        assertThat(result.traces()).hasSize(1);
        assertThat(result.traces().get(0).forecasts()[0][0][8]).isEqualTo(0.35);
        assertThat(result.traces().get(0).forecasts()[0][0][7]).isNaN();
    }

    @Test
    void shouldScoreEachForecastUntilTheNextOriginAndAddUpTheHostDay() {
        // Four steps a day, four days, use rising 0.05 a step; a forecast every step (refit period 1 step).
        double[] v = new double[16];
        for (int i = 0; i < v.length; i++) {
            v[i] = 0.05 * i;
        }
        var series = new TraceSeries("n1", "cpu", new Series(Instant.EPOCH, STEP, v));
        var daily = new WalkForward(List.of(Baselines.lastValue()), new double[] {0.5}, 4, 2, 2, 0.0, Set.of("n1/cpu"))
                .run(List.of(series));
        var everyStep = new WalkForward(List.of(Baselines.lastValue()), new double[] {0.5}, 4, 1, 2, 2, 0.0,
                Set.of("n1/cpu")).run(List.of(series));

        // Two host-days either way, of four scored steps each; one origin a day, or one a step.
        assertThat(daily.origins()).isEqualTo(2);
        assertThat(everyStep.origins()).isEqualTo(8);
        assertThat(everyStep.hostDays()).extracting(WalkForward.HostDay::origin).containsExactly(8, 12);
        assertThat(everyStep.hostDays()).extracting(WalkForward.HostDay::steps).containsExactly(4, 4);
        // Day 2 (steps 8 to 11), use 0.40 to 0.55. Once a day, the last value (0.35) stands all day: 4 violations,
        // pinball 0.5 * mean(0.05, 0.10, 0.15, 0.20). Refit every step, each forecast is the step before: 0.05 below.
        var once = daily.hostDays().get(0);
        assertThat(once.violations()).isEqualTo(4);
        assertThat(once.pinball()).isCloseTo(0.5 * 0.125, within(1e-12));
        var refit = everyStep.hostDays().get(0);
        assertThat(refit.violations()).isEqualTo(4);
        assertThat(refit.pinball()).isCloseTo(0.5 * 0.05, within(1e-12));
        assertThat(refit.reclaimable()).isCloseTo(1 - (0.35 + 0.40 + 0.45 + 0.50) / 4, within(1e-12));
        // The plot shows the forecast in force at each step.
        assertThat(everyStep.traces().get(0).forecasts()[0][0][9]).isCloseTo(0.40, within(1e-12));
        assertThat(daily.traces().get(0).forecasts()[0][0][9]).isCloseTo(0.35, within(1e-12));
    }

    @Test
    void shouldRefitAfterEachMissAndReserveTheWholeCapacityOnceTheDaysBudgetIsSpent() {
        // Four steps a day, one forecast a day from the last value; at q = 0.5 a day may hold 2 misses.
        double[] v = {0.1, 0.1, 0.1, 0.1, 0.1, 0.5, 0.8, 0.9, 0.9, 0.4, 0.4, 0.4, 0.4, 0.4, 0.4, 0.4};
        var series = new TraceSeries("n1", "cpu", new Series(Instant.EPOCH, STEP, v));
        var plain = new WalkForward(List.of(Baselines.lastValue(), Baselines.maxLastDay()), new double[] {0.5}, 4, 4,
                1, 1, 0.0, Set.of("n1/cpu"));
        var before = plain.run(List.of(series));
        var after = plain.withReaction(new MissReaction(0.05)).run(List.of(series));

        // Without: day 1 keeps the 0.1 of step 3 and misses at steps 5, 6 and 7.
        assertThat(before.hostDays().get(0).violations()).isEqualTo(3);
        // With: the miss at 5 brings 0.5 + 0.05 at 6, which misses too; that spends the budget, so from 7 the forecast
        // is the whole capacity, also at day 2's origin (8), until the miss at 5 is a day old (9): then 0.9 + 0.05,
        // for the one miss left in the day. Day 3's origin (12) finds no miss of the last day: the last value, 0.4.
        double[] inForce = after.traces().get(0).forecasts()[0][0];
        assertThat(Arrays.copyOfRange(inForce, 4, 13)).usingComparatorWithPrecision(1e-12)
                .containsExactly(0.1, 0.1, 0.55, 1.0, 1.0, 0.95, 0.95, 0.95, 0.4);
        assertThat(after.hostDays()).filteredOn(d -> d.model().equals("last-value"))
                .extracting(WalkForward.HostDay::violations).containsExactly(2, 0, 0);
        assertThat(after.hostDays().get(0).reclaimable()).isCloseTo((0.9 + 0.9 + 0.45 + 0) / 4, within(1e-12));
        // Origins are the scheduled ones only; max-24h, the baseline of the ratios, does not react.
        assertThat(after.origins()).isEqualTo(before.origins());
        assertThat(after.hostDays()).filteredOn(d -> d.model().equals("max-24h"))
                .usingRecursiveFieldByFieldElementComparator()
                .containsExactlyElementsOf(before.hostDays().stream().filter(d -> d.model().equals("max-24h"))
                        .toList());
    }

    @Test
    void shouldRefuseARefitPeriodThatDoesNotDivideTheHorizon() {
        assertThatThrownBy(() -> new WalkForward(List.of(Baselines.lastValue()), new double[] {0.5}, 4, 3, 2, 2,
                0.0, Set.of())).hasMessageContaining("refitSteps must be >= 1 and divide the horizon of 4 steps");
    }

    /** Forecasts 0.5 for memory series and 0.2 for any other, as told by the request. */
    private static final class ByMetric implements Forecaster {
        @Override
        public String name() {
            return "by-metric";
        }

        @Override
        public QuantileForecast forecast(Series history, ForecastRequest request) {
            double[][] out = new double[1][request.horizon()];
            Arrays.fill(out[0], request.metric() == ResourceMetric.MEMORY ? 0.5 : 0.2);
            return new QuantileForecast(history.end(), history.step(), request.quantiles(), out);
        }
    }

    @Test
    void shouldTellTheModelsTheMetricAndSummarizeEachMetric() {
        // Use 0.3 on both metrics: the model's 0.2 for cpu violates every step, its 0.5 for memory none.
        double[] v = new double[12];
        Arrays.fill(v, 0.3);
        var cpu = new TraceSeries("n1", "cpu", new Series(Instant.EPOCH, STEP, v));
        var memory = new TraceSeries("n1", "memory", new Series(Instant.EPOCH, STEP, v.clone()));
        var walk = new WalkForward(List.of(new ByMetric(), Baselines.maxLastDay()), new double[] {0.9}, 4, 2, 1,
                0.05, Set.of());
        var result = walk.run(List.of(cpu, memory));

        var lines = Summary.byMetric(result.hostDays());
        assertThat(lines).extracting(Summary.MetricLine::metric).containsExactly("cpu", "cpu", "memory", "memory");
        var cpuLine = lines.get(0).line();
        var memoryLine = lines.get(2).line();
        assertThat(cpuLine.model()).isEqualTo("by-metric");
        assertThat(cpuLine.violationRate()).isEqualTo(1.0);
        assertThat(memoryLine.violationRate()).isEqualTo(0.0);
        assertThat(memoryLine.reclaimable()).isCloseTo(1 - 0.5 - 0.05, within(1e-12));
        // Each metric's ratio is to max-24h on that metric's host-days (0.3 there).
        assertThat(memoryLine.ratioToMax24h()).isCloseTo(0.45 / 0.65, within(1e-12));
        assertThat(cpuLine.ratioToMax24h()).isCloseTo(0.75 / 0.65, within(1e-12));
        assertThat(Summary.of(result.hostDays()).get(0).violationRate()).isEqualTo(0.5);
    }

    @Test
    void shouldGiveTheShareOfTheGapBetweenMax24hAndTheBoundThatAModelCaptures() {
        // Four steps a day, four days at 0.2 but for one step at 0.5 on day 2; the bound, at q = 0.75, allows it.
        double[] v = {0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.5, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2};
        var series = new TraceSeries("n1", "cpu", new Series(Instant.EPOCH, STEP, v));
        var result = new WalkForward(List.of(new Constant(0.3), Baselines.maxLastDay(), new DayOracle(),
                new Constant(0.6)), new double[] {0.75}, 4, 2, 2, 0.0, Set.of()).run(List.of(series));
        var lines = Summary.of(result.hostDays());

        // Reclaimable: max-24h 0.8 on day 2 (from day 1's 0.2), 0.5 on day 3 (day 2's 0.5): 0.65; the bound 0.8;
        // 0.3 reclaims 0.7 and 0.6 reclaims 0.4.
        assertThat(lines).extracting(Summary.Line::model)
                .containsExactly("c0.3", "max-24h", DayOracle.NAME, "c0.6");
        assertThat(lines.get(1).gapShare()).isZero();
        assertThat(lines.get(2).gapShare()).isCloseTo(1.0, within(1e-12));
        assertThat(lines.get(0).gapShare()).isCloseTo((0.7 - 0.65) / (0.8 - 0.65), within(1e-12));
        assertThat(lines.get(3).gapShare()).as("below the baseline").isCloseTo((0.4 - 0.65) / (0.8 - 0.65),
                within(1e-12));
        assertThat(Summary.gapShare(0.5, 0.4, 0.4)).as("no gap to capture").isNaN();
    }
}
