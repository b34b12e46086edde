package io.gleaner.deploy.liveview;

import io.gleaner.deploy.liveview.core.LiveEvent;
import io.gleaner.deploy.liveview.core.LiveView;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobEvent;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.QosAction;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;
import org.apache.avro.generic.IndexedRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the topics the live view shows from their beginning into a {@link LiveView}, on a thread of its own: outside
 * any consumer group (it commits nothing), read_committed (only what the stages' transactions committed), decoding
 * each value with the project's serde, so that a record that does not decode is counted and skipped
 * ({@link LiveView#skip}) rather than ending the view. A topic not there yet is looked for again every few seconds
 * ({@code gleaner demo} creates its topics after the view starts).
 */
public final class LiveViewFeed implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LiveViewFeed.class);
    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration LOOK_AGAIN = Duration.ofSeconds(2);
    private static final Duration METADATA_WAIT = Duration.ofSeconds(1);

    private final LiveView view;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Map<String, Decoder<?>> decoders = new HashMap<>();
    private final Set<String> assignedTopics = new HashSet<>();
    private final Thread thread;
    private volatile boolean closed;

    private LiveViewFeed(Map<String, Object> clientConfig, Topics topics, SchemaRegistryClient registry,
                         LiveView view) {
        this.view = view;
        var config = new HashMap<>(clientConfig);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        config.remove(ConsumerConfig.GROUP_ID_CONFIG);
        this.consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        add(topics.nodesHeartbeats(), registry, LiveViewFeed::heartbeat);
        add(topics.nodesUtilization(), registry, LiveViewFeed::ownersUse);
        add(topics.forecasts(), registry, LiveViewFeed::forecast);
        add(topics.placements(), registry, LiveViewFeed::placement);
        add(topics.qosActions(), registry, LiveViewFeed::qosAction);
        add(topics.deadLetters(), registry, LiveViewFeed::deadLetter);
        add(topics.jobsSubmitted(), registry, LiveViewFeed::jobSubmitted);
        add(topics.jobsEvents(), registry, LiveViewFeed::jobEvent);
        this.thread = new Thread(this::run, "gleaner-liveview-feed");
        thread.setDaemon(true);
    }

    /** Starts reading {@code topics} into {@code view} with a consumer built from {@code clientConfig}. */
    public static LiveViewFeed start(Map<String, Object> clientConfig, Topics topics, SchemaRegistryClient registry,
                                     LiveView view) {
        var feed = new LiveViewFeed(clientConfig, topics, registry, view);
        feed.thread.start();
        return feed;
    }

    private <V extends IndexedRecord> void add(Topic<String, V> topic, SchemaRegistryClient registry,
                                               BiFunction<V, ConsumerRecord<byte[], byte[]>,
                                                       Optional<LiveEvent>> map) {
        decoders.put(topic.name(), new Decoder<>(new AvroDeserializer<>(topic.value(), registry), map));
    }

    private void run() {
        long lookAgainAt = System.nanoTime();
        try {
            while (!closed) {
                if (assignedTopics.size() < decoders.size() && System.nanoTime() - lookAgainAt >= 0) {
                    lookForTopics();
                    lookAgainAt = System.nanoTime() + LOOK_AGAIN.toNanos();
                }
                if (consumer.assignment().isEmpty()) {
                    // No topic there yet, and a consumer with nothing assigned refuses to poll.
                    LockSupport.parkNanos(POLL.toNanos());
                    continue;
                }
                for (var record : consumer.poll(POLL)) {
                    fold(record);
                }
            }
        } catch (WakeupException | InterruptException e) {
            if (!closed) {
                stop(e);
            }
        } catch (RuntimeException e) {
            stop(e);
        } finally {
            consumer.close();
        }
    }

    private void stop(RuntimeException e) {
        log.error("the live view stopped reading the topics: {}", e.toString());
        view.stopped(e.getClass().getSimpleName() + ": " + e.getMessage());
    }

    /** Assigns the topics that have appeared since the last look, from their beginning. */
    private void lookForTopics() {
        var found = new ArrayList<TopicPartition>();
        for (var topic : decoders.keySet()) {
            if (assignedTopics.contains(topic)) {
                continue;
            }
            var infos = consumer.partitionsFor(topic, METADATA_WAIT);
            if (infos != null && !infos.isEmpty()) {
                assignedTopics.add(topic);
                infos.forEach(info -> found.add(new TopicPartition(info.topic(), info.partition())));
            }
        }
        if (!found.isEmpty()) {
            var all = new ArrayList<>(consumer.assignment());
            all.addAll(found);
            consumer.assign(all);
            consumer.seekToBeginning(found);
        }
    }

    private void fold(ConsumerRecord<byte[], byte[]> record) {
        if (record.value() == null) {
            // A tombstone on a compacted topic: a series forgotten, nothing to show.
            return;
        }
        var decoder = decoders.get(record.topic());
        Optional<LiveEvent> event;
        try {
            event = decoder.decode(record);
        } catch (RuntimeException e) {
            view.skip(record.topic());
            log.debug("skipping {} partition {} offset {}: {}", record.topic(), record.partition(), record.offset(),
                    e.toString());
            return;
        }
        event.ifPresent(view::apply);
    }

    /** Stops reading; the view keeps what it read. */
    @Override
    public void close() {
        closed = true;
        consumer.wakeup();
        LockSupport.unpark(thread);
        try {
            thread.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A topic's value decoder and its mapping to the view's record (empty for what the view does not show). */
    private record Decoder<V extends IndexedRecord>(AvroDeserializer<V> values,
            BiFunction<V, ConsumerRecord<byte[], byte[]>, Optional<LiveEvent>> map) {

        Optional<LiveEvent> decode(ConsumerRecord<byte[], byte[]> record) {
            return map.apply(values.deserialize(record.topic(), record.value()), record);
        }
    }

    private static Optional<LiveEvent> heartbeat(NodeHeartbeat h, ConsumerRecord<byte[], byte[]> record) {
        return Optional.of(new LiveEvent.Heartbeat(h.getNodeId(), h.getTime(), h.getCapacity().getCpus(),
                h.getCapacity().getMemoryBytes(), h.getSlots(), h.getFree().getCpus(), h.getFree().getMemoryBytes(),
                h.getRunningAttempts().size()));
    }

    private static Optional<LiveEvent> ownersUse(UtilizationSample u, ConsumerRecord<byte[], byte[]> record) {
        return u.getMetric() == Metric.CPU && u.getSource() == UsageSource.REGULAR
                ? Optional.of(new LiveEvent.OwnersUse(u.getNodeId(), u.getTime(), u.getValue()))
                : Optional.empty();
    }

    private static Optional<LiveEvent> forecast(CapacityForecast f, ConsumerRecord<byte[], byte[]> record) {
        return f.getMetric() == Metric.CPU
                ? Optional.of(new LiveEvent.Forecast(f.getNodeId(), f.getIssuedAt(), f.getQuantile(), f.getStart(),
                        f.getStepMillis(), f.getUtilization().stream().mapToDouble(Double::doubleValue).toArray()))
                : Optional.empty();
    }

    /** A placement carries no time of its own beyond notBefore; the planner stamps its record with the event time. */
    private static Optional<LiveEvent> placement(PlacementDecision p, ConsumerRecord<byte[], byte[]> record) {
        return Optional.of(new LiveEvent.Placement(p.getDecisionId(), p.getJobId(), p.getNodeId(),
                Instant.ofEpochMilli(record.timestamp()), p.getPolicy(), p.getDemand().getCpus(),
                p.getDemand().getMemoryBytes()));
    }

    private static Optional<LiveEvent> qosAction(QosAction q, ConsumerRecord<byte[], byte[]> record) {
        return Optional.of(new LiveEvent.QosAction(q.getNodeId(), q.getTime(), q.getAction().name(), q.getCpuLimit(),
                q.getDecisionId(), q.getReason()));
    }

    private static Optional<LiveEvent> deadLetter(DeadLetter d, ConsumerRecord<byte[], byte[]> record) {
        return Optional.of(new LiveEvent.DeadLetter(d.getTime(), d.getStage(), d.getSourceTopic(), d.getPartition(),
                d.getOffset(), d.getReason()));
    }

    private static Optional<LiveEvent> jobSubmitted(JobSubmitted j, ConsumerRecord<byte[], byte[]> record) {
        return Optional.of(new LiveEvent.JobSubmitted(j.getJobId(), j.getJobName(), j.getUser(), j.getQueue(),
                j.getSubmitTime(), j.getTasks().stream().mapToInt(TaskGroup::getCount).sum(), j.getDeadline()));
    }

    private static Optional<LiveEvent> jobEvent(JobEvent e, ConsumerRecord<byte[], byte[]> record) {
        return Optional.of(new LiveEvent.JobEvent(e.getJobId(), e.getType().name(), e.getTime(), e.getTasks(),
                e.getSucceededTasks(), e.getReason()));
    }
}
