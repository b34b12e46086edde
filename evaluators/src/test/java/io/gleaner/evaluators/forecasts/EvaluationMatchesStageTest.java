package io.gleaner.evaluators.forecasts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.forecaster.ForecastSettings;
import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.Baselines;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.topology.ForecasterFixtures;
import io.gleaner.forecaster.topology.ForecasterSerdes;
import io.gleaner.forecaster.topology.ForecasterTopology;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code forecast-eval} scores is what the stage publishes: the same samples, resampled by each (the stage from
 * its window store, the evaluation by {@link SampleGrid} over the whole trace), give the stage's default learner the
 * same history, and so the same forecast at the same origin, step for step. Seasonal naive, which forecasts
 * yesterday's resampled use again, shows any difference in resampling; the default learner is what runs.
 */
class EvaluationMatchesStageTest {

    private static final Instant T0 = ForecasterFixtures.T0;

    @TempDir
    Path stateDir;

    /** The stage's default learner, and one that repeats yesterday's history as it was resampled. */
    static Stream<Named<Forecaster>> learners() {
        return Stream.of(Forecasters.standard(), Baselines.seasonalNaive()).map(f -> Named.of(f.name(), f));
    }

    @ParameterizedTest
    @MethodSource("learners")
    void theStagesForecastAtAnOriginIsTheOneTheWalkForwardScores(Forecaster learner) {
        // Two days and an hour of one host's CPU sampled about every 5 min (jitter of up to 20 s, one sample in 20
        // lost, a 40-minute outage on the first day), with a daily cycle: on the 3-minute grid, steps with a sample,
        // steps that hold one, and gaps. A window of one day and daily refits keep the stage's refits few.
        var random = new Random(11);
        List<Long> seconds = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (long t = 0; t < 2 * 86_400 + 3_600; t += 300) {
            boolean outage = t >= 36_000 && t < 38_400;
            if (outage || random.nextInt(20) == 0) {
                continue;
            }
            long at = t + random.nextInt(41) - 20;
            double cycle = 0.3 + 0.2 * Math.sin(2 * Math.PI * at / 86_400.0);
            seconds.add(Math.max(0, at));
            values.add(Math.min(1, Math.max(0, cycle + 0.05 * random.nextGaussian())));
        }

        var settings = ForecastSettings.defaults().withWindow(Duration.ofDays(1)).withRefitPeriod(Duration.ofDays(1));
        var stage = stageForecastAt(learner, seconds, values, settings, T0.plus(Duration.ofDays(1)));

        var grid = new SampleGrid(settings.step(), settings.maxHold());
        for (int i = 0; i < seconds.size(); i++) {
            grid.add("n1", SampleGrid.Resource.CPU, T0.plusSeconds(seconds.get(i)).toEpochMilli(), values.get(i));
        }
        var cpu = grid.series().get(0);
        assertThat(cpu.series().start()).isEqualTo(T0);
        var walk = new WalkForward(List.of(learner), new double[] {settings.quantile()},
                settings.horizon(), 1, 1, 0.05, Set.of(cpu.key()));
        var trace = walk.run(List.of(cpu)).traces().get(0);
        int origin = 480;
        double[] evaluated = new double[settings.horizon()];
        System.arraycopy(trace.forecasts()[0][0], origin, evaluated, 0, evaluated.length);

        assertThat(stage.getStart()).isEqualTo(T0.plus(Duration.ofDays(1)));
        double[] published = stage.getUtilization().stream().mapToDouble(Double::doubleValue).toArray();
        assertThat(published).containsExactly(evaluated);
        assertThat(cpu.series().values()).as("the history has gaps as well as held steps").contains(Double.NaN);
    }

