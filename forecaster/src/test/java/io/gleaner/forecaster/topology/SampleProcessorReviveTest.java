package io.gleaner.forecaster.topology;

import static io.gleaner.forecaster.topology.ForecasterFixtures.T0;
import static io.gleaner.forecaster.topology.ForecasterFixtures.sample;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.runtime.Decoded;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UtilizationSample;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.LongSerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.processor.api.Processor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SampleProcessor} when Kafka Streams revives its task. Under exactly-once a task closed dirty (its state
 * found corrupted, or its transaction aborted) gets its stores back as of the last commit and processes the input
 * again from there, with the processor instance it had, initialised again. What the processor keeps in memory must
 * go back with the stores, or the replay skips the refits whose output the abort took away. Here each life of the
 * task is a driver with empty stores, and both lives share one processor instance.
 */
class SampleProcessorReviveTest {

    private static final ForecastSettings SETTINGS = ForecasterFixtures.small();

    @Test
    void shouldRefitAgainWhenItsStoresGoBackAndTheSamplesAreReplayed(@TempDir Path firstState,
                                                                      @TempDir Path revivedState) {
        var processor = new SampleProcessor(new ForecasterFixtures.EchoForecaster(), SETTINGS, "in");
        // A sample a minute from T0 to 6 min: the one at 5 min reaches the refit boundary at 5 min.
        var minutes = List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L);

        var first = life(processor, firstState, minutes);
        var revived = life(processor, revivedState, minutes);

        assertThat(first).containsExactly(T0.plus(Duration.ofMinutes(5)).toEpochMilli());
        assertThat(revived).isEqualTo(first);
    }

    /** Runs {@code processor} on the samples at {@code minutes} with empty stores; the times of its forecasts. */
    private static List<Long> life(SampleProcessor processor, Path stateDir, List<Long> minutes) {
        var forecasts = new ArrayList<Long>();
        var topology = new Topology();
        topology.addSource("samples", new StringDeserializer(), (topic, data) -> Decoded.of(
                sampleAt(new LongDeserializer().deserialize(topic, data)), data), "in");
        var built = new boolean[1];
        topology.addProcessor("apply", () -> built[0] ? processor
                : new SampleProcessor(new ForecasterFixtures.EchoForecaster(), SETTINGS, "in"), "samples");
        topology.addStateStore(ForecasterTopology.samplesStore(SETTINGS), "apply");
        topology.addStateStore(ForecasterTopology.seriesStore(), "apply");
        topology.addProcessor("collect", () -> (Processor<String, ForecasterOutput, Void, Void>) record -> {
            if (!record.value().isDeadLetter()) {
                forecasts.add(record.timestamp());
            }
        }, "apply");
        var properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "revive");
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        // Kafka Streams checks, while the topology is built, that the supplier gives a new object per call; the
        // task then gets the shared one, as a revived task has the processor it had.
        built[0] = true;
        try (var driver = new TopologyTestDriver(topology, properties)) {
            var input = driver.createInputTopic("in", new StringSerializer(), new LongSerializer());
            minutes.forEach(minute -> input.pipeInput("n1", minute, sampleAt(minute).getTime()));
        }
        return forecasts;
    }

    private static UtilizationSample sampleAt(long minute) {
        return sample("n1", Metric.CPU, minute * 60, 0.5);
    }
}
