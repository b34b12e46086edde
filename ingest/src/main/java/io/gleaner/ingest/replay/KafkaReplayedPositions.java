package io.gleaner.ingest.replay;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
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
 * and the interrupted replay's producer is gone: a produce request it had sent before it died may still be
 * appended (or replicated, and so become visible) after this read, and its records would then be there
 * twice. To narrow that window the read first waits until the topic's end offsets hold still for
 * {@link #SETTLE} (at most {@value #MAX_SETTLE_ROUNDS} rounds, for a topic that other writers keep
 * moving). Closing that window for good needs a transactional producer whose id the resume reuses, which
 * fences the dead one; the replay does not do that (yet).
 */
public final class KafkaReplayedPositions {

    private static final Logger log = LoggerFactory.getLogger(KafkaReplayedPositions.class);

    /** Records read in the first window back from a partition's end. */
    static final int FIRST_WINDOW = 500;

    /** Polls in a row that may bring nothing before the read gives up. */
    private static final int MAX_EMPTY_POLLS = 100;
    private static final Duration POLL = Duration.ofMillis(300);
    /** How long the end offsets must hold still before a read; see the class comment. */
    public static final Duration SETTLE = Duration.ofSeconds(1);

    /** Most rounds of {@link #SETTLE} a read waits for the end offsets to hold still. */
    static final int MAX_SETTLE_ROUNDS = 10;

    /** Out-of-range answers in a row that the read retries. */
    static final int MAX_OUT_OF_RANGE = 20;

    private KafkaReplayedPositions() {
    }

    /**
     * Reads the positions of {@code source} on {@code topic}.
     *
     * @param clientConfig at least {@code bootstrap.servers}; deserializers and group settings are replaced
     * @throws KafkaException if the topic does not exist or a partition cannot be read
     */
    public static PartitionPositions read(Map<String, Object> clientConfig, String topic, String source) {
        return read(clientConfig, topic, source, null);
    }

