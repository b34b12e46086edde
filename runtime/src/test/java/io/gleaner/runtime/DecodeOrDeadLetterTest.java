package io.gleaner.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.DeadLetter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.function.Function;
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

    /** The wall clock of the bound: event times up to 15 minutes after it are taken. */
    private static final Instant WALL_CLOCK = Instant.parse("2026-11-26T00:00:00Z");
    private static final EventTimeBound BOUND = new EventTimeBound(Duration.ofMinutes(15),
            InstantSource.fixed(WALL_CLOCK));

    @BeforeEach
    void buildTopology() {
        // Integers as values, their event time in seconds: IntegerDeserializer rejects anything not 4 bytes long.
        var builder = new StreamsBuilder();
        var decoder = new SharedDecoder<>(Serdes.Integer().deserializer());
        Function<Integer, Instant> eventTime = Instant::ofEpochSecond;
        var branches = builder.stream("in", Consumed.with(Serdes.String(), Serdes.ByteArray())
                        .withTimestampExtractor(new EventTimeExtractor<>(decoder, eventTime, BOUND)))
                .processValues(new DecodeOrDeadLetter<>(decoder, eventTime, BOUND, "in", "test"), Named.as("decode"))
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
        input.pipeInput("k2", seconds(42), Instant.ofEpochMilli(6_000));

        assertThat(ok.readKeyValue().value).isEqualTo("value 42");
        assertThat(dead.readValue()).contains("cannot decode 3 bytes");
        assertThat(deadLetters).singleElement().satisfies(deadLetter -> {
            assertThat(deadLetter.getSourceTopic()).isEqualTo("in");
            assertThat(deadLetter.getPartition()).isZero();
            assertThat(deadLetter.getOffset()).isZero();
            assertThat(deadLetter.getValue()).isEqualTo(ByteBuffer.wrap(garbage));
            assertThat(deadLetter.getKey()).isEqualTo(ByteBuffer.wrap("k1".getBytes(StandardCharsets.UTF_8)));
            assertThat(deadLetter.getStage()).isEqualTo("test");
            // The partition time, not the producer's timestamp: the partition had none yet.
            assertThat(deadLetter.getTime()).isEqualTo(Instant.EPOCH);
            assertThat(deadLetter.getValueSize()).isEqualTo(3);
            assertThat(deadLetter.getKeySize()).isEqualTo(2);
        });
        assertThat(ok.isEmpty()).isTrue();
        assertThat(dead.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterATombstone() {
        input.pipeInput("k1", null, Instant.ofEpochMilli(5_000));
        input.pipeInput("k1", seconds(7), Instant.ofEpochMilli(5_000));

        assertThat(dead.readValue()).startsWith("null value");
        assertThat(deadLetters).singleElement().extracting(DeadLetter::getOffset).isEqualTo(0L);
        assertThat(ok.readValue()).isEqualTo("value 7");
        assertThat(dead.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterANullKey() {
        input.pipeInput(null, seconds(7), Instant.ofEpochMilli(5_000));
        input.pipeInput("k1", seconds(8), Instant.ofEpochMilli(5_000));

        assertThat(dead.readValue()).startsWith("null key");
        assertThat(ok.readValue()).isEqualTo("value 8");
        assertThat(dead.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterAnEventTimeTooFarAfterTheWallClockStampedWithThePartitionTime() {
        long wallClock = WALL_CLOCK.getEpochSecond();
        input.pipeInput("k1", seconds(1_000), WALL_CLOCK);
        // 2037 (the last year of int seconds), and 16 minutes ahead: the broker would refuse what the stage writes
        // with either time.
        input.pipeInput("k2", seconds(Instant.parse("2037-12-31T00:00:00Z").getEpochSecond()), WALL_CLOCK);
        input.pipeInput("k3", seconds(wallClock + 16 * 60), WALL_CLOCK);
        input.pipeInput("k4", seconds(wallClock + 14 * 60), WALL_CLOCK);

        var deadRecords = dead.readRecordsToList();
        assertThat(deadRecords).extracting(record -> record.value())
                .allSatisfy(reason -> assertThat(reason).contains("after the wall clock (" + WALL_CLOCK + ")"))
                .hasSize(2);
        assertThat(deadRecords).extracting(record -> record.timestamp()).containsOnly(1_000_000L);
        assertThat(deadLetters).extracting(DeadLetter::getTime).containsOnly(Instant.ofEpochSecond(1_000));
        assertThat(ok.readValuesToList()).containsExactly("value 1000", "value " + (wallClock + 14 * 60));
    }

    @Test
    void shouldKeepTheStartOfAHugeValueWithItsSizeAndDigest() throws Exception {
        var huge = new byte[1_048_400];
        java.util.Arrays.fill(huge, (byte) 'x');
        input.pipeInput("k".repeat(70_000), huge, Instant.ofEpochMilli(5_000));

        assertThat(deadLetters).singleElement().satisfies(deadLetter -> {
            assertThat(deadLetter.getValue().remaining()).isEqualTo(DeadLetters.MAX_VALUE_BYTES);
            assertThat(deadLetter.getValueSize()).isEqualTo(huge.length);
            assertThat(deadLetter.getValueSha256()).isEqualTo(java.util.HexFormat.of().formatHex(
                    java.security.MessageDigest.getInstance("SHA-256").digest(huge)));
            assertThat(deadLetter.getKey().remaining()).isEqualTo(DeadLetters.MAX_KEY_BYTES);
            assertThat(deadLetter.getKeySize()).isEqualTo(70_000);
            assertThat(deadLetter.getReason()).isEqualTo("value of 1048400 bytes is larger than the 524288 a stage"
                    + " takes");
        });
    }

    @Test
    void shouldDeadLetterAKeyLongerThanAStageTakesAndTakeTheLongestItDoes() {
        input.pipeInput("k".repeat(DecodedSource.MAX_KEY_BYTES + 1), seconds(7), Instant.ofEpochMilli(5_000));
        input.pipeInput("k".repeat(DecodedSource.MAX_KEY_BYTES), seconds(8), Instant.ofEpochMilli(5_000));

        assertThat(dead.readValue()).isEqualTo("key of 4097 bytes is longer than the 4096 a stage takes");
        assertThat(ok.readValue()).isEqualTo("value 8");
        assertThat(dead.isEmpty()).isTrue();
    }

    @Test
    void shouldCutAReasonToWhatADeadLetterKeeps() {
        var reason = DeadLetters.reason("x".repeat(70_000));

        assertThat(reason).hasSize(DeadLetters.MAX_REASON_CHARS).endsWith("... (70000 characters in all)");
    }

    private static byte[] seconds(long epochSecond) {
        return new IntegerSerializer().serialize("in", Math.toIntExact(epochSecond));
    }
}
