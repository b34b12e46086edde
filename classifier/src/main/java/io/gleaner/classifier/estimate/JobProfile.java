package io.gleaner.classifier.estimate;

import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What past runs of a job name took: the 13 fields of seed 002 §3.2.2 (durations in milliseconds), the runs
 * merged, the online mean task length µ per phase and node type of seed 003 §3.3.1, and the sample counts that
 * make merging exact. The first 15 components and {@link #meanTaskMillisByKey()} map one-to-one onto
 * {@code schemas/src/main/avro/JobProfile.avsc}; {@code counts} has no Avro field yet.
 *
 * <p>A statistic with count 0 (no map, no reduce, or no later reduce wave) is stored as min = avg = max = 0; read
 * {@link #counts()} to tell it from a measured zero.
 *
 * @param jobName         the job name; the key of {@code jobs.profiles}
 * @param runs            runs (job ids) merged into the profile, &gt;= 1
 * @param mapMin          Mt_min: shortest map task
 * @param mapAvg          Mt_avg: mean map task
 * @param mapMax          Mt_max: longest map task
 * @param mapInputBytes   SizeMt_input: input bytes of one map task, taken as the largest a map read (the chunk
 *                        size; the last chunk of a file is smaller)
 * @param firstShuffleMin Shf_min: first-wave shuffle, the part after the last map ended
 * @param firstShuffleAvg Shf_avg
 * @param firstShuffleMax Shf_max
 * @param otherShuffleMin Sho_min: shuffle of a later-wave reduce
 * @param otherShuffleAvg Sho_avg
 * @param otherShuffleMax Sho_max
 * @param reduceMin       Rt_min: shortest reduce (after its shuffle)
 * @param reduceAvg       Rt_avg
 * @param reduceMax       Rt_max
 * @param meanTaskMillis  µ per phase and node type: whole attempt lengths; counts sum to {@code counts.maps()}
 *                        for MAP keys and {@code counts.reduces()} for REDUCE keys
 * @param counts          samples behind each statistic
 */
public record JobProfile(String jobName, int runs,
                         double mapMin, double mapAvg, double mapMax, long mapInputBytes,
                         double firstShuffleMin, double firstShuffleAvg, double firstShuffleMax,
                         double otherShuffleMin, double otherShuffleAvg, double otherShuffleMax,
                         double reduceMin, double reduceAvg, double reduceMax,
                         SortedMap<PhaseNode, OnlineMean> meanTaskMillis, SampleCounts counts) {

    public JobProfile {
        Objects.requireNonNull(jobName, "jobName");
        Objects.requireNonNull(meanTaskMillis, "meanTaskMillis");
        Objects.requireNonNull(counts, "counts");
        if (jobName.isBlank()) {
            throw new IllegalArgumentException("jobName must not be blank");
        }
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be >= 1, was " + runs + " for job name " + jobName);
        }
        checkStatistic(jobName, "map", counts.maps(), mapMin, mapAvg, mapMax);
        checkStatistic(jobName, "firstShuffle", counts.firstShuffles(), firstShuffleMin, firstShuffleAvg,
                firstShuffleMax);
        checkStatistic(jobName, "otherShuffle", counts.otherShuffles(), otherShuffleMin, otherShuffleAvg,
                otherShuffleMax);
        checkStatistic(jobName, "reduce", counts.reduces(), reduceMin, reduceAvg, reduceMax);
        if (mapInputBytes < 0 || (counts.maps() == 0 && mapInputBytes != 0)) {
            throw new IllegalArgumentException("mapInputBytes must be >= 0, and 0 without maps, was "
                    + mapInputBytes + " with " + counts.maps() + " maps for job name " + jobName);
        }
        long mapSamples = 0;
        long reduceSamples = 0;
        for (var e : meanTaskMillis.entrySet()) {
            Objects.requireNonNull(e.getKey(), "meanTaskMillis key");
            Objects.requireNonNull(e.getValue(), "meanTaskMillis value");
            if (e.getKey().phase() == Phase.MAP) {
                mapSamples += e.getValue().count();
            } else {
                reduceSamples += e.getValue().count();
            }
        }
        if (mapSamples != counts.maps() || reduceSamples != counts.reduces()) {
            throw new IllegalArgumentException("meanTaskMillis counts must add up to the task counts, were "
                    + mapSamples + " maps and " + reduceSamples + " reduces against " + counts
                    + " for job name " + jobName);
        }
        meanTaskMillis = Collections.unmodifiableSortedMap(new TreeMap<>(meanTaskMillis));
    }

    /** The online means keyed as in the Avro schema ({@code MAP/<nodeType>}), in key order. */
    public SortedMap<String, Double> meanTaskMillisByKey() {
        var byKey = new TreeMap<String, Double>();
        meanTaskMillis.forEach((k, v) -> byKey.put(k.key(), v.mean()));
        return Collections.unmodifiableSortedMap(byKey);
    }

    /** Whether the profile has map samples. */
    public boolean hasMaps() {
        return counts.maps() > 0;
    }

    /** Whether the profile has reduce samples (and so first-wave shuffle samples). */
    public boolean hasReduces() {
        return counts.reduces() > 0;
    }

    /** µ of a phase on a node type, if tasks of the phase ran there. */
    public Optional<OnlineMean> meanTaskMillis(Phase phase, String nodeType) {
        return Optional.ofNullable(meanTaskMillis.get(new PhaseNode(phase, nodeType)));
    }

    private static void checkStatistic(String jobName, String name, long count, double min, double avg,
                                       double max) {
        if (count == 0) {
            if (min != 0 || avg != 0 || max != 0) {
                throw new IllegalArgumentException(name + " has no samples, so min, avg and max must be 0, were "
                        + min + ", " + avg + ", " + max + " for job name " + jobName);
            }
            return;
        }
        if (!Double.isFinite(max) || !(0 <= min && min <= avg && avg <= max)) {
            throw new IllegalArgumentException(name + " must have 0 <= min <= avg <= max, finite, were " + min
                    + ", " + avg + ", " + max + " for job name " + jobName);
        }
    }
}