    @Test
    void theStageReactsToItsMissesAsTheWalkForwardScoresThem() {
        // Three days of one host's CPU, one sample 30 s into every 3-minute step: 0.2, with four bursts on the second
        // day, each a miss of the recent peak; the fourth spends the day's budget of 4 at q = 0.99, so the forecast is
        // the whole capacity until the first is a day old, on the third day (counted by step, as the evaluation does).
        int day = 480;
        List<Long> seconds = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        var bursts = Map.of(day + 100, 0.5, day + 200, 0.7, day + 300, 0.8, day + 400, 0.9);
        for (int step = 0; step < 3 * day; step++) {
            seconds.add(step * 180L + 30);
            values.add(bursts.getOrDefault(step, 0.2));
        }
        var learner = Forecasters.recentPeak(1, 0.01);
        var settings = ForecastSettings.defaults().withWindow(Duration.ofDays(1)).withReaction(new MissReaction(0.05));
        var published = stageForecasts(learner, seconds, values, settings);

        var grid = new SampleGrid(settings.step(), settings.maxHold());
        for (int i = 0; i < seconds.size(); i++) {
            grid.add("n1", SampleGrid.Resource.CPU, T0.plusSeconds(seconds.get(i)).toEpochMilli(), values.get(i));
        }
        var cpu = grid.series().get(0);
        var walk = new WalkForward(List.of(learner), new double[] {settings.quantile()}, settings.horizon(), 20, 1, 1,
                0.05, Set.of(cpu.key())).withReaction(settings.reaction().orElseThrow());
        var result = walk.run(List.of(cpu));
        double[] evaluated = result.traces().get(0).forecasts()[0][0];

        double[] inForce = new double[3 * day];
        for (int step = day; step < 3 * day; step++) {
            inForce[step] = inForceAt(published, T0.plusSeconds(step * 180L));
        }
        assertThat(Arrays.copyOfRange(inForce, day, 3 * day)).containsExactly(
                Arrays.copyOfRange(evaluated, day, 3 * day));
        // What the reaction did: 0.5 + 0.01 + 0.05 after the first miss, the whole capacity after the fourth, and when
        // the first is a day old the recent peak 0.2 + 0.01 + 3 × 0.05 for the three misses left.
        assertThat(inForce[day + 101]).isCloseTo(0.56, within(1e-9));
        assertThat(inForce[day + 401]).isEqualTo(1.0);
        assertThat(inForce[2 * day + 99]).isEqualTo(1.0);
        assertThat(inForce[2 * day + 100]).isCloseTo(0.36, within(1e-9));
        assertThat(result.hostDays()).extracting(WalkForward.HostDay::violations).containsExactly(4, 0);
    }

    /** The use the newest of {@code published} that has started forecasts at {@code time}. */
    private static double inForceAt(List<CapacityForecast> published, Instant time) {
        CapacityForecast newest = null;
        for (var forecast : published) {
            if (!forecast.getStart().isAfter(time)) {
                newest = forecast;
            }
        }
        int index = (int) (Duration.between(newest.getStart(), time).toMillis() / newest.getStepMillis());
        return newest.getUtilization().get(index);
    }

    /** Pipes the samples through the stage and returns its forecast issued at {@code origin}. */
    private CapacityForecast stageForecastAt(Forecaster learner, List<Long> seconds, List<Double> values,
                                             ForecastSettings settings, Instant origin) {
        return stageForecasts(learner, seconds, values, settings).stream()
                .filter(forecast -> forecast.getIssuedAt().equals(origin))
                .findFirst().orElseThrow();
    }

    /** Pipes the samples through the stage and returns the fresh forecasts it published, in order. */
    private List<CapacityForecast> stageForecasts(Forecaster learner, List<Long> seconds, List<Double> values,
                                                  ForecastSettings settings) {
        var topics = Topics.withPrefix("test.");
        var serdes = ForecasterSerdes.with(new InMemorySchemaRegistryClient());
        var config = ForecasterConfig.defaults().withStage(s -> s.withStateDir(stateDir).withTopicPrefix("test."))
                .withSettings(settings);
        try (var driver = new TopologyTestDriver(ForecasterTopology.build(topics, serdes, config, learner),
                config.streamsProperties())) {
            var input = driver.createInputTopic(topics.nodesUtilization().name(), new StringSerializer(),
                    serdes.utilizationSample().serializer());
            var output = driver.createOutputTopic(topics.forecasts().name(), new StringDeserializer(),
                    serdes.capacityForecast().deserializer());
            for (int i = 0; i < seconds.size(); i++) {
                var sample = ForecasterFixtures.sample("n1", Metric.CPU, seconds.get(i), values.get(i));
                input.pipeInput("n1", sample, sample.getTime());
            }
            return output.readValuesToList().stream().filter(forecast -> !forecast.getStale()).toList();
        }
    }
}
