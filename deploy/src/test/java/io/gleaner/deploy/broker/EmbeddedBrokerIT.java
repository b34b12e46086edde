package io.gleaner.deploy.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Tag("integration")
@Timeout(120)
class EmbeddedBrokerIT {

    @Test
    void shouldKeepRecordsInItsDataDirectoryAcrossARestart(@TempDir Path dataDir) throws Exception {
        try (var broker = EmbeddedBroker.start(dataDir, 0, Map.of())) {
            try (var admin = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
                admin.createTopics(List.of(new NewTopic("kept", 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
            }
            try (var producer = new KafkaProducer<>(Map.<String, Object>of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()),
                    new StringSerializer(), new StringSerializer())) {
                producer.send(new ProducerRecord<>("kept", "k", "before restart")).get(30, TimeUnit.SECONDS);
            }
        }

        try (var broker = EmbeddedBroker.start(dataDir, 0, Map.of())) {
            try (var admin = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
                assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).contains("kept");
            }
            assertThat(readAll(broker.bootstrapServers(), "kept")).containsExactly("before restart");
        }
    }

    private static List<String> readAll(String bootstrap, String topic) {
        var values = new ArrayList<String>();
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap),
                new StringDeserializer(), new StringDeserializer())) {
            var partition = new TopicPartition(topic, 0);
            consumer.assign(Set.of(partition));
            consumer.seekToBeginning(Set.of(partition));
            long end = consumer.endOffsets(Set.of(partition)).get(partition);
            while (consumer.position(partition) < end) {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> values.add(r.value()));
            }
        }
        return values;
    }
}
