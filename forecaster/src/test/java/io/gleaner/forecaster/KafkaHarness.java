package io.gleaner.forecaster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gleaner.schemas.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Topic, producer, consumer and catch-up helpers for the forecaster's broker tests and benchmark. */
public final class KafkaHarness {

    private KafkaHarness() {
    }

    /** Creates the forecaster's topics: the input with {@code inputPartitions}, the outputs as catalogued. */
    public static void createTopics(Admin admin, Topics topics, int inputPartitions) throws Exception {
        admin.createTopics(List.of(
                new NewTopic(topics.nodesUtilization().name(), inputPartitions, (short) 1),
                new NewTopic(topics.forecasts().name(), topics.forecasts().partitions(), (short) 1)
                        // The tests read every forecast published, and the records carry event times months
                        // old: without the lag, the log cleaner may compact earlier forecasts of a series away
                        // while a test runs (seen once in a few runs of ForecasterIT).
                        .configs(Map.of("cleanup.policy", "compact",
                                "min.compaction.lag.ms", String.valueOf(Long.MAX_VALUE))),
                new NewTopic(topics.deadLetters().name(), 1, (short) 1))).all().get();
    }

    public static KafkaProducer<String, byte[]> producer(String bootstrap) {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.LINGER_MS_CONFIG, 20, ProducerConfig.BATCH_SIZE_CONFIG, 262_144),
                new StringSerializer(), new ByteArraySerializer());
    }

    public static long endOffset(Admin admin, TopicPartition partition) throws Exception {
        return admin.listOffsets(Map.of(partition, OffsetSpec.latest())).all().get().get(partition).offset();
    }

    /** Waits until {@code applicationId} has committed every record of {@code topic}'s partitions. */
    public static void awaitCaughtUp(Admin admin, String applicationId, String topic, int partitions, Duration atMost)
            throws Exception {
        var ends = new java.util.HashMap<TopicPartition, Long>();
        for (int p = 0; p < partitions; p++) {
            var partition = new TopicPartition(topic, p);
            ends.put(partition, endOffset(admin, partition));
        }
        await().atMost(atMost).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
            var committed = admin.listConsumerGroupOffsets(applicationId).partitionsToOffsetAndMetadata().get();
            for (var entry : ends.entrySet()) {
                var offset = committed.get(entry.getKey());
                assertThat(offset == null ? 0 : offset.offset()).as("committed offset of %s", entry.getKey())
                        .isGreaterThanOrEqualTo(entry.getValue());
            }
        });
    }

    /** Every committed record of {@code topic}, read from the beginning with read_committed. */
    public static <V> List<org.apache.kafka.clients.consumer.ConsumerRecord<String, V>> readAll(
            String bootstrap, String topic, Deserializer<V> values) throws Exception {
        var read = new ArrayList<org.apache.kafka.clients.consumer.ConsumerRecord<String, V>>();
        try (var consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false), new StringDeserializer(), values)) {
            var partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            var ends = consumer.endOffsets(partitions);
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                for (var record : consumer.poll(Duration.ofMillis(100))) {
                    read.add(record);
                }
                return partitions.stream().allMatch(p -> consumer.position(p) >= ends.get(p));
            });
        }
        return read;
    }
}
