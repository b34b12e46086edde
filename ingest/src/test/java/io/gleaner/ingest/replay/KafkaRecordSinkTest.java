package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class KafkaRecordSinkTest {

    private static final String TOPIC = "gleaner.jobs.submitted";
    private static final int PARTITIONS = 3;
    private static final TracePosition FROM = new TracePosition("trace.tsv", 7);

    private final MockProducer<String, String> producer = new MockProducer<>(cluster(TOPIC, PARTITIONS), false, null,
            new StringSerializer(), new StringSerializer());
    private final KafkaRecordSink<String> sink = new KafkaRecordSink<>(TOPIC, producer);

    static Cluster cluster(String topic, int partitions) {
        var node = new Node(0, "localhost", 9092);
        var infos = IntStream.range(0, partitions)
                .mapToObj(p -> new PartitionInfo(topic, p, node, new Node[] {node}, new Node[] {node}))
                .toList();
        return new Cluster("cluster", List.of(node), infos, Set.of(), Set.of());
    }

    /** Where Kafka's own default partitioner puts a record with this key, for comparison. */
    private static int kafkasPartition(String key) {
        return BuiltInPartitioner.partitionForKey(new StringSerializer().serialize(TOPIC, key), PARTITIONS);
    }

    private static String header(ProducerRecord<?, ?> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }

    @Test
    void shouldSendToItsTopicWithKeyValueAndEventTimeAsTimestamp() {
        sink.send("job0", "value", Instant.ofEpochMilli(1_241_136_049_000L), FROM);
        sink.flush();
        assertThat(producer.history()).singleElement().satisfies(record -> {
            assertThat(record.topic()).isEqualTo(TOPIC);
            assertThat(record.key()).isEqualTo("job0");
            assertThat(record.value()).isEqualTo("value");
            assertThat(record.timestamp()).isEqualTo(1_241_136_049_000L);
        });
    }

    @Test
    void shouldSendEachRecordToThePartitionKafkasDefaultPartitionerPicksForItsKey() {
        var keys = IntStream.range(0, 50).mapToObj(i -> "m_" + i).toList();
        keys.forEach(key -> sink.send(key, "v", Instant.EPOCH, FROM));

        assertThat(producer.history()).extracting(ProducerRecord::partition)
                .containsExactlyElementsOf(keys.stream().map(KafkaRecordSinkTest::kafkasPartition).toList());
        // 50 keys over 3 partitions: if all landed in one, the partition would not depend on the key.
        assertThat(producer.history()).extracting(ProducerRecord::partition).contains(0, 1, 2);
    }

    @Test
    void shouldPartitionAKeylessRecordByItsTracesName() {
        sink.send(null, "dead letter", null, FROM);
        assertThat(producer.history()).singleElement()
                .satisfies(record -> assertThat(record.partition()).isEqualTo(kafkasPartition("trace.tsv")));
    }

    @Test
    void shouldCarryTheTraceNameAndPositionAsHeaders() {
        sink.send("job0", "a", Instant.EPOCH, new TracePosition("FB-2009.tsv", 12_345_678_901L));
        assertThat(producer.history()).singleElement().satisfies(record -> {
            assertThat(header(record, TracePosition.SOURCE_HEADER)).isEqualTo("FB-2009.tsv");
            assertThat(header(record, TracePosition.POSITION_HEADER)).isEqualTo("12345678901");
        });
    }

    @Test
    void shouldLeaveTheRecordOfNoReplayToTheDefaultPartitionerWithoutHeaders() {
        sink.send("job0", "a", Instant.EPOCH);
        assertThat(producer.history()).singleElement().satisfies(record -> {
            assertThat(record.partition()).isNull();
            assertThat(record.headers().toArray()).isEmpty();
        });
    }

    @Test
    void shouldCarryTheReplayIdWhenGivenOne() {
        var withId = new KafkaRecordSink<>(TOPIC, producer, "a77449a1e8631137");
        withId.send("job0", "a", Instant.EPOCH, FROM);
        sink.send("job1", "b", Instant.EPOCH, FROM);

        assertThat(header(producer.history().get(0), TracePosition.REPLAY_HEADER)).isEqualTo("a77449a1e8631137");
        assertThat(producer.history().get(1).headers().lastHeader(TracePosition.REPLAY_HEADER)).isNull();
    }

    @Test
    void shouldLeaveTheTimestampToTheProducerWhenNoneIsGiven() {
        sink.send(null, "dead letter", null, FROM);
        assertThat(producer.history()).singleElement().satisfies(record -> assertThat(record.timestamp()).isNull());
    }

    @Test
    void shouldThrowTheFirstFailedSendOnFlushAndOnTheNextSend() {
        sink.send("job0", "a", Instant.EPOCH, FROM);
        producer.errorNext(new IllegalStateException("broker said no"));

        assertThatThrownBy(sink::flush)
                .isInstanceOf(KafkaException.class)
                .hasMessage("a send to gleaner.jobs.submitted failed")
                .hasRootCauseMessage("broker said no");
        assertThatThrownBy(() -> sink.send("job1", "b", Instant.EPOCH, FROM)).isInstanceOf(KafkaException.class);
        assertThat(producer.history()).hasSize(1);
    }

    @Test
    void shouldCloseTheProducerAtTheFirstFailedSendSoNothingLaterIsWritten() {
        sink.send("job0", "a", Instant.EPOCH, FROM);
        sink.send("job0", "b", Instant.EPOCH, FROM);

        producer.errorNext(new IllegalStateException("broker said no"));

        assertThat(producer.closed()).isTrue();
        // The second record was still buffered: closed without it, it can never follow the lost first.
        assertThatThrownBy(sink::flush).isInstanceOf(KafkaException.class);
    }

    @Test
    void shouldRefuseATopicWithoutPartitions() {
        var empty = new KafkaRecordSink<>("gleaner.missing", producer);
        assertThatThrownBy(() -> empty.send("k", "v", Instant.EPOCH, FROM))
                .isInstanceOf(KafkaException.class)
                .hasMessage("topic gleaner.missing has no partitions");
    }

    @Test
    void shouldForceIdempotenceAndAcksAllOverTheClientConfig() {
        var config = KafkaRecordSink.producerConfig(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092",
                ProducerConfig.ACKS_CONFIG, "1",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false,
                ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
        assertThat(config)
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true)
                .containsEntry(ProducerConfig.ACKS_CONFIG, "all")
                .containsEntry(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1)
                .containsEntry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092")
                .doesNotContainKey(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG);
    }

    @Test
    void shouldBatchAndCompressByDefaultButKeepWhatTheClientConfigSays() {
        var defaults = KafkaRecordSink.producerConfig(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092"));
        assertThat(defaults)
                .containsEntry(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024)
                .containsEntry(ProducerConfig.LINGER_MS_CONFIG, 20)
                .containsEntry(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        var given = KafkaRecordSink.producerConfig(Map.of(ProducerConfig.LINGER_MS_CONFIG, 0,
                ProducerConfig.COMPRESSION_TYPE_CONFIG, "zstd", ProducerConfig.BATCH_SIZE_CONFIG, 1024));
        assertThat(given)
                .containsEntry(ProducerConfig.BATCH_SIZE_CONFIG, 1024)
                .containsEntry(ProducerConfig.LINGER_MS_CONFIG, 0)
                .containsEntry(ProducerConfig.COMPRESSION_TYPE_CONFIG, "zstd");
    }

    @Test
    void shouldCloseItsProducer() {
        sink.close();
        assertThat(producer.closed()).isTrue();
    }
}
