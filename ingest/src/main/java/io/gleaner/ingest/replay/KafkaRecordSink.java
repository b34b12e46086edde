package io.gleaner.ingest.replay;

import java.nio.charset.StandardCharsets;
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
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A {@link RecordSink} on one Kafka topic, through an idempotent producer with {@code acks=all}, so a
 * retried send is neither lost nor written twice and records keep their order within a partition.
 *
 * <p>Each record goes to an explicit partition, the one Kafka's default partitioner would pick for its key
 * (murmur2; a keyless record is partitioned by its trace's name), and carries the headers
 * {@value TracePosition#SOURCE_HEADER} (the trace's name) and {@value TracePosition#POSITION_HEADER} (its
 * position, decimal), which is what {@link KafkaReplayedPositions} reads to resume a replay.
 *
 * <p>Sends are asynchronous. The first failed send closes the producer at once, dropping what it still
 * buffered rather than write it after a gap, and is kept: the next {@link #send} or {@link #flush()} throws
 * it, so a replay stops instead of reporting records it lost. Not thread-safe: one replay thread sends.
 *
 * @param <V> the value type
 */
public final class KafkaRecordSink<V> implements RecordSink<V> {

    /** How long {@link #close()} waits for buffered records. */
    public static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final String topic;
    private final Producer<String, V> producer;
    private final AtomicReference<Exception> firstFailure = new AtomicReference<>();
    private final byte[] replayId;
    private int partitions;
    private String lastSource;
    private byte[] lastSourceBytes;

    /**
     * A sink on a producer it now owns and closes.
     *
     * @param topic the topic every record goes to
     * @param producer the producer; make it with {@link #producerConfig(Map)} to be idempotent
     */
    public KafkaRecordSink(String topic, Producer<String, V> producer) {
        this(topic, producer, null);
    }

    /**
     * A sink on a producer it now owns and closes, whose records also carry the replay's id.
     *
     * @param replayId the {@value TracePosition#REPLAY_HEADER} header of every record, or null for none
     */
    public KafkaRecordSink(String topic, Producer<String, V> producer, String replayId) {
        this.topic = Objects.requireNonNull(topic, "topic");
        this.producer = Objects.requireNonNull(producer, "producer");
        this.replayId = replayId == null ? null : replayId.getBytes(StandardCharsets.UTF_8);
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
     * A sink like {@link #open(String, Map, Serializer)} whose records also carry {@code replayId} in the
     * {@value TracePosition#REPLAY_HEADER} header.
     */
    public static <V> KafkaRecordSink<V> open(String topic, Map<String, Object> clientConfig,
            Serializer<V> valueSerializer, String replayId) {
        Objects.requireNonNull(valueSerializer, "valueSerializer");
        Objects.requireNonNull(replayId, "replayId");
        var producer = new KafkaProducer<>(producerConfig(clientConfig), new StringSerializer(), valueSerializer);
        return new KafkaRecordSink<>(topic, producer, replayId);
    }

    /**
     * Batching defaults for a replay, used where the client config says nothing: batches of up to
     * {@value #DEFAULT_BATCH_BYTES} bytes, filled for up to {@value #DEFAULT_LINGER_MS} ms, compressed with
     * {@value #DEFAULT_COMPRESSION}. A replay at full speed sends hundreds of thousands of small records a
     * second; Kafka's defaults (16 KiB, 5 ms, none) make that thousands of produce requests a second, each
     * costing the broker and the producer's network thread more than the records in it. Per-partition
     * order and idempotence do not depend on batch size or compression.
     */
    public static final int DEFAULT_BATCH_BYTES = 256 * 1024;

    /** See {@link #DEFAULT_BATCH_BYTES}. */
    public static final int DEFAULT_LINGER_MS = 20;

    /** See {@link #DEFAULT_BATCH_BYTES}. */
    public static final String DEFAULT_COMPRESSION = "lz4";

    /**
     * {@code clientConfig} with {@code enable.idempotence=true}, {@code acks=all} and
     * {@code max.in.flight.requests.per.connection=1} set over whatever it said, the batching defaults
     * ({@link #DEFAULT_BATCH_BYTES}) where it said nothing, and any serializer class removed (the
     * serializers are passed as objects).
     *
     * <p>One request in flight: with more, a batch that fails with a retriable error (e.g.
     * NOT_LEADER_OR_FOLLOWER on a partition just created) can be overtaken by the next batch of its
     * partition, which the broker accepts as the producer's first; the retried batch is then refused as
     * out of order until it expires (KAFKA-14359), leaving a gap that a resume would step over. With one
     * request in flight a partition's next batch waits for the previous one. It costs nothing measurable
     * with the batching defaults, where the replay thread, not the network, is the limit.
     */
    public static Map<String, Object> producerConfig(Map<String, Object> clientConfig) {
        var config = new HashMap<>(Objects.requireNonNull(clientConfig, "clientConfig"));
        config.putIfAbsent(ProducerConfig.BATCH_SIZE_CONFIG, DEFAULT_BATCH_BYTES);
        config.putIfAbsent(ProducerConfig.LINGER_MS_CONFIG, DEFAULT_LINGER_MS);
        config.putIfAbsent(ProducerConfig.COMPRESSION_TYPE_CONFIG, DEFAULT_COMPRESSION);
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
        config.remove(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG);
        config.remove(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG);
        return config;
    }

    /** The topic this sink writes. */
    public String topic() {
        return topic;
    }

    @Override
    public void send(String key, V value, Instant timestamp, TracePosition from) {
        Objects.requireNonNull(from, "from");
        throwIfFailed();
        var millis = timestamp == null ? null : timestamp.toEpochMilli();
        int partition = KeyPartitioner.partition(KeyPartitioner.partitionKey(key, from), partitions());
        var source = new RecordHeader(TracePosition.SOURCE_HEADER, sourceBytes(from.source()));
        var position = new RecordHeader(TracePosition.POSITION_HEADER,
                Long.toString(from.position()).getBytes(StandardCharsets.US_ASCII));
        var headers = new RecordHeaders(replayId == null ? new Header[] {source, position}
                : new Header[] {source, position, new RecordHeader(TracePosition.REPLAY_HEADER, replayId)});
        producer.send(new ProducerRecord<>(topic, partition, millis, key, value, headers), this::onCompletion);
    }

    /**
     * Sends a record that is not part of a resumable replay (e.g. a dead letter of the demo's trace read):
     * no position headers, and the partition left to the producer's default partitioner.
     */
    public void send(String key, V value, Instant timestamp) {
        throwIfFailed();
        var millis = timestamp == null ? null : timestamp.toEpochMilli();
        producer.send(new ProducerRecord<>(topic, null, millis, key, value), this::onCompletion);
    }

    /** The topic's partition count, asked of the producer once (it blocks until the metadata is in). */
    private int partitions() {
        if (partitions == 0) {
            var infos = producer.partitionsFor(topic);
            if (infos == null || infos.isEmpty()) {
                throw new KafkaException("topic " + topic + " has no partitions");
            }
            partitions = infos.size();
        }
        return partitions;
    }

    /** The source's UTF-8 bytes; one source usually sends every record, so the last one is kept. */
    private byte[] sourceBytes(String source) {
        if (!source.equals(lastSource)) {
            lastSource = source;
            lastSourceBytes = source.getBytes(StandardCharsets.UTF_8);
        }
        return lastSourceBytes;
    }

    @Override
    public void flush() {
        throwIfFailed();
        producer.flush();
        throwIfFailed();
    }

    /**
     * Closes the producer: waits up to {@link #CLOSE_TIMEOUT} for buffered records, or, after a failed send,
     * drops them at once so nothing is written past a gap.
     */
    @Override
    public void close() {
        producer.close(firstFailure.get() == null ? CLOSE_TIMEOUT : Duration.ZERO);
    }

    private void onCompletion(RecordMetadata metadata, Exception exception) {
        if (exception != null && firstFailure.compareAndSet(null, exception)) {
            // Stop at once, on the producer's own thread, before it sends any later batch of the partition
            // (an idempotent producer moves on to a new epoch after a batch fails): what follows a lost
            // batch must not be written, or a resume would take the partition as complete up to it.
            producer.close(Duration.ZERO);
        }
    }

    private void throwIfFailed() {
        var failure = firstFailure.get();
        if (failure != null) {
            throw new KafkaException("a send to " + topic + " failed", failure);
        }
    }
}
