package io.gleaner.deploy.scalebench;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * A consumer group's progress as the Admin client sees it: the offsets it committed and the end offsets of the same
 * partitions. A Kafka Streams stage's group is its application id, and it commits what it has processed (under
 * exactly-once, with each transaction), so the difference is the records it has still to process.
 */
public final class GroupOffsets {

    /** A group's committed offsets and the end offsets of its partitions, summed over them; lag is the difference. */
    public record Position(long committed, long end) {
        public long lag() {
            return Math.max(0, end - committed);
        }
    }

    private final Admin admin;

    public GroupOffsets(Admin admin) {
        this.admin = admin;
    }

    /** Where {@code group} stands now; zero and zero before it has committed. */
    public Position position(String group) throws InterruptedException {
        try {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata().get();
            var present = committed.entrySet().stream().filter(e -> e.getValue() != null)
                    .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
            if (present.isEmpty()) {
                return new Position(0, 0);
            }
            var request = new HashMap<TopicPartition, OffsetSpec>();
            present.keySet().forEach(partition -> request.put(partition, OffsetSpec.latest()));
            Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = admin.listOffsets(request).all().get();
            long sumCommitted = 0;
            long sumEnd = 0;
            for (var entry : present.entrySet()) {
                sumCommitted += entry.getValue();
                sumEnd += ends.get(entry.getKey()).offset();
            }
            return new Position(sumCommitted, sumEnd);
        } catch (ExecutionException e) {
            throw new IllegalStateException("reading the offsets of group " + group + " failed: "
                    + e.getCause().getMessage(), e.getCause());
        }
    }
}
