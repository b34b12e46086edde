package io.gleaner.ingest.replay;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads where a replay of a trace got to on a topic: for each partition, the {@code gleaner.position}
 * header of the last record whose {@code gleaner.source} header names the trace.
 *
 * <p>It reads each partition backwards from its end, in windows that double (from {@value #FIRST_WINDOW}
 * records), until a record of the trace turns up or the start of the partition is reached. When the trace
 * was the last thing written to the topic, that is one small read per partition; when other writers came
 * after it, or it never wrote there, it reads further back, up to the whole partition. Records whose
 * headers are missing or unreadable are passed over (they were not written by a replay).
 *
 * <p>What it reads is only as good as the assumptions of {@link PartitionPositions}: the topic has the
 * partition count it had when the replay ran, no other writer puts records with this trace's name on it,
 * and the interrupted replay's producer is gone (a request it had in flight when it died is either stored
 * or lost by the time a resume starts, which takes a broker milliseconds).
 */
public final class KafkaReplayedPositions {

    private static final Logger log = LoggerFactory.getLogger(KafkaReplayedPositions.class);

    /** Records read in the first window back from a partition's end. */
    static final int FIRST_WINDOW = 500;

    /** Polls in a row that may bring nothing before the read gives up. */
    private static final int MAX_EMPTY_POLLS = 100;
    private static final Duration POLL = Duration.ofMillis(300);

    private KafkaReplayedPositions() {
    }

    /**
     * Reads the positions of {@code source} on {@code topic}.
     *
     * @param clientConfig at least {@code bootstrap.servers}; deserializers and group settings are replaced
     * @throws KafkaException if the topic does not exist or a partition cannot be read
     */
    public static PartitionPositions read(Map<String, Object> clientConfig, String topic, String source) {
        var config = new HashMap<>(Objects.requireNonNull(clientConfig, "clientConfig"));
        config.remove(ConsumerConfig.GROUP_ID_CONFIG);
        config.remove(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG);
        config.remove(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
        try (var consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            return read(consumer, topic, source);
        }
    }

    /**
     * Reads where a replay of {@code source} got to on its record topic and its dead-letter topic.
     *
     * @param clientConfig at least {@code bootstrap.servers}
     */
    public static Resume resume(Map<String, Object> clientConfig, String recordTopic, String deadLetterTopic,
            String source) {
        return new Resume(read(clientConfig, recordTopic, source), read(clientConfig, deadLetterTopic, source));
    }

    /** Reads with a consumer the caller owns; the consumer's assignment is changed. */
    static PartitionPositions read(Consumer<byte[], byte[]> consumer, String topic, String source) {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(source, "source");
        var infos = consumer.partitionsFor(topic);
        if (infos == null || infos.isEmpty()) {
            throw new KafkaException("topic " + topic + " does not exist; cannot resume a replay onto it");
        }
        var partitions = infos.stream().map(i -> new TopicPartition(topic, i.partition())).toList();
        var starts = consumer.beginningOffsets(partitions);
        var ends = consumer.endOffsets(partitions);
        var sourceBytes = source.getBytes(StandardCharsets.UTF_8);
        var last = new HashMap<Integer, Long>();
        for (var partition : partitions) {
            lastPosition(consumer, partition, starts.get(partition), ends.get(partition), sourceBytes)
                    .ifPresent(position -> last.put(partition.partition(), position));
        }
        log.info("replay of {} had reached positions {} on {} ({} partitions)", source, last, topic, partitions.size());
        return new PartitionPositions(source, partitions.size(), last);
    }

    private static OptionalLong lastPosition(Consumer<byte[], byte[]> consumer, TopicPartition partition,
            long start, long end, byte[] source) {
        consumer.assign(List.of(partition));
        long window = FIRST_WINDOW;
        long to = end;
        while (to > start) {
            long from = Math.max(start, to - window);
            var found = lastIn(consumer, partition, from, to, source);
            if (found.isPresent()) {
                return found;
            }
            to = from;
            window = Math.min(window * 2, Integer.MAX_VALUE);
        }
        return OptionalLong.empty();
    }

    /** The position of the last record of the source among offsets [from, to). */
    private static OptionalLong lastIn(Consumer<byte[], byte[]> consumer, TopicPartition partition, long from,
            long to, byte[] source) {
        consumer.seek(partition, from);
        var found = OptionalLong.empty();
        int emptyPolls = 0;
        while (consumer.position(partition) < to) {
            long before = consumer.position(partition);
            var records = consumer.poll(POLL).records(partition);
            for (ConsumerRecord<byte[], byte[]> record : records) {
                if (record.offset() >= to) {
                    break;
                }
                var position = positionOf(record, source);
                if (position.isPresent()) {
                    found = position;
                }
            }
            if (records.isEmpty() && consumer.position(partition) == before && ++emptyPolls >= MAX_EMPTY_POLLS) {
                throw new KafkaException("could not read " + partition + " from offset " + before + " up to " + to
                        + " to find where the replay stopped");
            } else if (!records.isEmpty()) {
                emptyPolls = 0;
            }
        }
        return found;
    }

    /** The record's position when its source header names the source, else empty. */
    static OptionalLong positionOf(ConsumerRecord<?, ?> record, byte[] source) {
        var sourceHeader = record.headers().lastHeader(TracePosition.SOURCE_HEADER);
        if (sourceHeader == null || !Arrays.equals(sourceHeader.value(), source)) {
            return OptionalLong.empty();
        }
        var positionHeader = record.headers().lastHeader(TracePosition.POSITION_HEADER);
        if (positionHeader == null || positionHeader.value() == null) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(new String(positionHeader.value(), StandardCharsets.US_ASCII)));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
