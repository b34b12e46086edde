package io.gleaner.ingest.replay;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A {@link RecordSink} on one Kafka topic, through an idempotent producer with {@code acks=all}, so a
 * retried send is neither lost nor written twice and records keep their order within a partition.
 *
 * <p>Sends are asynchronous. The first failed send is kept: the next {@link #send} or {@link #flush()}
 * throws it, so a replay stops instead of reporting records it lost.
 *
 * @param <V> the value type
 */
public final class KafkaRecordSink<V> implements RecordSink<V> {

    /** How long {@link #close()} waits for buffered records. */
    public static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final String topic;
    private final Producer<String, V> producer;
    private final AtomicReference<Exception> firstFailure = new AtomicReference<>();

    /**
     * A sink on a producer it now owns and closes.
     *
     * @param topic the topic every record goes to
     * @param producer the producer; make it with {@link #producerConfig(Map)} to be idempotent
     */
    public KafkaRecordSink(String topic, Producer<String, V> producer) {
        this.topic = Objects.requireNonNull(topic, "topic");
        this.producer = Objects.requireNonNull(producer, "producer");
    }

    /**
     * A sink with its own idempotent {@link KafkaProducer}: string keys, values written by
     * {@code valueSerializer}.
     *
     * @param clientConfig at least {@code bootstrap.servers}; see {@link #producerConfig(Map)}
     */
    public static <V> KafkaRecordSink<V> open(String topic, Map<String, Object> clientConfig,
            Serializer<V> valueSerializer) {
        Objects.requireNonNull(valueSerializer, "valueSerializer");
        var producer = new KafkaProducer<>(producerConfig(clientConfig), new StringSerializer(), valueSerializer);
        return new KafkaRecordSink<>(topic, producer);
    }

    /**
     * {@code clientConfig} with {@code enable.idempotence=true} and {@code acks=all} set over whatever it
     * said, and any serializer class removed (the serializers are passed as objects).
     */
    public static Map<String, Object> producerConfig(Map<String, Object> clientConfig) {
        var config = new HashMap<>(Objects.requireNonNull(clientConfig, "clientConfig"));
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.remove(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG);
        config.remove(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG);
        return config;
    }

    /** The topic this sink writes. */
    public String topic() {
        return topic;
    }

    @Override
    public void send(String key, V value, Instant timestamp) {
        throwIfFailed();
        var millis = timestamp == null ? null : timestamp.toEpochMilli();
        producer.send(new ProducerRecord<>(topic, null, millis, key, value), this::onCompletion);
    }

    @Override
    public void flush() {
        producer.flush();
        throwIfFailed();
    }

    @Override
    public void close() {
        producer.close(CLOSE_TIMEOUT);
    }

    private void onCompletion(RecordMetadata metadata, Exception exception) {
        if (exception != null) {
            firstFailure.compareAndSet(null, exception);
        }
    }

    private void throwIfFailed() {
        var failure = firstFailure.get();
        if (failure != null) {
            throw new KafkaException("a send to " + topic + " failed", failure);
        }
    }
}
