package io.gleaner.classifier.profiles;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.OnlineMean;
import io.gleaner.classifier.estimate.PhaseNode;
import io.gleaner.classifier.estimate.SampleCounts;
import java.util.LinkedHashMap;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The records of {@code jobs.profiles}, the classifier's core profile and back: the topic's read side for every
 * reader (the planner's view of the profiles too), apart from the classifier's adapter. A profile round-trips exactly
 * ({@code toCore(toAvro(p)).equals(p)}): the sample counts ({@code mapCount} ... {@code reduceCount}) and the count
 * behind each online mean ({@code meanTaskCountByNode}) travel with it, so that a restarted stage, or another
 * instance, merges a stored profile with a new run as if it had never stopped.
 */
public final class ProfileRecords {

    private ProfileRecords() {
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
}
