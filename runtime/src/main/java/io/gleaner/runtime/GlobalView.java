package io.gleaner.runtime;

import io.gleaner.schemas.Topic;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.serde.SchemaRegistryException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A compacted topic read by every instance of a stage as a global store, through the same decode-or-dead-letter path
 * as its other inputs: a value that does not decode, or that {@code check} finds wrong, becomes a dead letter and
 * removes the key's earlier value from the view (what it replaced is no longer current), instead of stopping the
 * stage the way a global table's deserialization error does. A tombstone removes the key, as compaction does.
 *
 * <p>Kafka Streams' global thread has no producer and its processors cannot forward, so the dead letters go to a
 * {@link DeadLetterSink} the stage's app gives (a producer of its own). They are sent at least once: a view
 * rebuilt from its topic (a new instance, a wiped state directory) reads the records again and sends their dead
 * letters again; {@code deadletter}'s readers can tell repeats by source topic, partition and offset.
 */
public final class GlobalView {

    private static final Logger log = LoggerFactory.getLogger(GlobalView.class);

    private GlobalView() {
    }

    /** Where a global view's dead letters go. */
    @FunctionalInterface
    public interface DeadLetterSink {
        /** Sends {@code deadLetter}, keyed by the rejected record's key (null allowed). */
        void send(String key, DeadLetter deadLetter);
    }

    /**
     * A sink that sends to {@code topic} with {@code producer}, logging a dead letter it could not send at error (with
     * its source, so that it can be found again from the log).
     */
    public static DeadLetterSink sink(Producer<String, DeadLetter> producer, String topic) {
        Objects.requireNonNull(producer, "producer");
        Objects.requireNonNull(topic, "topic");
        return (key, deadLetter) -> producer.send(new ProducerRecord<>(topic, key, deadLetter), (metadata, error) -> {
            if (error != null) {
                log.error("could not send the dead letter of {} partition {} offset {} to {}: {}",
                        deadLetter.getSourceTopic(), deadLetter.getPartition(), deadLetter.getOffset(), topic,
                        error.toString());
            }
        });
    }

    /**
     * Adds a global store named {@code store} holding the checked values of {@code topic}, its source named
     * {@code name + "-source"}.
     *
     * @param check why a decoded value under its key is wrong, or empty when it may be used; keys longer than
     *              {@link DecodedSource#MAX_KEY_BYTES} are refused before it is asked
     * @param stage the stage named in dead letters
     */
    public static <V> void add(StreamsBuilder builder, Topic<String, V> topic, Serde<V> serde,
                               BiFunction<String, V, Optional<String>> check, String store, String name, String stage,
                               DeadLetterSink sink) {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(sink, "sink");
        builder.addGlobalStore(
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(store), Serdes.String(), serde)
                        .withLoggingDisabled(),
                topic.name(),
                Consumed.with(Serdes.String(), Serdes.ByteArray()).withName(name + "-source"),
                () -> new ViewProcessor<>(serde, check, store, topic.name(), stage, sink));
    }

    private static final class ViewProcessor<V> implements Processor<String, byte[], Void, Void> {

        private final Serde<V> serde;
        private final BiFunction<String, V, Optional<String>> check;
        private final String storeName;
        private final String topic;
        private final String stage;
        private final DeadLetterSink sink;
        private ProcessorContext<Void, Void> context;
        private KeyValueStore<String, V> store;

        ViewProcessor(Serde<V> serde, BiFunction<String, V, Optional<String>> check, String storeName, String topic,
                      String stage, DeadLetterSink sink) {
            this.serde = serde;
            this.check = check;
            this.storeName = storeName;
            this.topic = topic;
            this.stage = stage;
            this.sink = sink;
        }

        @Override
        public void init(ProcessorContext<Void, Void> context) {
            this.context = context;
            this.store = context.getStateStore(storeName);
        }

        @Override
        public void process(Record<String, byte[]> record) {
            var bytes = record.value();
            if (record.key() == null) {
                deadLetter(record, "null key where the key of the view's entry was expected");
                return;
            }
            if (bytes == null) {
                store.delete(record.key());
                return;
            }
            int keyBytes = record.key().getBytes(StandardCharsets.UTF_8).length;
            if (keyBytes > DecodedSource.MAX_KEY_BYTES) {
                reject(record, "key of " + keyBytes + " bytes is longer than the " + DecodedSource.MAX_KEY_BYTES
                        + " a stage takes");
                return;
            }
            if (bytes.length > DecodedSource.MAX_VALUE_BYTES) {
                reject(record, "value of " + bytes.length + " bytes is larger than the " + DecodedSource.MAX_VALUE_BYTES
                        + " a stage takes");
                return;
            }
            V value;
            try {
                value = serde.deserializer().deserialize(topic, record.headers(), bytes);
            } catch (SchemaRegistryException e) {
                // The registry did not answer: the record may be good. The global thread stops, and the stage with it,
                // to read it again when restarted (as DecodeOrDeadLetter does for a stream thread).
                throw e;
            } catch (RuntimeException e) {
                reject(record, "cannot decode " + bytes.length + " bytes: " + e);
                return;
            }
            if (value == null) {
                reject(record, "value of " + bytes.length + " bytes decoded to null");
                return;
            }
            Optional<String> problem;
            try {
                problem = check.apply(record.key(), value);
            } catch (RuntimeException e) {
                problem = Optional.of(String.valueOf(e.getMessage()));
            }
            if (problem.isPresent()) {
                reject(record, problem.get());
            } else {
                store.put(record.key(), value);
            }
        }

        private void reject(Record<String, byte[]> record, String reason) {
            store.delete(record.key());
            deadLetter(record, reason);
        }

        private void deadLetter(Record<String, byte[]> record, String reason) {
            var deadLetter = DeadLetters.of(context.recordMetadata(), topic, record.key(), record.value(),
                    record.timestamp(), reason, stage);
            log.warn("dead letter from {} partition {} offset {}: {}", deadLetter.getSourceTopic(),
                    deadLetter.getPartition(), deadLetter.getOffset(), deadLetter.getReason());
            sink.send(record.key(), deadLetter);
        }
    }
}
