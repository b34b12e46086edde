package io.gleaner.deploy.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.RegisteredSchema;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryException;
import io.gleaner.schemas.serde.SerdeFixtures;
import io.gleaner.schemas.serde.WireFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/** The embedded registry on a real in-JVM KRaft broker: storage in the topic, restarts, and the serde end to end. */
@Tag("integration")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class EmbeddedSchemaRegistryIT {

    private static KafkaClusterTestKit cluster;

    private final List<EmbeddedSchemaRegistry> started = new ArrayList<>();
    private String prefix;

    @BeforeAll
    static void startBroker() throws Exception {
        // The broker logs thousands of lines at debug; keep this test's output readable without a logback-test.xml
        // that the module's other tests would inherit.
        ((Logger) LoggerFactory.getLogger("org.apache.kafka")).setLevel(Level.WARN);
        ((Logger) LoggerFactory.getLogger("kafka")).setLevel(Level.WARN);
        cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                .build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @BeforeEach
    void name(TestInfo test) {
        prefix = "it." + test.getTestMethod().orElseThrow().getName() + ".";
    }

    @AfterEach
    void closeRegistries() {
        started.forEach(EmbeddedSchemaRegistry::close);
    }

    @Test
    void shouldRegisterAndServeSchemasStoredInACompactedTopic() throws Exception {
        var config = config();
        var registry = start(config);
        var client = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));

        int resources = client.register(prefix + "sizes-value", Resources.getClassSchema());
        int samples = client.register(prefix + "samples-value", UtilizationSample.getClassSchema());

        assertThat(resources).isEqualTo(1);
        assertThat(samples).isEqualTo(2);
        assertThat(new RestSchemaRegistryClient(RegistryConfig.of(registry.url())).schemaById(2))
                .isEqualTo(UtilizationSample.getClassSchema());
        assertThat(client.latest(prefix + "sizes-value"))
                .isEqualTo(new RegisteredSchema(prefix + "sizes-value", 1, 1, Resources.getClassSchema()));
        try (var admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            var topic = admin.describeTopics(List.of(config.topic())).allTopicNames().get().get(config.topic());
            var resource = new ConfigResource(ConfigResource.Type.TOPIC, config.topic());
            var configs = admin.describeConfigs(List.of(resource)).all().get().get(resource);
            assertThat(topic.partitions()).hasSize(1);
            assertThat(configs.get("cleanup.policy").value()).isEqualTo("compact");
        }
    }

    @Test
    void shouldAnswerTheRegistrysErrorsForBadSchemasAndUnknownIds() throws Exception {
        var registry = start(config());
        var client = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));

        var invalid = new RegistryHttp(registry.url()).post("/subjects/s/versions",
                RegistryHttp.schemaBody("{\"type\": \"record\", \"name\": \"R\", \"fields\": \"none\"}", null));

        assertThat(invalid.status()).isEqualTo(422);
        assertThat(invalid.body().get("error_code").asInt()).isEqualTo(42201);
        assertThat(invalid.body().get("message").asText()).startsWith("Invalid schema: ");
        assertThatThrownBy(() -> client.schemaById(7))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.errorCode()).isEqualTo(40403);
                    assertThat(e.registryMessage()).isEqualTo("Schema 7 not found");
                });
    }

    @Test
    void shouldKeepIdsAcrossARestartAndContinueTheSequence() {
        var config = config();
        var first = start(config);
        var client = new RestSchemaRegistryClient(RegistryConfig.of(first.url()));
        client.register(prefix + "sizes-value", Resources.getClassSchema());
        client.register(prefix + "samples-value", UtilizationSample.getClassSchema());
        first.close();

        var second = start(config);
        var restarted = new RestSchemaRegistryClient(RegistryConfig.of(second.url()));

        assertThat(restarted.schemaById(1)).isEqualTo(Resources.getClassSchema());
        assertThat(restarted.schemaById(2)).isEqualTo(UtilizationSample.getClassSchema());
        assertThat(restarted.register(prefix + "samples-value", UtilizationSample.getClassSchema())).isEqualTo(2);
        assertThat(restarted.register(prefix + "reports-value", TaskReport.getClassSchema())).isEqualTo(3);
        assertThat(restarted.latest(prefix + "samples-value").version()).isEqualTo(1);
    }

    @Test
    void shouldSkipRecordsOfTheStoreTopicItDoesNotUnderstand() {
        var config = config();
        var first = start(config);
        new RestSchemaRegistryClient(RegistryConfig.of(first.url())).register("s", Resources.getClassSchema());
        first.close();
        try (var producer = new KafkaProducer<>(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()),
                new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(config.topic(), "{\"keytype\":\"NOOP\",\"magic\":0}", null));
            producer.send(new ProducerRecord<>(config.topic(), "not json", "{}"));
            producer.send(new ProducerRecord<>(config.topic(), "{\"keytype\":\"SCHEMA\"}", "{\"id\":\"x\"}"));
            producer.flush();
        }

        var second = start(config);
        var client = new RestSchemaRegistryClient(RegistryConfig.of(second.url()));

        assertThat(client.schemaById(1)).isEqualTo(Resources.getClassSchema());
        assertThat(client.register("t", TaskReport.getClassSchema())).isEqualTo(2);
    }

    @Test
    void shouldRefuseAStoreTopicThatWouldDeleteSchemas() throws Exception {
        var config = config();
        try (var admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(config.topic(), Optional.of(1), Optional.empty())
                    .configs(Map.of("cleanup.policy", "delete")))).all().get();
        }

        assertThatThrownBy(() -> start(config))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cleanup.policy=delete");
    }

    @Test
    void shouldCarryRecordsThroughTheBrokerWithSerdesConfiguredAsKafkaDoes() {
        var registry = start(config());
        var topic = prefix + "samples";
        var registryConfigs = Map.<String, Object>of(RegistryConfig.SCHEMA_REGISTRY_URL, registry.url());
        // Producer: a serializer made in code around a REST client.
        var serializer = new AvroSerializer<>(UtilizationSample.class,
                new RestSchemaRegistryClient(RegistryConfig.of(registry.url())));
        try (var producer = new KafkaProducer<>(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()),
                new StringSerializer(), serializer)) {
            producer.send(new ProducerRecord<>(topic, "n1", SerdeFixtures.utilizationSample()));
            producer.send(new ProducerRecord<>(topic, "n1", null));
            producer.flush();
        }
        // Consumer: the deserializer Kafka instantiates from its class name and configures.
        var consumerConfigs = new HashMap<String, Object>(registryConfigs);
        consumerConfigs.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        consumerConfigs.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        consumerConfigs.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, AvroDeserializer.class);
        consumerConfigs.put(RegistryConfig.SPECIFIC_AVRO_READER, "true");
        var values = new ArrayList<Object>();
        try (var consumer = new KafkaConsumer<String, Object>(consumerConfigs)) {
            var partition = new TopicPartition(topic, 0);
            consumer.assign(Set.of(partition));
            consumer.seekToBeginning(Set.of(partition));
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> values.add(r.value()));
                assertThat(values).hasSize(2);
            });
        }

        assertThat(values.get(0)).isInstanceOf(UtilizationSample.class).isEqualTo(SerdeFixtures.utilizationSample());
        assertThat(values.get(1)).as("the tombstone").isNull();
        var client = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));
        assertThat(client.latest(topic + "-value").schema()).isEqualTo(UtilizationSample.getClassSchema());
        assertThat(WireFormat.schemaId(serializer.serialize(topic, SerdeFixtures.utilizationSample())))
                .isEqualTo(client.latest(topic + "-value").id());
    }

    private EmbeddedSchemaRegistryConfig config() {
        return EmbeddedSchemaRegistryConfig.of(cluster.bootstrapServers()).withTopic(prefix + "_schemas");
    }

    private EmbeddedSchemaRegistry start(EmbeddedSchemaRegistryConfig config) {
        var registry = new EmbeddedSchemaRegistry(config);
        started.add(registry);
        return registry.start();
    }
}
