package io.gleaner.classifier.estimate;

import java.time.Instant;
import java.util.Optional;
import java.util.TreeMap;

/** Profiles and attempts that read like the scenarios of the tests. */
final class EstimateFixtures {

    static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");
    static final String NODE = "standard";

    private EstimateFixtures() {
    }

    /** {@code seconds} after T0. */
    static Instant at(double seconds) {
        return T0.plusNanos(Math.round(seconds * 1e9));
    }

    static double s(double seconds) {
        return seconds * 1000;
    }

    /** A map statistic in seconds: min, avg, max. */
    record Stat(double min, double avg, double max) {
    }

    static Stat mt(double min, double avg, double max) {
        return new Stat(min, avg, max);
    }

    static Stat shf(double min, double avg, double max) {
        return new Stat(min, avg, max);
    }

    static Stat sho(double min, double avg, double max) {
        return new Stat(min, avg, max);
    }

    static Stat rt(double min, double avg, double max) {
        return new Stat(min, avg, max);
    }

    /**
     * A one-run profile from seed 002 Table 3.1/3.2 style numbers in seconds: {@code maps} maps and
     * {@code reduces} reduces on {@link #NODE}, all reduces in the first wave (Sho unobserved).
     */
    static JobProfile profile(String name, int maps, Stat map, int reduces, Stat firstShuffle, Stat reduce) {
        return profile(name, maps, map, reduces, firstShuffle, 0, null, reduce);
    }

    /** As above, with {@code laterReduces} of the reduces in later waves with shuffle {@code otherShuffle}. */
    static JobProfile profile(String name, int maps, Stat map, int reduces, Stat firstShuffle, int laterReduces,
                              Stat otherShuffle, Stat reduce) {
        var means = new TreeMap<PhaseNode, OnlineMean>();
        if (maps > 0) {
            means.put(new PhaseNode(Phase.MAP, NODE), new OnlineMean(maps, s(map.avg())));
        }
        if (reduces > 0) {
            means.put(new PhaseNode(Phase.REDUCE, NODE), new OnlineMean(reduces,
                    s(firstShuffle.avg() + reduce.avg())));
        }
        Stat m = maps > 0 ? map : new Stat(0, 0, 0);
        Stat f = reduces > 0 ? firstShuffle : new Stat(0, 0, 0);
        Stat o = laterReduces > 0 ? otherShuffle : new Stat(0, 0, 0);
        Stat r = reduces > 0 ? reduce : new Stat(0, 0, 0);
        return new JobProfile(name, 1, s(m.min()), s(m.avg()), s(m.max()), maps > 0 ? 64L << 20 : 0,
                s(f.min()), s(f.avg()), s(f.max()), s(o.min()), s(o.avg()), s(o.max()),
                s(r.min()), s(r.avg()), s(r.max()), means,
                new SampleCounts(maps, reduces - laterReduces, laterReduces, reduces));
    }

    /** Anagram on D1 (2 GB) with 24/24 slots: seed 002 Tables 3.1 and 3.2, first rows. */
    static JobProfile anagramD1() {
        return profile("anagram", 32, mt(94, 144, 186), 24, shf(121, 136, 152), rt(16, 24.5, 33));
    }

    /** WordCount on D1 with 24/24 slots: seed 002 Tables 3.1 and 3.2. */
    static JobProfile wordCountD1() {
        return profile("wordcount", 32, mt(12, 22, 32), 24, shf(65, 77, 89), rt(16, 26.5, 37));
    }

    static TaskRun map(String jobId, String node, double startS, double endS, long bytes) {
        return TaskRun.map(jobId, "etl", node, at(startS), at(endS), bytes);
    }

    static TaskRun reduce(String jobId, String node, double startS, double shuffleEndS, double endS) {
        return TaskRun.reduce(jobId, "etl", node, at(startS), at(endS), 1000, Optional.of(at(shuffleEndS)));
    }

    static TaskRun reduce(String jobId, String node, double startS, double endS) {
        return TaskRun.reduce(jobId, "etl", node, at(startS), at(endS), 1000, Optional.empty());
    }
}
