package io.gleaner.planner.topology;

import static io.gleaner.schemas.forecasts.ForecastFixtures.T0;
import static io.gleaner.schemas.forecasts.ForecastFixtures.forecast;
import static io.gleaner.schemas.forecasts.ForecastFixtures.on;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.forecasts.SpareCapacity;
import io.gleaner.schemas.forecasts.SpareCapacity.Spare;
import io.gleaner.schemas.forecasts.SpareCapacity.Status;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The planner's global view of {@code forecasts}, read through {@link SpareCapacity}. */
class ForecastOutlookTest {

    private static final Topics TOPICS = Topics.withPrefix("test.");

    @TempDir
    Path stateDir;

    private final AvroSerde<CapacityForecast> serde =
            AvroSerde.of(CapacityForecast.class, new InMemorySchemaRegistryClient());
    private final List<DeadLetter> deadLetters = new ArrayList<>();

    /** A driver of a topology that holds only the view, its dead letters going to {@link #deadLetters}. */
    private TopologyTestDriver viewDriver() {
        var stage = StageSettings.defaults("reader", "reader").withStateDir(stateDir);
        var builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(stage.streamsProperties())));
        ForecastOutlook.addView(builder, TOPICS, serde, stage.eventTimeBound(), "test",
                (key, deadLetter) -> deadLetters.add(deadLetter));
        return new TopologyTestDriver(builder.build(), stage.streamsProperties());
    }

    @Test
    void shouldReadTheForecastsTopicThroughTheView() {
        try (var driver = viewDriver()) {
            var input = driver.createInputTopic(TOPICS.forecasts().name(), new StringSerializer(), serde.serializer());
            input.pipeInput("n1/CPU", forecast(false), T0);

            var spare = SpareCapacity.of(
                    driver.<String, CapacityForecast>getKeyValueStore(PlannerTopology.FORECASTS_VIEW_STORE));

            assertThat(spare.at("n1", Metric.CPU, T0.plusSeconds(200))).isEqualTo(new Spare(Status.AVAILABLE, 0.25));
            assertThat(spare.forecast("n1", Metric.CPU)).contains(forecast(false));
            assertThat(deadLetters).isEmpty();
        }
    }

    @Test
    void shouldDeadLetterWhatTheViewCannotUseAndForgetTheForecastItReplaced() {
        try (var driver = viewDriver()) {
            var bytes = driver.createInputTopic(TOPICS.forecasts().name(), new StringSerializer(),
                    new ByteArraySerializer());
            var input = driver.createInputTopic(TOPICS.forecasts().name(), new StringSerializer(), serde.serializer());
            var spare = SpareCapacity.of(
                    driver.<String, CapacityForecast>getKeyValueStore(PlannerTopology.FORECASTS_VIEW_STORE));
            input.pipeInput("n1/CPU", forecast(false), T0);
            input.pipeInput("n2/CPU", on("n2", forecast(false)), T0);

            bytes.pipeInput("n1/CPU", new byte[] {0, 0, 0, 0, 9, 1}, T0);
            var nan = CapacityForecast.newBuilder(on("n2", forecast(false))).setSpare(List.of(0.5, Double.NaN, 0.0));
            input.pipeInput("n2/CPU", nan.build(), T0);
            input.pipeInput("n3/CPU", CapacityForecast.newBuilder(on("n3", forecast(false))).setStepMillis(0).build(),
                    T0);
            input.pipeInput("n4/CPU", CapacityForecast.newBuilder(on("n4", forecast(false)))
                    .setSpare(List.of(0.5, 1.5, 0.0)).build(), T0);
            input.pipeInput("n5/MEMORY", on("n5", forecast(false)), T0);
            input.pipeInput("n6/CPU", CapacityForecast.newBuilder(on("n6", forecast(false)))
                    .setIssuedAt(Instant.parse("2100-01-01T00:00:00Z")).build(), T0);

            assertThat(deadLetters).extracting(DeadLetter::getReason).satisfiesExactly(
                    reason -> assertThat(reason).startsWith("cannot decode 6 bytes"),
                    reason -> assertThat(reason).isEqualTo("spare[1] must be finite and in [0.0, 1.0], was NaN"
                            + " (node n2, CPU)"),
                    reason -> assertThat(reason).startsWith("stepMillis must be in 1.."),
                    reason -> assertThat(reason).isEqualTo("spare[1] must be finite and in [0.0, 1.0], was 1.5"
                            + " (node n4, CPU)"),
                    reason -> assertThat(reason).isEqualTo("record key 'n5/MEMORY' is not the forecast's series key"
                            + " 'n5/CPU'"),
                    reason -> assertThat(reason).startsWith("event time 2100-01-01T00:00:00Z is more than PT15M after"
                            + " the wall clock"));
            assertThat(deadLetters).extracting(DeadLetter::getStage).containsOnly("test");
            // What the bad records replaced is gone: the planner places on no forecast rather than a superseded one.
            assertThat(spare.at("n1", Metric.CPU, T0).status()).isEqualTo(Status.NO_FORECAST);
            assertThat(spare.at("n2", Metric.CPU, T0).status()).isEqualTo(Status.NO_FORECAST);

            input.pipeInput("n1/CPU", forecast(false), T0.plusSeconds(60));
            assertThat(spare.at("n1", Metric.CPU, T0)).isEqualTo(new Spare(Status.AVAILABLE, 0.5));
        }
    }
}
