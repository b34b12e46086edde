package io.gleaner.forecaster.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.forecaster.ForecastSettings;
import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.Baselines;
import io.gleaner.forecaster.core.Forecaster;
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
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Named;
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

    /** Pipes the samples through the stage and returns its forecast issued at {@code origin}. */
    private CapacityForecast stageForecastAt(Forecaster learner, List<Long> seconds, List<Double> values,
                                             ForecastSettings settings, Instant origin) {
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
            return output.readValuesToList().stream()
                    .filter(forecast -> !forecast.getStale() && forecast.getIssuedAt().equals(origin))
                    .findFirst().orElseThrow();
        }
    }
}
