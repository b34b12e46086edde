package io.gleaner.deploy.topics;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Counts the committed records of a topic by reading it. Offsets alone overcount a topic written in
 * transactions: every commit leaves a marker that takes an offset but is no record.
 */
public final class RecordCounter {

    private static final Duration POLL = Duration.ofMillis(100);

    private final Consumer<byte[], byte[]> consumer;

    /** @param consumer a consumer with {@code isolation.level=read_committed} and no group; not closed here */
    public RecordCounter(Consumer<byte[], byte[]> consumer) {
        this.consumer = consumer;
    }

    /** Records of every partition of {@code topic}, from the earliest offset to the last stable one. */
    public long count(String topic) {
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(p -> new TopicPartition(topic, p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
        var pending = partitions.stream().filter(p -> consumer.position(p) < ends.get(p))
                .collect(Collectors.toCollection(HashSet::new));
        long count = 0;
        while (!pending.isEmpty()) {
            count += consumer.poll(POLL).count();
            pending.removeIf(p -> consumer.position(p) >= ends.get(p));
        }
        consumer.unsubscribe();
        return count;
    }
}
