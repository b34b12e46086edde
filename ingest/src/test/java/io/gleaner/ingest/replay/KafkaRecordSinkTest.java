package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Map;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class KafkaRecordSinkTest {

    private final MockProducer<String, String> producer =
            new MockProducer<>(false, null, new StringSerializer(), new StringSerializer());
    private final KafkaRecordSink<String> sink = new KafkaRecordSink<>("gleaner.jobs.submitted", producer);

    @Test
    void shouldSendToItsTopicWithKeyValueAndEventTimeAsTimestamp() {
        sink.send("job0", "value", Instant.ofEpochMilli(1_241_136_049_000L));
        sink.flush();
        assertThat(producer.history()).singleElement().satisfies(record -> {
            assertThat(record.topic()).isEqualTo("gleaner.jobs.submitted");
            assertThat(record.key()).isEqualTo("job0");
            assertThat(record.value()).isEqualTo("value");
            assertThat(record.timestamp()).isEqualTo(1_241_136_049_000L);
            assertThat(record.partition()).isNull();
        });
    }

    @Test
    void shouldLeaveTheTimestampToTheProducerWhenNoneIsGiven() {
        sink.send(null, "dead letter", null);
        assertThat(producer.history()).singleElement().satisfies(record -> assertThat(record.timestamp()).isNull());
    }

    @Test
    void shouldThrowTheFirstFailedSendOnFlushAndOnTheNextSend() {
        sink.send("job0", "a", Instant.EPOCH);
        producer.errorNext(new IllegalStateException("broker said no"));

        assertThatThrownBy(sink::flush)
                .isInstanceOf(KafkaException.class)
                .hasMessage("a send to gleaner.jobs.submitted failed")
                .hasRootCauseMessage("broker said no");
        assertThatThrownBy(() -> sink.send("job1", "b", Instant.EPOCH)).isInstanceOf(KafkaException.class);
        assertThat(producer.history()).hasSize(1);
    }

    @Test
    void shouldForceIdempotenceAndAcksAllOverTheClientConfig() {
        var config = KafkaRecordSink.producerConfig(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092",
                ProducerConfig.ACKS_CONFIG, "1",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
        assertThat(config)
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true)
                .containsEntry(ProducerConfig.ACKS_CONFIG, "all")
                .containsEntry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092")
                .doesNotContainKey(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG);
    }

    @Test
    void shouldCloseItsProducer() {
        sink.close();
        assertThat(producer.closed()).isTrue();
    }
}
