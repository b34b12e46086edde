package io.gleaner.runtime;

import io.gleaner.schemas.serde.SchemaRegistryException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorSupplier;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decodes a source's raw value bytes into {@code V}, or into a dead letter carrying the bytes, the source
 * topic, partition and offset and the decoder's message, so that the stage goes on (CONVENTIONS §4). The second
 * step of a {@link DecodedSource}: it takes the value the source's {@link EventTimeExtractor} already decoded from
 * the {@link SharedDecoder}, and decodes only what it does not find there.
 *
 * <p>A null value (a tombstone) and a value the deserializer turns into null are dead letters too, and so are a
 * null key (every Gleaner input is keyed by the id of what it is about, and a stage that partitions or stores by
 * key cannot take one) and a value whose event time the source's {@link EventTimeExtractor} did not take (the
 * record's timestamp is then not that time; the reason says why, see {@link EventTimeBound}), and a value or key
 * larger than a stage takes ({@link DecodedSource#MAX_VALUE_BYTES}, {@link DecodedSource#MAX_KEY_BYTES}). Keys are
 * read as strings (every Gleaner topic has string keys) and kept in the dead letter as their UTF-8 bytes.
 *
 * <p>A {@link SchemaRegistryException} is not a dead letter: the Avro deserializer throws it only when the registry
 * did not answer or answered 5xx or 429 (after the REST client's retries), which says nothing about the record. It
 * propagates and stops the stage with the record uncommitted, to be processed again when the stage restarts.
 */
final class DecodeOrDeadLetter<V> implements FixedKeyProcessorSupplier<String, byte[], Decoded<V>> {

    private static final Logger log = LoggerFactory.getLogger(DecodeOrDeadLetter.class);

    private final SharedDecoder<V> decoder;
    private final Function<V, Instant> eventTime;
    private final EventTimeBound bound;
    private final String topic;
    private final String stage;

    /**
     * Decodes values read from the topic named {@code topic} with {@code decoder}, their event time by
     * {@code eventTime} as the source's extractor reads it under {@code bound}; dead letters name {@code stage} (and
     * {@code topic} when the record's metadata is unknown).
     */
    DecodeOrDeadLetter(SharedDecoder<V> decoder, Function<V, Instant> eventTime, EventTimeBound bound, String topic,
                       String stage) {
        this.decoder = Objects.requireNonNull(decoder, "decoder");
        this.eventTime = Objects.requireNonNull(eventTime, "eventTime");
        this.bound = Objects.requireNonNull(bound, "bound");
        this.topic = Objects.requireNonNull(topic, "topic");
        this.stage = Objects.requireNonNull(stage, "stage");
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
            if (bytes.length > DecodedSource.MAX_VALUE_BYTES) {
                return deadLetter(record, "value of " + bytes.length + " bytes is larger than the "
                        + DecodedSource.MAX_VALUE_BYTES + " a stage takes");
            }
            // A char is at most three UTF-8 bytes: only a key that long can be too long, so most keys are not encoded.
            var key = record.key();
            int keyBytes = key == null || key.length() <= DecodedSource.MAX_KEY_BYTES / 3 ? 0
                    : key.getBytes(StandardCharsets.UTF_8).length;
            if (keyBytes > DecodedSource.MAX_KEY_BYTES) {
                return deadLetter(record, "key of " + keyBytes + " bytes is longer than the "
                        + DecodedSource.MAX_KEY_BYTES + " a stage takes");
            }
            var sourceTopic = context.recordMetadata().map(metadata -> metadata.topic()).orElse(topic);
            V value;
            try {
                value = decoder.decode(sourceTopic, record.headers(), bytes);
            } catch (SchemaRegistryException e) {
                // The registry did not answer (AvroDeserializer lets only that through): the record may be good, so
                // it must not become a dead letter. The stage stops (StreamsStage) without committing it and takes
                // it up again when restarted with the registry back.
                throw e;
            } catch (RuntimeException e) {
                // Any other failure of the deserializer (bad magic byte, unknown schema id, truncated Avro, ...)
                // means the record is undecodable; the message names what was wrong.
                return deadLetter(record, "cannot decode " + bytes.length + " bytes: " + e);
            }
            if (value == null) {
                return deadLetter(record, "value of " + bytes.length + " bytes decoded to null");
            }
            if (record.key() == null) {
                return deadLetter(record, "null key where the id of the record's subject was expected");
            }
            var time = eventTime.apply(value);
            if (time == null || time.toEpochMilli() != record.timestamp()) {
                // The extractor did not take this time and stamped the record with the partition time instead.
                return deadLetter(record, bound.problem(time).orElse("event time " + time + " was more than "
                        + bound.maxAhead() + " after the wall clock when the record was read"));
            }
            return Decoded.of(value, bytes);
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
