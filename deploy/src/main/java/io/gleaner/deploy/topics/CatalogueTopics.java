package io.gleaner.deploy.topics;

import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;

/** Creates and describes the topics of the catalogue on a Kafka cluster. */
public final class CatalogueTopics {

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
     * a warning when its partition count differs from the catalogue's.
     *
     * @param replicationFactor replicas per partition, or empty for the broker's default
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
        return results;
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
