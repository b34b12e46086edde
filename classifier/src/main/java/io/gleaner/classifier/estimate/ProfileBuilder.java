package io.gleaner.classifier.estimate;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Builds a job's {@link JobProfile} from the task attempts of one run (seed 002 §3.2.2; the choices the thesis
 * leaves open are those of seed 002 notes §2.2) and merges the profiles of runs of the same job name.
 *
 * <p><b>One run.</b> Per successful attempt, with {@code lastMapEnd} the end of the run's last map:
 * <ul>
 *   <li>Mt = {@code end − start} of each map; SizeMt_input = the largest {@code inputBytes} of a map (the chunk
 *       size; the last chunk of a file is smaller).</li>
 *   <li><b>Reduce waves.</b> A reduce is in the first wave if it started before the run's first reduce ended
 *       (no reduce slot can have been recycled yet), or if it is among the earliest-starting reduces. The notes'
 *       other option, "started before the last map finished", would put every reduce of a Gleaner run in the
 *       later waves, because the planner starts reduces only after all maps succeeded; with Hadoop's slow start
 *       the two rules agree.</li>
 *   <li><b>Shuffle end.</b> The trace's {@code shuffleEnd} if it has one, else {@code max(start, lastMapEnd)}
 *       (clamped to the attempt): the shuffle of a reduce cannot end before the last map output exists (§3.2.1
 *       of the thesis: the shuffle phase "ends when all the map tasks finish"), and without a timestamp nothing
 *       later can be claimed. With Gleaner's {@code TaskReport}s, which have no shuffle end, a reduce's copy
 *       time therefore counts in Rt, Sho is 0, and Shf is the gap from the last map to the reduce's start.</li>
 *   <li>Shf (first wave) = {@code max(0, shuffleEnd − lastMapEnd)}, the non-overlapping part of the shuffle
 *       (notes §2.2 item 3); {@code shuffleEnd − start} in a run without maps.</li>
 *   <li>Sho (later waves) = {@code shuffleEnd − start} (notes §2.2 item 4).</li>
 *   <li>Rt = {@code end − shuffleEnd} (notes §2.2 item 5).</li>
 *   <li>µ per phase and node type (seed 003 §3.3.1) = mean of the whole attempt lengths {@code end − start}.</li>
 * </ul>
 *
 * <p><b>Several runs</b> (notes §2.2 item 7): min of mins, max of maxes, the largest SizeMt_input, and averages
 * weighted by task count, so that merging the profiles of runs gives the statistics of all their tasks pooled,
 * as if one profile had been built from them: a 2000-map run then counts 1000 times as much as a 2-map run,
 * which is what a per-task mean should do (a run-weighted mean would let small runs swamp large ones). The
 * online means merge by count the same way. Merging is commutative, and associative up to floating-point
 * rounding of the averages; runs add up.
 */
public final class ProfileBuilder {

    private static final Comparator<TaskRun> ATTEMPT_ORDER = Comparator.comparing(TaskRun::start)
            .thenComparing(TaskRun::end).thenComparing(TaskRun::nodeType).thenComparingLong(TaskRun::inputBytes);

    private ProfileBuilder() {
    }

    /**
     * The profile of one run: the successful attempts of one job id.
     *
     * @throws IllegalArgumentException if {@code run} is empty or mixes job ids or job names
     */
    public static JobProfile fromRun(Collection<TaskRun> run) {
        Objects.requireNonNull(run, "run");
        if (run.isEmpty()) {
            throw new IllegalArgumentException("a run needs at least one task attempt, was empty");
        }
        var first = run.iterator().next();
        var maps = new ArrayList<TaskRun>();
        var reduces = new ArrayList<TaskRun>();
        for (var t : run) {
            if (!t.jobId().equals(first.jobId()) || !t.jobName().equals(first.jobName())) {
                throw new IllegalArgumentException("a run is one job id with one job name, found " + first.jobId()
                        + " (" + first.jobName() + ") and " + t.jobId() + " (" + t.jobName() + ")");
            }
            (t.phase() == Phase.MAP ? maps : reduces).add(t);
        }
        // Sums of doubles depend on order; sorting makes the averages independent of arrival order.
        maps.sort(ATTEMPT_ORDER);
        reduces.sort(ATTEMPT_ORDER);

        var mapStat = new Stat();
        long mapInputBytes = 0;
        Optional<Instant> lastMapEnd = maps.stream().map(TaskRun::end).max(Instant::compareTo);
        var means = new TreeMap<PhaseNode, OnlineMean>();
        for (var m : maps) {
            mapStat.add(m.millis());
            mapInputBytes = Math.max(mapInputBytes, m.inputBytes());
            addMean(means, m);
        }

        var firstShuffle = new Stat();
        var otherShuffle = new Stat();
        var reduceStat = new Stat();
        Instant firstReduceEnd = reduces.stream().map(TaskRun::end).min(Instant::compareTo).orElse(Instant.MAX);
        Instant firstReduceStart = reduces.stream().map(TaskRun::start).min(Instant::compareTo).orElse(Instant.MAX);
        for (var r : reduces) {
            Instant shuffleEnd = r.shuffleEnd().orElseGet(() -> inferredShuffleEnd(r, lastMapEnd));
            boolean firstWave = r.start().isBefore(firstReduceEnd) || r.start().equals(firstReduceStart);
            if (firstWave) {
                Instant from = lastMapEnd.orElse(r.start());
                firstShuffle.add(Math.max(0, TaskRun.millisBetween(from, shuffleEnd)));
            } else {
                otherShuffle.add(TaskRun.millisBetween(r.start(), shuffleEnd));
            }
            reduceStat.add(TaskRun.millisBetween(shuffleEnd, r.end()));
            addMean(means, r);
        }

        return new JobProfile(first.jobName(), 1,
                mapStat.min(), mapStat.avg(), mapStat.max(), mapInputBytes,
                firstShuffle.min(), firstShuffle.avg(), firstShuffle.max(),
                otherShuffle.min(), otherShuffle.avg(), otherShuffle.max(),
                reduceStat.min(), reduceStat.avg(), reduceStat.max(),
                means, new SampleCounts(mapStat.count, firstShuffle.count, otherShuffle.count, reduceStat.count));
    }

