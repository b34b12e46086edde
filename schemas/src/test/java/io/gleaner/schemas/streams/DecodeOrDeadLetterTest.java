package io.gleaner.schemas.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.DeadLetter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Properties;
import org.apache.kafka.common.serialization.IntegerSerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DecodeOrDeadLetterTest {

    private TopologyTestDriver driver;
    private TestInputTopic<String, byte[]> input;
    private TestOutputTopic<String, String> ok;
    private TestOutputTopic<String, String> dead;
    private final java.util.List<DeadLetter> deadLetters = new java.util.ArrayList<>();

    @BeforeEach
    void buildTopology() {
        // Integers as values: IntegerDeserializer rejects anything that is not 4 bytes long.
        var builder = new StreamsBuilder();
        var branches = builder.stream("in", Consumed.with(Serdes.String(), Serdes.ByteArray()))
                .processValues(new DecodeOrDeadLetter<>(new SharedDecoder<>(Serdes.Integer().deserializer()), "in",
                                "test"),
                        Named.as("decode"))
                .split(Named.as("in-"))
                .branch((key, decoded) -> decoded.isDeadLetter(), Branched.as("dead"))
                .defaultBranch(Branched.as("ok"));
        branches.get("in-ok").mapValues(decoded -> "value " + decoded.value(), Named.as("ok-text"))
                .to("ok", Produced.with(Serdes.String(), Serdes.String()));
        branches.get("in-dead").mapValues(decoded -> {
            deadLetters.add(decoded.deadLetter());
            return decoded.deadLetter().getReason();
        }, Named.as("dead-text")).to("dead", Produced.with(Serdes.String(), Serdes.String()));
        var props = new Properties();
        props.put("application.id", "decode-test");
        props.put("bootstrap.servers", "unused:9092");
        driver = new TopologyTestDriver(builder.build(), props);
        input = driver.createInputTopic("in", new StringSerializer(), Serdes.ByteArray().serializer());
        ok = driver.createOutputTopic("ok", new StringDeserializer(), new StringDeserializer());
        dead = driver.createOutputTopic("dead", new StringDeserializer(), new StringDeserializer());
    }

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void shouldDeadLetterUndecodableBytesAndGoOn() {
        var garbage = new byte[] {1, 2, 3};
        input.pipeInput("k1", garbage, Instant.ofEpochMilli(5_000));
        input.pipeInput("k2", new IntegerSerializer().serialize("in", 42), Instant.ofEpochMilli(6_000));

        assertThat(ok.readKeyValue().value).isEqualTo("value 42");
        assertThat(dead.readValue()).contains("cannot decode 3 bytes");
        assertThat(deadLetters).singleElement().satisfies(deadLetter -> {
            assertThat(deadLetter.getSourceTopic()).isEqualTo("in");
            assertThat(deadLetter.getPartition()).isZero();
            assertThat(deadLetter.getOffset()).isZero();
            assertThat(deadLetter.getValue()).isEqualTo(ByteBuffer.wrap(garbage));
            assertThat(deadLetter.getKey()).isEqualTo(ByteBuffer.wrap("k1".getBytes(StandardCharsets.UTF_8)));
            assertThat(deadLetter.getStage()).isEqualTo("test");
            assertThat(deadLetter.getTime()).isEqualTo(Instant.ofEpochMilli(5_000));
        });
        assertThat(ok.isEmpty()).isTrue();
        assertThat(dead.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterATombstone() {
        input.pipeInput("k1", null, Instant.ofEpochMilli(5_000));
        input.pipeInput("k1", new IntegerSerializer().serialize("in", 7), Instant.ofEpochMilli(5_000));

        assertThat(dead.readValue()).startsWith("null value");
        assertThat(deadLetters).singleElement().extracting(DeadLetter::getOffset).isEqualTo(0L);
        assertThat(ok.readValue()).isEqualTo("value 7");
        assertThat(dead.isEmpty()).isTrue();
    }
}
