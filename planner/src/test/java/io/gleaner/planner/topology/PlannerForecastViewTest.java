package io.gleaner.planner.topology;

import static io.gleaner.planner.topology.PlannerEvents.heartbeat;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.forecasts.SeriesKey;
import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.CapacityOutlook.Resource;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The planner reads A(k,m,t) from {@code forecasts}: what the forecaster publishes reaches every policy. */
class PlannerForecastViewTest {

    private static final Instant T = Instant.parse("2013-08-01T00:00:00Z");
    private static final long STEP = 180_000;

    private final Topics topics = Topics.withPrefix("test.");
    private final PlannerSerdes serdes = PlannerSerdes.with(new InMemorySchemaRegistryClient());

    @TempDir
    Path stateDir;

    @Test
    void policySeesTheSpareCapacityOfTheForecastStepThatHoldsTheTime() {
        var config = PlannerConfig.defaults().withStage(s -> s.withStateDir(stateDir).withTopicPrefix("test."));
        var seen = new ArrayList<List<OptionalDouble>>();
        var topology = PlannerTopology.build(topics, serdes, config, PlannerEvents.NO_GLOBAL_DEAD_LETTERS, () -> (state, now) -> {
            var outlook = state.outlook();
            seen.add(List.of(
                    outlook.spare("n1", Resource.CPU, now),
                    outlook.spare("n1", Resource.CPU, T),
                    outlook.spare("n1", Resource.CPU, T.plusMillis(2 * STEP)),
                    outlook.spare("n1", Resource.MEMORY, T),
                    outlook.spare("n2", Resource.CPU, T)));
            return new PlacementResult(List.of(), List.of());
        });
        try (var driver = new TopologyTestDriver(topology, config.streamsProperties())) {
            var forecasts = driver.createInputTopic(topics.forecasts().name(), new StringSerializer(),
                    serdes.capacityForecast().serializer());
            forecasts.pipeInput(SeriesKey.text("n1", Metric.CPU), forecast("n1", false, List.of(0.4, 0.3)),
                    T.toEpochMilli());
            forecasts.pipeInput(SeriesKey.text("n2", Metric.CPU), forecast("n2", true, List.of()), T.toEpochMilli());
            var heartbeats = driver.createInputTopic(topics.nodesHeartbeats().name(), new StringSerializer(),
                    serdes.nodeHeartbeat().serializer());
            heartbeats.pipeInput("n1", heartbeat("n1", T.toEpochMilli() + STEP + 20_000, 4),
                    T.toEpochMilli() + STEP + 20_000);
        }

        // At the heartbeat, T + 3 min 20 s, in the forecast's second step [T + 3 min, T + 6 min): 0.3. Then the first
        // step, past the horizon, no memory forecast, and n2, which stopped reporting.
        assertThat(seen).containsExactly(List.of(OptionalDouble.of(0.3), OptionalDouble.of(0.4),
                OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty()));
    }

    private static CapacityForecast forecast(String node, boolean stale, List<Double> spare) {
        return CapacityForecast.newBuilder()
                .setNodeId(node)
                .setMetric(Metric.CPU)
                .setQuantile(0.99)
                .setIssuedAt(T)
                .setStart(T)
                .setStepMillis(STEP)
                .setUtilization(spare.stream().map(s -> 1 - s - 0.05).toList())
                .setSafetyMargin(0.05)
                .setSpare(spare)
                .setStale(stale)
                .build();
    }
}