    /**
     * The profile of two profiles of the same job name, by the rule in the class comment.
     *
     * @throws IllegalArgumentException if the job names differ
     */
    public static JobProfile merge(JobProfile a, JobProfile b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (!a.jobName().equals(b.jobName())) {
            throw new IllegalArgumentException("only profiles of one job name merge, were '" + a.jobName()
                    + "' and '" + b.jobName() + "'");
        }
        var ca = a.counts();
        var cb = b.counts();
        var map = Stat.merge(ca.maps(), a.mapMin(), a.mapAvg(), a.mapMax(),
                cb.maps(), b.mapMin(), b.mapAvg(), b.mapMax());
        var shf = Stat.merge(ca.firstShuffles(), a.firstShuffleMin(), a.firstShuffleAvg(), a.firstShuffleMax(),
                cb.firstShuffles(), b.firstShuffleMin(), b.firstShuffleAvg(), b.firstShuffleMax());
        var sho = Stat.merge(ca.otherShuffles(), a.otherShuffleMin(), a.otherShuffleAvg(), a.otherShuffleMax(),
                cb.otherShuffles(), b.otherShuffleMin(), b.otherShuffleAvg(), b.otherShuffleMax());
        var red = Stat.merge(ca.reduces(), a.reduceMin(), a.reduceAvg(), a.reduceMax(),
                cb.reduces(), b.reduceMin(), b.reduceAvg(), b.reduceMax());
        var means = new TreeMap<>(a.meanTaskMillis());
        b.meanTaskMillis().forEach((k, v) -> means.merge(k, v, OnlineMean::merge));
        return new JobProfile(a.jobName(), Math.addExact(a.runs(), b.runs()),
                map[0], map[1], map[2], Math.max(a.mapInputBytes(), b.mapInputBytes()),
                shf[0], shf[1], shf[2], sho[0], sho[1], sho[2], red[0], red[1], red[2],
                means, ca.plus(cb));
    }

    /**
     * The profiles of every job name in {@code attempts}: one profile per job id ({@link #fromRun}), merged per
     * job name in job-id order.
     *
     * @throws IllegalArgumentException if a job id appears with two job names
     */
    public static SortedMap<String, JobProfile> byJobName(Collection<TaskRun> attempts) {
        var byJobId = new TreeMap<String, List<TaskRun>>();
        for (var t : attempts) {
            byJobId.computeIfAbsent(t.jobId(), k -> new ArrayList<>()).add(t);
        }
        var byName = new TreeMap<String, JobProfile>();
        for (var run : byJobId.values()) {
            var profile = fromRun(run);
            byName.merge(profile.jobName(), profile, ProfileBuilder::merge);
        }
        return Collections.unmodifiableSortedMap(byName);
    }

    private static Instant inferredShuffleEnd(TaskRun reduce, Optional<Instant> lastMapEnd) {
        Instant candidate = lastMapEnd.filter(e -> e.isAfter(reduce.start())).orElse(reduce.start());
        return candidate.isAfter(reduce.end()) ? reduce.end() : candidate;
    }

    private static void addMean(SortedMap<PhaseNode, OnlineMean> means, TaskRun t) {
        double millis = t.millis();
        means.merge(new PhaseNode(t.phase(), t.nodeType()), OnlineMean.of(millis), (old, one) -> old.add(millis));
    }

    /** Min, max and sum of one statistic over the tasks of a run. */
    private static final class Stat {
        private long count;
        private double min = Double.POSITIVE_INFINITY;
        private double max = Double.NEGATIVE_INFINITY;
        private double sum;

        void add(double x) {
            count++;
            min = Math.min(min, x);
            max = Math.max(max, x);
            sum += x;
        }

        double min() {
            return count == 0 ? 0 : min;
        }

        double max() {
            return count == 0 ? 0 : max;
        }

        double avg() {
            return count == 0 ? 0 : clamp(sum / count, min, max);
        }

        /** {min, avg, max} of two count-weighted statistics; a side with count 0 does not take part. */
        static double[] merge(long na, double minA, double avgA, double maxA,
                              long nb, double minB, double avgB, double maxB) {
            if (na == 0) {
                return new double[] {minB, avgB, maxB};
            }
            if (nb == 0) {
                return new double[] {minA, avgA, maxA};
            }
            double min = Math.min(minA, minB);
            double max = Math.max(maxA, maxB);
            double avg = (avgA * na + avgB * nb) / (na + nb);
            return new double[] {min, clamp(avg, min, max), max};
        }

        private static double clamp(double x, double lo, double hi) {
            return Math.max(lo, Math.min(hi, x));
        }
    }
}
