package io.gleaner.agent.kafka;

import io.gleaner.agent.core.Offer;
import io.gleaner.agent.core.Report;
import io.gleaner.agent.core.Sample;
import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.metrics.MetricsServer;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.QosAction;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One agent's Kafka clients: a producer for heartbeats, samples and reports (each stamped with its event time), and a
 * consumer of this node's partition of {@code placements} and {@code qos.actions} only
 * (docs/executor-protocol.md §3), {@code read_committed}, in a group of its own ({@code gleaner-agent-<node>}) whose
 * offsets it commits after handling each batch, starting at the end on its first run.
 */
public final class AgentLink implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(AgentLink.class);
    /** A record is handed over as soon as it arrives; the wait only bounds an idle poll, so it can be long. */
    private static final Duration POLL = Duration.ofMillis(500);

    private final String nodeId;
    private final Topics topics;
    private final KafkaProducer<String, byte[]> producer;
    private final KafkaConsumer<String, byte[]> consumer;
    private final AvroSerializer<NodeHeartbeat> heartbeats;
    private final AvroSerializer<UtilizationSample> samples;
    private final AvroSerializer<TaskReport> reports;
    private final AvroSerializer<DeadLetter> deadLetters;
    private final AvroDeserializer<PlacementDecision> placements;
    private final AvroDeserializer<QosAction> actions;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile boolean reading;

    /**
     * A link of node {@code nodeId} to its topics.
     *
     * @param kafka Kafka client properties: at least {@code bootstrap.servers}, and any security settings; the
     *              link's own settings below win over them
     */
    public AgentLink(String nodeId, Topics topics, Map<String, ?> kafka, SchemaRegistryClient registry) {
        this.nodeId = nodeId;
        this.topics = topics;
        this.producer = new KafkaProducer<>(over(kafka, Map.<String, Object>of(
                ProducerConfig.CLIENT_ID_CONFIG, "gleaner-agent-" + nodeId,
                ProducerConfig.LINGER_MS_CONFIG, 0,
                ProducerConfig.ACKS_CONFIG, "all")),
                new StringSerializer(), new ByteArraySerializer());
        this.consumer = new KafkaConsumer<>(over(kafka, Map.<String, Object>of(
                ConsumerConfig.CLIENT_ID_CONFIG, "gleaner-agent-" + nodeId,
                ConsumerConfig.GROUP_ID_CONFIG, "gleaner-agent-" + nodeId,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest",
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 500)),
                new StringDeserializer(), new ByteArrayDeserializer());
        this.heartbeats = new AvroSerializer<>(NodeHeartbeat.class, registry);
        this.samples = new AvroSerializer<>(UtilizationSample.class, registry);
        this.reports = new AvroSerializer<>(TaskReport.class, registry);
        this.deadLetters = new AvroSerializer<>(DeadLetter.class, registry);
        this.placements = new AvroDeserializer<>(PlacementDecision.class, registry);
        this.actions = new AvroDeserializer<>(QosAction.class, registry);
    }

    private static Map<String, Object> over(Map<String, ?> kafka, Map<String, Object> own) {
        var config = new HashMap<String, Object>(kafka);
        config.putAll(own);
        return config;
    }

    /** The partition Kafka's default partitioner gives {@code nodeId} on a topic of {@code partitions}. */
    public static int partitionOf(String nodeId, int partitions) {
        return Utils.toPositive(Utils.murmur2(nodeId.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    /**
     * Assigns this node's partitions and resolves where reading starts, so that nothing answering the first
     * heartbeat is missed.
     */
    public void assign() {
        var own = List.of(
                new TopicPartition(topics.placements().name(), partitionOf(nodeId, topics.placements().partitions())),
                new TopicPartition(topics.qosActions().name(), partitionOf(nodeId, topics.qosActions().partitions())));
        consumer.assign(own);
        own.forEach(consumer::position);
    }

    /**
     * Reads until {@link #close}: each record keyed by this node, decoded, to {@code onPlacement} or
     * {@code onAction}; records of other nodes on the same partition are skipped, and one that does not decode, or
     * that its handler cannot take, goes to {@code deadletter} with the reason (stage {@code agent}) while reading
     * goes on.
     */
    public void read(Consumer<PlacementDecision> onPlacement, Consumer<QosAction> onAction) {
        reading = true;
        try {
            while (running.get()) {
                var records = consumer.poll(POLL);
                for (var record : records) {
                    if (!nodeId.equals(record.key())) {
                        continue;
                    }
                    boolean isPlacement = record.topic().equals(topics.placements().name());
                    Object value;
                    try {
                        value = isPlacement ? placements.deserialize(record.topic(), record.value())
                                : actions.deserialize(record.topic(), record.value());
                    } catch (RuntimeException e) {
                        deadLetter(record, "does not decode as a " + (isPlacement ? "PlacementDecision"
                                : "QosAction") + ": " + e);
                        continue;
                    }
                    if (value == null) {
                        deadLetter(record, "has no value");
                        continue;
                    }
                    try {
                        if (isPlacement) {
                            onPlacement.accept((PlacementDecision) value);
                        } else {
                            onAction.accept((QosAction) value);
                        }
                    } catch (RuntimeException e) {
                        deadLetter(record, "could not be handled: " + e);
                    }
                }
                if (!records.isEmpty()) {
                    consumer.commitSync();
                }
            }
        } catch (WakeupException e) {
            // close() woke the poll.
        } finally {
            consumer.close();
            stopped.countDown();
        }
    }

    public void send(Offer offer, AvroMapping.NodeFacts facts) {
        var topic = topics.nodesHeartbeats().name();
        producer.send(new ProducerRecord<>(topic, null, offer.time().toEpochMilli(), nodeId,
                heartbeats.serialize(topic, AvroMapping.heartbeat(nodeId, offer, facts))));
    }

    public void send(Instant time, List<Sample> values) {
        var topic = topics.nodesUtilization().name();
        for (var sample : values) {
            producer.send(new ProducerRecord<>(topic, null, time.toEpochMilli(), nodeId,
                    samples.serialize(topic, AvroMapping.sample(nodeId, time, sample))));
        }
    }

    public void send(Report report) {
        var topic = topics.tasksReports().name();
        producer.send(new ProducerRecord<>(topic, null, report.time().toEpochMilli(), report.placement().jobId(),
                reports.serialize(topic, AvroMapping.report(report))));
    }

    private void deadLetter(ConsumerRecord<String, byte[]> record, String reason) {
        log.warn("node {}: {}-{}@{} to {}: {}", nodeId, record.topic(), record.partition(), record.offset(),
                topics.deadLetters().name(), reason);
        var topic = topics.deadLetters().name();
        var letter = DeadLetters.of(record.topic(), record.partition(), record.offset(),
                DeadLetters.Raw.key(record.key()), DeadLetters.Raw.value(record.value()), record.timestamp(), reason,
                "agent");
        producer.send(new ProducerRecord<>(topic, null, Math.max(0, record.timestamp()), record.key(),
                deadLetters.serialize(topic, letter)));
    }

    /** Stops reading and waits for the consumer to close; what is sent still goes out. */
    public void stopReading() {
        if (running.getAndSet(false) && !reading) {
            consumer.close();
            stopped.countDown();
        }
        consumer.wakeup();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stopReading();
        producer.close(Duration.ofSeconds(5));
    }

    /**
     * Serves the producer's metrics (sends, errors, buffer) on {@code metrics}. The consumer's are left out: it belongs
     * to the reading thread, and a Kafka consumer is not safe for use from another.
     */
    public void addTo(MetricsServer metrics) {
        metrics.add(new KafkaClientMetrics(producer));
    }
}
