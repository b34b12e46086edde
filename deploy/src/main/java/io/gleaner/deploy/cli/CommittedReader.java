package io.gleaner.deploy.cli;

import io.gleaner.schemas.Topic;
import io.gleaner.schemas.serde.AvroDeserializer;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.avro.generic.IndexedRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.utils.Utils;

/**
 * A reader of one topic outside any consumer group (it commits nothing), for the commands that follow what the stages
 * publish ({@code gleaner jobs status|watch}, {@code gleaner local}): read_committed, so that it shows only what the
 * stages' transactions committed, and decoding each value itself, so that a record it cannot decode is reported and
 * skipped rather than ending the command.
 */
final class CommittedReader<V extends IndexedRecord> implements AutoCloseable {

    /** How long one poll waits for records. */
    private static final Duration POLL = Duration.ofMillis(200);
    /** How long a client waits for Kafka's metadata before it reports that Kafka or the topic is not there. */
    static final Duration METADATA_WAIT = Duration.ofSeconds(30);

    private final Topic<String, V> topic;
    private final PrintWriter err;
    private final KafkaConsumer<String, byte[]> consumer;
    private final AvroDeserializer<V> values;

    CommittedReader(KafkaEnvironment environment, Topic<String, V> topic, PrintWriter err) {
        this.topic = topic;
        this.err = err;
        this.consumer = new KafkaConsumer<>(environment.clientConfig(Map.of(
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false)),
                new StringDeserializer(), new ByteArrayDeserializer());
        this.values = new AvroDeserializer<>(topic.value(), environment.registryClient());
    }

    /** The topic's partitions; empty when it does not exist. */
    List<TopicPartition> partitions() {
        var infos = consumer.partitionsFor(topic.name(), METADATA_WAIT);
        return infos == null ? List.of() : infos.stream()
                .map(info -> new TopicPartition(info.topic(), info.partition())).sorted(
                        Comparator.comparingInt(TopicPartition::partition)).toList();
    }

    /**
     * The partition {@code key}'s records are on: the one Kafka's default partitioner picks for the key, as the stages
     * produce them. Empty when the topic does not exist.
     */
    Optional<TopicPartition> partitionOf(String key) {
        var partitions = partitions();
        if (partitions.isEmpty()) {
            return Optional.empty();
        }
        int index = Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions.size();
        return Optional.of(new TopicPartition(topic.name(), index));
    }

    /**
     * Reads {@code partitions} from their beginning or from their end now; from the end, the positions are resolved
     * before this returns, so that a record produced after it is read.
     */
    void assign(List<TopicPartition> partitions, boolean fromBeginning) {
        consumer.assign(partitions);
        if (fromBeginning) {
            consumer.seekToBeginning(partitions);
        } else {
            consumer.seekToEnd(partitions);
            partitions.forEach(consumer::position);
        }
    }

    /** The assigned partitions' end offsets now: read_committed, so the last stable offset. */
    Map<TopicPartition, Long> endOffsets() {
        return consumer.endOffsets(consumer.assignment());
    }

    /** Whether every partition's position has reached {@code end}. */
    boolean reached(Map<TopicPartition, Long> end) {
        return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }

    /** The decoded values of one poll whose key {@code selected} accepts, in offset order per partition. */
    List<V> poll(Predicate<String> selected) {
        var decoded = new ArrayList<V>();
        for (ConsumerRecord<String, byte[]> record : consumer.poll(POLL)) {
            if (record.key() == null || !selected.test(record.key())) {
                continue;
            }
            try {
                decoded.add(values.deserialize(record.topic(), record.value()));
            } catch (RuntimeException e) {
                err.println("skipping a record of " + record.topic() + " partition " + record.partition()
                        + " offset " + record.offset() + " that does not decode as a "
                        + topic.value().getSimpleName() + ": " + e.getMessage());
            }
        }
        return decoded;
    }

    @Override
    public void close() {
        consumer.close();
    }
}
