package io.gleaner.deploy.topics;

import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/** Creates and describes the topics of the catalogue on a Kafka cluster. */
public final class CatalogueTopics {

    /**
     * How long {@link #create} waits for the broker's metadata to show every catalogue topic: a broker just started
     * (or restarted) can accept a creation before its metadata cache has the topic, and a stage started then finds
     * its input missing.
     */
    public static final Duration METADATA_WAIT = Duration.ofSeconds(30);
    private static final long METADATA_POLL_MS = 100;

    private final Admin admin;

    public CatalogueTopics(Admin admin) {
        this.admin = admin;
    }

    /** What {@link #create} did for one topic. */
    public record Created(String name, boolean existed, int partitions, Optional<String> warning) {
    }

    /**
     * One topic as the cluster has it.
     *
     * @param offsetSpan end offsets less start offsets over all partitions: the record count, plus one transaction
     *                   marker per commit on a topic written exactly-once ({@link RecordCounter} counts records)
     */
    public record Described(String name, boolean exists, int partitions, String cleanupPolicy, long offsetSpan) {
    }

    /**
     * Creates every topic of the catalogue that does not exist yet. A topic that exists is left alone, with
     * a warning when its partition count differs from the catalogue's. Returns once the broker's metadata shows
     * every catalogue topic with a leader for each partition, so that what starts next finds them.
     *
     * @param replicationFactor replicas per partition, or empty for the broker's default
     * @throws IllegalStateException naming the topics the metadata does not show within {@link #METADATA_WAIT}
     */
    public List<Created> create(Topics topics, Optional<Short> replicationFactor) {
        var results = new ArrayList<Created>();
        for (var topic : topics.all()) {
            var newTopic = new NewTopic(topic.name(), Optional.of(topic.partitions()), replicationFactor)
                    .configs(topic.configs());
            try {
                admin.createTopics(List.of(newTopic)).all().get();
                results.add(new Created(topic.name(), false, topic.partitions(), Optional.empty()));
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw new IllegalStateException("cannot create topic " + topic.name() + ": "
                            + e.getCause().getMessage(), e.getCause());
                }
                results.add(existing(topic));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while creating " + topic.name(), e);
            }
        }
        awaitInMetadata(topics.all().stream().map(Topic::name).toList(), this::inMetadata, METADATA_WAIT);
        return results;
    }

    /**
     * Returns once {@code inMetadata} (which of the names the metadata shows) has shown every one of {@code names},
     * asking again every {@value #METADATA_POLL_MS} ms.
     *
     * @throws IllegalStateException naming the topics still missing after {@code wait}
     */
    static void awaitInMetadata(List<String> names, Function<List<String>, Set<String>> inMetadata, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        var missing = new ArrayList<>(names);
        while (true) {
            missing.removeAll(inMetadata.apply(List.copyOf(missing)));
            if (missing.isEmpty()) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("the broker's metadata does not show " + missing + " " + wait.toSeconds()
                        + " s after they were created; is the broker still starting, or short of a controller?");
            }
            try {
                Thread.sleep(METADATA_POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for topics " + missing, e);
            }
        }
    }

    /** Those of {@code names} that the broker describes, with a leader for every partition. */
    private Set<String> inMetadata(List<String> names) {
        var shown = new HashSet<String>();
        for (var entry : admin.describeTopics(names).topicNameValues().entrySet()) {
            try {
                var description = entry.getValue().get();
                if (description.partitions().stream().allMatch(p -> p.leader() != null && !p.leader().isEmpty())) {
                    shown.add(entry.getKey());
                }
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw new IllegalStateException("cannot describe topic " + entry.getKey() + ": "
                            + e.getCause().getMessage(), e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while describing " + entry.getKey(), e);
            }
        }
        return shown;
    }

    /** Partitions, cleanup policy and offset span (end minus start offsets) of every catalogue topic. */
    public List<Described> describe(Topics topics) {
        try {
            var names = topics.all().stream().map(Topic::name).toList();
            var existing = admin.listTopics().names().get();
            var present = names.stream().filter(existing::contains).toList();
            Map<String, TopicDescription> descriptions = present.isEmpty() ? Map.of()
                    : admin.describeTopics(present).allTopicNames().get();
            var configs = present.isEmpty() ? Map.<ConfigResource, org.apache.kafka.clients.admin.Config>of()
                    : admin.describeConfigs(present.stream()
                            .map(n -> new ConfigResource(ConfigResource.Type.TOPIC, n)).toList()).all().get();
            var spans = offsetSpans(descriptions.values());
            var result = new ArrayList<Described>();
            for (var name : names) {
                var description = descriptions.get(name);
                if (description == null) {
                    result.add(new Described(name, false, 0, "", 0));
                    continue;
                }
                var cleanup = configs.get(new ConfigResource(ConfigResource.Type.TOPIC, name)).get("cleanup.policy");
                result.add(new Described(name, true, description.partitions().size(),
                        cleanup == null ? "" : cleanup.value(), spans.getOrDefault(name, 0L)));
            }
            return result;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while describing topics", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot describe topics: " + e.getCause().getMessage(), e.getCause());
        }
    }

    private Created existing(Topic<String, ?> topic) {
        try {
            var description = admin.describeTopics(List.of(topic.name())).allTopicNames().get().get(topic.name());
            int partitions = description.partitions().size();
            var warning = partitions == topic.partitions() ? Optional.<String>empty()
                    : Optional.of(topic.name() + " has " + partitions + " partitions, the catalogue expects "
                            + topic.partitions());
            return new Created(topic.name(), true, partitions, warning);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot describe existing topic " + topic.name() + ": "
                    + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while describing " + topic.name(), e);
        }
    }

    private Map<String, Long> offsetSpans(java.util.Collection<TopicDescription> descriptions)
            throws InterruptedException, ExecutionException {
        var partitions = descriptions.stream()
                .flatMap(d -> d.partitions().stream().map(p -> new TopicPartition(d.name(), p.partition())))
                .toList();
        if (partitions.isEmpty()) {
            return Map.of();
        }
        var earliest = admin.listOffsets(partitions.stream()
                .collect(Collectors.toMap(p -> p, p -> OffsetSpec.earliest()))).all().get();
        var latest = admin.listOffsets(partitions.stream()
                .collect(Collectors.toMap(p -> p, p -> OffsetSpec.latest()))).all().get();
        var counts = new HashMap<String, Long>();
        for (var partition : partitions) {
            long count = latest.get(partition).offset() - earliest.get(partition).offset();
            counts.merge(partition.topic(), count, Long::sum);
        }
        return counts;
    }
}
