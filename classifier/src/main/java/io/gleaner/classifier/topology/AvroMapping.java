package io.gleaner.classifier.topology;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.NodeType;
import io.gleaner.classifier.estimate.OnlineMean;
import io.gleaner.classifier.estimate.Phase;
import io.gleaner.classifier.estimate.PhaseNode;
import io.gleaner.classifier.estimate.SampleCounts;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.TaskKind;
import java.util.LinkedHashMap;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Avro records to the classifier's core records and back; the only file that imports both. A profile round-trips
 * exactly ({@code toCore(toAvro(p)).equals(p)}): the sample counts ({@code mapCount} ... {@code reduceCount}) and the
 * count behind each online mean ({@code meanTaskCountByNode}) travel with it, so that a restarted stage, or another
 * instance, merges a stored profile with a new run as if it had never stopped.
 */
public final class AvroMapping {

    private AvroMapping() {
    }

    /** The Avro form of a core profile, as published on {@code jobs.profiles}. */
    public static io.gleaner.schemas.avro.JobProfile toAvro(JobProfile profile) {
        Objects.requireNonNull(profile, "profile");
        var means = new LinkedHashMap<String, Double>();
        var counts = new LinkedHashMap<String, Long>();
        profile.meanTaskMillis().forEach((key, mean) -> {
            means.put(key.key(), mean.mean());
            counts.put(key.key(), mean.count());
        });
        var c = profile.counts();
        return io.gleaner.schemas.avro.JobProfile.newBuilder()
                .setJobName(profile.jobName())
                .setRuns(profile.runs())
                .setMapMin(profile.mapMin())
                .setMapAvg(profile.mapAvg())
                .setMapMax(profile.mapMax())
                .setMapInputBytes(profile.mapInputBytes())
                .setFirstShuffleMin(profile.firstShuffleMin())
                .setFirstShuffleAvg(profile.firstShuffleAvg())
                .setFirstShuffleMax(profile.firstShuffleMax())
                .setOtherShuffleMin(profile.otherShuffleMin())
                .setOtherShuffleAvg(profile.otherShuffleAvg())
                .setOtherShuffleMax(profile.otherShuffleMax())
                .setReduceMin(profile.reduceMin())
                .setReduceAvg(profile.reduceAvg())
                .setReduceMax(profile.reduceMax())
                .setMeanTaskMillisByNode(means)
                .setMapCount(c.maps())
                .setFirstShuffleCount(c.firstShuffles())
                .setOtherShuffleCount(c.otherShuffles())
                .setReduceCount(c.reduces())
                .setMeanTaskCountByNode(counts)
                .build();
    }

    /**
     * The core form of an Avro profile.
     *
     * @throws IllegalArgumentException if the profile is inconsistent (a mean without a count or a count without a
     *                                  mean, counts that do not add up, statistics out of order), naming what
     */
    public static JobProfile toCore(io.gleaner.schemas.avro.JobProfile avro) {
        Objects.requireNonNull(avro, "avro");
        var counts = avro.getMeanTaskCountByNode();
        if (!counts.keySet().equals(avro.getMeanTaskMillisByNode().keySet())) {
            throw new IllegalArgumentException("meanTaskCountByNode keys " + new TreeMap<>(counts).keySet()
                    + " must equal meanTaskMillisByNode keys "
                    + new TreeMap<>(avro.getMeanTaskMillisByNode()).keySet() + " for job name " + avro.getJobName());
        }
        var means = new TreeMap<PhaseNode, OnlineMean>();
        avro.getMeanTaskMillisByNode().forEach((key, mean) ->
                means.put(PhaseNode.parse(key), new OnlineMean(counts.get(key), mean)));
        return new JobProfile(avro.getJobName(), avro.getRuns(),
                avro.getMapMin(), avro.getMapAvg(), avro.getMapMax(), avro.getMapInputBytes(),
                avro.getFirstShuffleMin(), avro.getFirstShuffleAvg(), avro.getFirstShuffleMax(),
                avro.getOtherShuffleMin(), avro.getOtherShuffleAvg(), avro.getOtherShuffleMax(),
                avro.getReduceMin(), avro.getReduceAvg(), avro.getReduceMax(),
                means, new SampleCounts(avro.getMapCount(), avro.getFirstShuffleCount(), avro.getOtherShuffleCount(),
                        avro.getReduceCount()));
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
                profile == null ? null : avro.serializer().serialize(topic, toAvro(profile));
        Deserializer<JobProfile> deserializer = (topic, bytes) -> {
            var decoded = avro.deserializer().deserialize(topic, bytes);
            return decoded == null ? null : toCore(decoded);
        };
        return Serdes.serdeFrom(serializer, deserializer);
    }
}
