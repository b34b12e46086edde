package io.gleaner.schemas.streams;

import io.gleaner.schemas.Topic;
import java.util.Objects;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorSupplier;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decodes a source's raw value bytes into {@code V}, or into a dead letter carrying the bytes, the source
 * topic, partition and offset and the decoder's message, so that the stage goes on (CONVENTIONS §4):
 *
 * <pre>{@code
 * var decoded = builder.stream(topics.jobsSubmitted().name(), Consumed.with(Serdes.String(), Serdes.ByteArray()))
 *         .processValues(DecodeOrDeadLetter.of(jobSerde, topics.jobsSubmitted(), "planner"), Named.as("decode-jobs"));
 * var branches = decoded.split(Named.as("jobs-"))
 *         .branch((k, r) -> r.isDeadLetter(), Branched.as("dead"))
 *         .defaultBranch(Branched.as("ok"));
 * }</pre>
 *
 * A null value (a tombstone) and a value the deserializer turns into null are dead letters too. Keys are
 * read as strings (every Gleaner topic has string keys) and kept in the dead letter as their UTF-8 bytes.
 */
public final class DecodeOrDeadLetter<V> implements FixedKeyProcessorSupplier<String, byte[], Decoded<V>> {

    private static final Logger log = LoggerFactory.getLogger(DecodeOrDeadLetter.class);

    private final Deserializer<V> deserializer;
    private final String topic;
    private final String stage;

    private DecodeOrDeadLetter(Deserializer<V> deserializer, String topic, String stage) {
        this.deserializer = Objects.requireNonNull(deserializer, "deserializer");
        this.topic = Objects.requireNonNull(topic, "topic");
        this.stage = Objects.requireNonNull(stage, "stage");
    }

    /** Decodes values of {@code topic} with {@code serde}'s deserializer; dead letters name {@code stage}. */
    public static <V> DecodeOrDeadLetter<V> of(Serde<V> serde, Topic<String, V> topic, String stage) {
        return new DecodeOrDeadLetter<>(serde.deserializer(), topic.name(), stage);
    }

    /** Decodes values read from the topic named {@code topic} with {@code deserializer}. */
    public static <V> DecodeOrDeadLetter<V> of(Deserializer<V> deserializer, String topic, String stage) {
        return new DecodeOrDeadLetter<>(deserializer, topic, stage);
    }

    @Override
    public FixedKeyProcessor<String, byte[], Decoded<V>> get() {
        return new Processor();
    }

    private final class Processor implements FixedKeyProcessor<String, byte[], Decoded<V>> {

        private FixedKeyProcessorContext<String, Decoded<V>> context;

        @Override
        public void init(FixedKeyProcessorContext<String, Decoded<V>> context) {
            this.context = context;
        }

        @Override
        public void process(FixedKeyRecord<String, byte[]> record) {
            context.forward(record.withValue(decode(record)));
        }

        private Decoded<V> decode(FixedKeyRecord<String, byte[]> record) {
            var bytes = record.value();
            if (bytes == null) {
                return deadLetter(record, "null value (tombstone) where a record was expected");
            }
            var sourceTopic = context.recordMetadata().map(metadata -> metadata.topic()).orElse(topic);
            try {
                var value = deserializer.deserialize(sourceTopic, record.headers(), bytes);
                return value == null
                        ? deadLetter(record, "value of " + bytes.length + " bytes decoded to null")
                        : Decoded.of(value, bytes);
            } catch (RuntimeException e) {
                // Any failure of the deserializer (bad magic byte, unknown schema id, truncated Avro, ...) means
                // the record is undecodable; the message names what was wrong.
                return deadLetter(record, "cannot decode " + bytes.length + " bytes: " + e);
            }
        }

        private Decoded<V> deadLetter(FixedKeyRecord<String, byte[]> record, String reason) {
            var deadLetter = DeadLetters.of(context.recordMetadata(), topic, record.key(), record.value(),
                    record.timestamp(), reason, stage);
            log.warn("dead letter from {} partition {} offset {}: {}", deadLetter.getSourceTopic(),
                    deadLetter.getPartition(), deadLetter.getOffset(), reason);
            return Decoded.deadLetter(deadLetter);
        }
    }
}
