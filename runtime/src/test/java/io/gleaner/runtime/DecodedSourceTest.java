package io.gleaner.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.gleaner.schemas.CleanupPolicy;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.IntegerSerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

class DecodedSourceTest {

    /** Integer values, their event time in seconds since the epoch; any value not 4 bytes long does not decode. */
    private static final Topic<String, Integer> NUMBERS =
            new Topic<>("numbers", String.class, Integer.class, 1, CleanupPolicy.DELETE, null);
    /** A producer's wall-clock timestamp, years after the values' event times. */
    private static final Instant WALL_CLOCK = Instant.parse("2026-11-26T00:00:00Z");
    private static final EventTimeBound BOUND = new EventTimeBound(EventTimeBound.DEFAULT_MAX_AHEAD,
            java.time.InstantSource.fixed(WALL_CLOCK));

    @Test
    void shouldNameTheSourceAndTheDecodeStepAfterTheInput() {
        var builder = new StreamsBuilder();
        DecodedSource.stream(builder, NUMBERS, Serdes.Integer(), Instant::ofEpochSecond, BOUND, "numbers", "test");

        var description = builder.build().describe().toString();

        assertThat(description).contains("Source: numbers-source (topics: [numbers])")
                .contains("Processor: decode-numbers");
    }

    @Test
    void shouldDecodeEachValueOnceForItsEventTimeAndItsProcessing() {
        var deserializer = new CountingDeserializer<>(Serdes.Integer().deserializer());
        var decoder = new SharedDecoder<>(deserializer);
        var seen = new ArrayList<Decoded<Integer>>();

        try (var driver = driver(builder -> DecodedSource.stream(builder, NUMBERS.name(), decoder,
                Instant::ofEpochSecond, BOUND, "numbers", "test"), seen)) {
            var in = driver.createInputTopic(NUMBERS.name(), new StringSerializer(), Serdes.ByteArray().serializer());
            var out = driver.createOutputTopic("out", new StringDeserializer(), new StringDeserializer());
            for (int seconds : new int[] {100, 200, 150}) {
                in.pipeInput("k", integer(seconds), WALL_CLOCK);
            }

            // Each record's timestamp is its value's event time, not the producer's.
            assertThat(out.readRecordsToList()).extracting(TestRecord::value, TestRecord::timestamp)
                    .containsExactly(
                            tuple("value 100", 100_000L), tuple("value 200", 200_000L), tuple("value 150", 150_000L));
        }
        // Three records, three decodings: the decode step took each value the extractor had decoded.
        assertThat(deserializer.calls()).isEqualTo(3);
        assertThat(decoder.keptOnThisThread()).isZero();
    }

    @Test
    void shouldDeadLetterAnUndecodableValueWithTheDeserializersMessage() {
        var deserializer = new CountingDeserializer<>(Serdes.Integer().deserializer());
        var serde = Serdes.serdeFrom(new IntegerSerializer(), deserializer);
        var seen = new ArrayList<Decoded<Integer>>();
        var garbage = new byte[] {1, 2, 3};

        try (var driver = driver(builder -> DecodedSource.stream(builder, NUMBERS, serde, Instant::ofEpochSecond,
                BOUND, "numbers", "test"), seen)) {
            var in = driver.createInputTopic(NUMBERS.name(), new StringSerializer(), Serdes.ByteArray().serializer());
            in.pipeInput("k1", integer(100), WALL_CLOCK);
            in.pipeInput("k2", garbage, WALL_CLOCK);
            in.pipeInput("k3", integer(101), WALL_CLOCK);
        }

        assertThat(seen).hasSize(3);
        assertThat(seen.get(0).value()).isEqualTo(100);
        assertThat(seen.get(2).value()).isEqualTo(101);
        DeadLetter deadLetter = seen.get(1).deadLetter();
        assertThat(deadLetter.getReason()).startsWith("cannot decode 3 bytes: ")
                .contains("Size of data received by IntegerDeserializer is not 4");
        assertThat(deadLetter.getSourceTopic()).isEqualTo(NUMBERS.name());
        assertThat(deadLetter.getOffset()).isEqualTo(1L);
        assertThat(deadLetter.getStage()).isEqualTo("test");
        assertThat(deadLetter.getValue()).isEqualTo(ByteBuffer.wrap(garbage));
        // Undecodable, so it took the partition time (the first record's event time), not the producer's.
        assertThat(deadLetter.getTime()).isEqualTo(Instant.ofEpochSecond(100));
        // The good records were decoded once each; the bad one by the extractor and again by the decode step.
        assertThat(deserializer.calls()).isEqualTo(4);
    }

