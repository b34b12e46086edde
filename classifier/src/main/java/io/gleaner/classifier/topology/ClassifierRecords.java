package io.gleaner.classifier.topology;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.NodeType;
import io.gleaner.classifier.estimate.Phase;
import io.gleaner.classifier.profiles.ProfileRecords;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.TaskKind;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/**
 * What the classifier's adapter maps between Avro and its core records besides profiles (those are
 * {@link ProfileRecords}, the topic's read side, which the planner uses too): node types, phases, the profile serde.
 */
public final class ClassifierRecords {

    private ClassifierRecords() {
    }

    /**
     * The name of the type of the node a heartbeat describes ({@link NodeType#of}: slots, cores, RAM, core speed).
     *
     * @throws IllegalArgumentException if the heartbeat's speed is not finite and positive
     */
    public static String nodeType(NodeHeartbeat heartbeat) {
        var capacity = heartbeat.getCapacity();
        return NodeType.of(heartbeat.getSlots(), capacity.getCpus(), capacity.getMemoryBytes(),
                heartbeat.getSpeedGflops()).name();
    }

    /** The phase of a task kind; null for {@link TaskKind#UNKNOWN}. */
    static Phase phase(TaskKind kind) {
        return switch (kind) {
            case MAP -> Phase.MAP;
            case REDUCE -> Phase.REDUCE;
            default -> null;
        };
    }

    /** Core profiles as their Avro form through {@code avro} (the stores' and repartition topic's serde). */
    static Serde<JobProfile> profileSerde(Serde<io.gleaner.schemas.avro.JobProfile> avro) {
        Serializer<JobProfile> serializer = (topic, profile) ->
                profile == null ? null : avro.serializer().serialize(topic, ProfileRecords.toAvro(profile));
        Deserializer<JobProfile> deserializer = (topic, bytes) -> {
            var decoded = avro.deserializer().deserialize(topic, bytes);
            return decoded == null ? null : ProfileRecords.toCore(decoded);
        };
        return Serdes.serdeFrom(serializer, deserializer);
    }
}