    /**
     * Reads the positions of {@code source} on {@code topic}, and checks that the last record of the source
     * in each partition was sent by a replay with the id {@code replayId}
     * ({@value TracePosition#REPLAY_HEADER} header): a replay with other options sends other rows at the same
     * positions, so resuming it would skip rows it never sent.
     *
     * @param replayId the resuming replay's id, or null to accept any
     * @throws IllegalStateException naming both ids when a partition's last record of the source has another
     *     (or none)
     */
    public static PartitionPositions read(Map<String, Object> clientConfig, String topic, String source,
            String replayId) {
        var config = new HashMap<>(Objects.requireNonNull(clientConfig, "clientConfig"));
        config.remove(ConsumerConfig.GROUP_ID_CONFIG);
        config.remove(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG);
        config.remove(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
        // Never jump silently: an out-of-range answer is handled in lastIn.
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
        try (var consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            return read(consumer, topic, source, replayId);
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
    static PartitionPositions read(Consumer<byte[], byte[]> consumer, String topic, String source, String replayId) {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(source, "source");
        var infos = consumer.partitionsFor(topic);
        if (infos == null || infos.isEmpty()) {
            throw new KafkaException("topic " + topic + " does not exist; cannot resume a replay onto it");
        }
        var partitions = infos.stream().map(i -> new TopicPartition(topic, i.partition())).toList();
        var ends = settledEndOffsets(consumer, topic, partitions);
        var starts = consumer.beginningOffsets(partitions);
        var sourceBytes = source.getBytes(StandardCharsets.UTF_8);
        var last = new HashMap<Integer, Long>();
        for (var partition : partitions) {
            var found = lastRecord(consumer, partition, starts.get(partition), ends.get(partition), sourceBytes);
            if (found != null) {
                checkReplayId(found, partition, source, replayId);
                last.put(partition.partition(), positionOf(found, sourceBytes).orElseThrow());
            }
        }
        log.info("replay of {} had reached positions {} on {} ({} partitions)", source, last, topic, partitions.size());
        return new PartitionPositions(source, partitions.size(), last);
    }

    /** The end offsets once they held still for {@link #SETTLE}, or after {@value #MAX_SETTLE_ROUNDS} rounds. */
    private static Map<TopicPartition, Long> settledEndOffsets(Consumer<byte[], byte[]> consumer, String topic,
            List<TopicPartition> partitions) {
        var ends = consumer.endOffsets(partitions);
        for (int round = 0; round < MAX_SETTLE_ROUNDS; round++) {
            try {
                TimeUnit.NANOSECONDS.sleep(SETTLE.toNanos());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new KafkaException("interrupted while waiting for " + topic + " to settle", e);
            }
            var again = consumer.endOffsets(partitions);
            if (again.equals(ends)) {
                return ends;
            }
            ends = again;
        }
        log.warn("the end offsets of {} still moved after {} x {}; reading where the replay got to anyway", topic,
                MAX_SETTLE_ROUNDS, SETTLE);
        return ends;
    }

    private static void checkReplayId(ConsumerRecord<?, ?> found, TopicPartition partition, String source,
            String replayId) {
        if (replayId == null) {
            return;
        }
        var header = found.headers().lastHeader(TracePosition.REPLAY_HEADER);
        var theirs = header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
        if (!replayId.equals(theirs)) {
            throw new IllegalStateException("cannot resume: " + partition + " holds a replay of " + source
                    + (theirs == null ? " without a replay id" : " with replay id " + theirs) + " (offset "
                    + found.offset() + "), and this replay's options give replay id " + replayId
                    + "; resume with the options of the interrupted replay, or replay onto other topics");
        }
    }

    /** The last record of the source in the partition, reading back from the end; null when there is none. */
    private static ConsumerRecord<byte[], byte[]> lastRecord(Consumer<byte[], byte[]> consumer,
            TopicPartition partition, long start, long end, byte[] source) {
        consumer.assign(List.of(partition));
        long window = FIRST_WINDOW;
        long to = end;
        while (to > start) {
            long from = Math.max(start, to - window);
            var found = lastIn(consumer, partition, from, to, source);
            if (found != null) {
                return found;
            }
            to = from;
            window = Math.min(window * 2, Integer.MAX_VALUE);
        }
        return null;
    }

    /**
     * The last record of the source among offsets [from, to), or null.
     *
     * <p>Records can be deleted while this reads (retention; replayed records carry old event times, which
     * is why the catalogue's topics keep everything): the broker then answers "offset out of range". The
     * consumer has no reset policy, so that is an exception here rather than a silent jump to the end; the
     * read seeks again from the partition's new start, up to {@value #MAX_OUT_OF_RANGE} times.
     */
    private static ConsumerRecord<byte[], byte[]> lastIn(Consumer<byte[], byte[]> consumer, TopicPartition partition,
            long from, long to, byte[] source) {
        consumer.seek(partition, from);
        ConsumerRecord<byte[], byte[]> found = null;
        int emptyPolls = 0;
        int outOfRange = 0;
        while (consumer.position(partition) < to) {
            long before = consumer.position(partition);
            List<ConsumerRecord<byte[], byte[]>> records;
            try {
                records = consumer.poll(POLL).records(partition);
            } catch (OffsetOutOfRangeException e) {
                if (++outOfRange > MAX_OUT_OF_RANGE) {
                    throw new KafkaException("reading " + partition + " from offset " + before
                            + " was refused as out of range " + outOfRange + " times", e);
                }
                long start = consumer.beginningOffsets(List.of(partition)).get(partition);
                log.debug("offset {} of {} out of range (start {}); seeking again", before, partition, start);
                consumer.seek(partition, Math.max(before, start));
                continue;
            }
            for (ConsumerRecord<byte[], byte[]> record : records) {
                if (record.offset() >= to) {
                    break;
                }
                if (positionOf(record, source).isPresent()) {
                    found = record;
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