    @Test
    void shouldStopWithoutDeadLetteringWhenTheRegistryDoesNotAnswer() {
        var registry = new InMemorySchemaRegistryClient();
        var serde = AvroSerde.of(UtilizationSample.class, registry);
        var good = serde.serializer().serialize("samples", UtilizationSample.newBuilder().setNodeId("n1")
                .setTime(Instant.ofEpochSecond(1_000)).setMetric(Metric.CPU).setSource(UsageSource.REGULAR)
                .setValue(0.5).build());
        // A registry that is down: every schema lookup fails as the REST client fails when nothing answers.
        Deserializer<UtilizationSample> down = (topic, data) -> {
            throw new SchemaRegistryException(SchemaRegistryException.NO_RESPONSE,
                    SchemaRegistryException.NO_RESPONSE, "no schema registry answered at http://registry:8081");
        };
        var seen = new ArrayList<Decoded<UtilizationSample>>();

        try (var driver = driver(builder -> DecodedSource.stream(builder, "samples", new SharedDecoder<>(down),
                UtilizationSample::getTime, BOUND, "samples", "test"), seen)) {
            var in = driver.createInputTopic("samples", new StringSerializer(), Serdes.ByteArray().serializer());

            assertThatThrownBy(() -> in.pipeInput("n1", good, WALL_CLOCK))
                    .hasRootCauseInstanceOf(SchemaRegistryException.class)
                    .hasStackTraceContaining("no schema registry answered");
        }
        assertThat(seen).as("neither a value nor a dead letter went on").isEmpty();
    }

    @Test
    void shouldGiveTheSameDecodedValuesWhetherKeptOrDecodedAgain() {
        var registry = new InMemorySchemaRegistryClient();
        var serde = AvroSerde.of(UtilizationSample.class, registry);
        var inputs = new ArrayList<byte[]>();
        for (int i = 0; i < 4; i++) {
            inputs.add(serde.serializer().serialize("samples", UtilizationSample.newBuilder().setNodeId("n" + i % 2)
                    .setTime(Instant.ofEpochSecond(1_000 + 10L * i)).setMetric(Metric.CPU)
                    .setSource(UsageSource.REGULAR).setValue(i / 10.0).build()));
        }
        inputs.add(2, new byte[] {0, 0, 0, 0, 1, 9});

        var keptCounter = new CountingDeserializer<>(serde.deserializer());
        var kept = run(new SharedDecoder<>(keptCounter), inputs);
        var againCounter = new CountingDeserializer<>(serde.deserializer());
        var again = run(new SharedDecoder<>(againCounter, 0), inputs);

        assertThat(kept).hasSize(5).isEqualTo(again);
        assertThat(kept.get(2)).startsWith("dead: cannot decode 6 bytes");
        assertThat(kept.get(3)).contains("\"nodeId\": \"n0\"").contains("@1020000");
        // Four good records and one bad: kept, the good ones were decoded once and the bad one twice; with nothing
        // kept, every record was decoded twice, so the second run really took the decode step's own path.
        assertThat(keptCounter.calls()).isEqualTo(4 + 2);
        assertThat(againCounter.calls()).isEqualTo(2 * 5);
    }

    /** Each decoded sample as its text and timestamp, or its dead letter's reason. */
    private static List<String> run(SharedDecoder<UtilizationSample> decoder, List<byte[]> inputs) {
        var seen = new ArrayList<Decoded<UtilizationSample>>();
        var texts = new ArrayList<String>();
        try (var driver = driver(builder -> DecodedSource.stream(builder, "samples", decoder,
                UtilizationSample::getTime, BOUND, "samples", "test"), seen)) {
            var in = driver.createInputTopic("samples", new StringSerializer(), Serdes.ByteArray().serializer());
            var out = driver.createOutputTopic("out", new StringDeserializer(), new StringDeserializer());
            for (var bytes : inputs) {
                in.pipeInput("k", bytes, WALL_CLOCK);
            }
            for (var record : out.readRecordsToList()) {
                texts.add(record.value() + " @" + record.timestamp());
            }
        }
        assertThat(seen).hasSize(texts.size());
        return texts;
    }

    /** A driver for the stream {@code source} builds, its decoded values added to {@code seen} and written as text. */
    private static <V> TopologyTestDriver driver(Function<StreamsBuilder, KStream<String, Decoded<V>>> source,
                                                 List<Decoded<V>> seen) {
        var builder = new StreamsBuilder();
        source.apply(builder)
                .peek((key, decoded) -> seen.add(decoded), Named.as("seen"))
                .mapValues(decoded -> decoded.isDeadLetter() ? "dead: " + decoded.deadLetter().getReason()
                        : "value " + decoded.value(), Named.as("text"))
                .to("out", Produced.with(Serdes.String(), Serdes.String()).withName("out-sink"));
        var props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "decoded-source-test");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        return new TopologyTestDriver(builder.build(), props);
    }

    private static byte[] integer(int value) {
        return ByteBuffer.allocate(4).putInt(value).array();
    }
}
