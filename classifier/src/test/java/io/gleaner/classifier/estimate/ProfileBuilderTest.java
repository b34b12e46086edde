package io.gleaner.classifier.estimate;

import static io.gleaner.classifier.estimate.EstimateFixtures.at;
import static io.gleaner.classifier.estimate.EstimateFixtures.map;
import static io.gleaner.classifier.estimate.EstimateFixtures.reduce;
import static io.gleaner.classifier.estimate.EstimateFixtures.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ProfileBuilderTest {

    private static final double EPS = 1e-9;

    /**
     * Job j1 of "etl": 4 maps (last ends at 18 s), 3 reduces on 2 reduce slots with shuffle ends; r3 starts
     * when r2 frees its slot at 28 s, the first reduce end, so it is in the later wave.
     */
    private static List<TaskRun> runJ1() {
        return List.of(
                map("j1", "small", 0, 10, 100),
                map("j1", "small", 0, 14, 100),
                map("j1", "large", 0, 6, 100),
                map("j1", "large", 10, 18, 60),
                reduce("j1", "large", 5, 20, 30),
                reduce("j1", "small", 5, 22, 28),
                reduce("j1", "large", 28, 31, 40));
    }

    @Test
    void shouldBuildTheThirteenFieldsFromOneRun() {
        var p = ProfileBuilder.fromRun(runJ1());

        // maps 10, 14, 6, 8 s; the largest map read 100 bytes
        assertThat(p.jobName()).isEqualTo("etl");
        assertThat(p.runs()).isEqualTo(1);
        assertThat(p.mapMin()).isEqualTo(s(6));
        assertThat(p.mapAvg()).isCloseTo(s(9.5), within(EPS));
        assertThat(p.mapMax()).isEqualTo(s(14));
        assertThat(p.mapInputBytes()).isEqualTo(100);
        // first wave: shuffle ends 20 and 22 s after the last map at 18 s → 2 and 4 s
        assertThat(p.firstShuffleMin()).isEqualTo(s(2));
        assertThat(p.firstShuffleAvg()).isCloseTo(s(3), within(EPS));
        assertThat(p.firstShuffleMax()).isEqualTo(s(4));
        // later wave: r3 shuffles 28 → 31 s
        assertThat(p.otherShuffleMin()).isEqualTo(s(3));
        assertThat(p.otherShuffleAvg()).isEqualTo(s(3));
        assertThat(p.otherShuffleMax()).isEqualTo(s(3));
        // reduce after shuffle: 30 − 20, 28 − 22, 40 − 31 = 10, 6, 9 s
        assertThat(p.reduceMin()).isEqualTo(s(6));
        assertThat(p.reduceAvg()).isCloseTo(s(25.0 / 3), within(EPS));
        assertThat(p.reduceMax()).isEqualTo(s(10));
        assertThat(p.counts()).isEqualTo(new SampleCounts(4, 2, 1, 3));
    }

    @Test
    void shouldKeepTheMeanTaskLengthPerPhaseAndNodeTypeUnderAvroKeys() {
        // MAP/small: (10 + 14)/2; MAP/large: (6 + 8)/2; REDUCE/large: (25 + 12)/2; REDUCE/small: 23 s
        var p = ProfileBuilder.fromRun(runJ1());

        assertThat(p.meanTaskMillisByKey()).containsExactly(
                entry("MAP/large", s(7)), entry("MAP/small", s(12)),
                entry("REDUCE/large", s(18.5)), entry("REDUCE/small", s(23)));
        assertThat(p.meanTaskMillis(Phase.MAP, "small")).contains(new OnlineMean(2, s(12)));
        assertThat(p.meanTaskMillis(Phase.REDUCE, "tiny")).isEmpty();
    }

    @Test
    void shouldInferShuffleEndsFromTheLastMapWhenTheTraceHasNone() {
        // Gleaner-style: reduces start after the last map (12 s); r3 takes r1's slot at 20 s, the first reduce
        // end. Without shuffle ends: Shf = start − last map end (1, 2 s), Sho = 0, Rt = whole attempt.
        var run = List.of(
                map("j2", "a", 0, 10, 100),
                map("j2", "a", 0, 12, 100),
                reduce("j2", "a", 13, 20),
                reduce("j2", "a", 14, 22),
                reduce("j2", "a", 20, 26));

        var p = ProfileBuilder.fromRun(run);

        assertThat(p.counts()).isEqualTo(new SampleCounts(2, 2, 1, 3));
        assertThat(p.firstShuffleMin()).isEqualTo(s(1));
        assertThat(p.firstShuffleMax()).isEqualTo(s(2));
        assertThat(p.otherShuffleMax()).isZero();
        assertThat(p.reduceMin()).isEqualTo(s(6));
        assertThat(p.reduceAvg()).isCloseTo(s(7), within(EPS));
        assertThat(p.reduceMax()).isEqualTo(s(8));
    }

    @Test
    void aSlowStartReduceWithoutShuffleEndShufflesUntilTheLastMap() {
        // reduce from 2 to 15 s, last map ends at 10 s: shuffle taken to end at 10 s → Shf 0, Rt 5 s
        var run = List.of(map("j3", "a", 0, 10, 100), reduce("j3", "a", 2, 15));

        var p = ProfileBuilder.fromRun(run);

        assertThat(p.firstShuffleMax()).isZero();
        assertThat(p.reduceMin()).isEqualTo(s(5));
        assertThat(p.meanTaskMillis(Phase.REDUCE, "a")).contains(new OnlineMean(1, s(13)));
    }

    @Test
    void aMapOnlyRunHasNoReduceSamples() {
        var p = ProfileBuilder.fromRun(List.of(map("j4", "a", 0, 5, 10)));

        assertThat(p.hasMaps()).isTrue();
        assertThat(p.hasReduces()).isFalse();
        assertThat(p.counts()).isEqualTo(new SampleCounts(1, 0, 0, 0));
        assertThat(p.reduceMax()).isZero();
        assertThat(p.mapMin()).isEqualTo(p.mapMax()).isEqualTo(s(5));
    }

    @Test
    void theProfileDoesNotDependOnTheOrderOfTheAttempts() {
        var reversed = new ArrayList<>(runJ1());
        Collections.reverse(reversed);

        assertThat(ProfileBuilder.fromRun(reversed)).isEqualTo(ProfileBuilder.fromRun(runJ1()));
    }

    @Test
    void mergeTakesMinOfMinsMaxOfMaxesAndTaskWeightedAverages() {
        // j1 maps 10, 14, 6, 8 s; j5 one map of 20 s reading 200 bytes: pooled avg = 58/5 = 11.6 s
        var j1 = ProfileBuilder.fromRun(runJ1());
        var j5 = ProfileBuilder.fromRun(List.of(map("j5", "small", 0, 20, 200)));

        var m = ProfileBuilder.merge(j1, j5);

        assertThat(m.runs()).isEqualTo(2);
        assertThat(m.mapMin()).isEqualTo(s(6));
        assertThat(m.mapMax()).isEqualTo(s(20));
        assertThat(m.mapAvg()).isCloseTo(s(11.6), within(EPS));
        assertThat(m.mapInputBytes()).isEqualTo(200);
        assertThat(m.meanTaskMillis(Phase.MAP, "small").orElseThrow().count()).isEqualTo(3);
        assertThat(m.meanTaskMillis(Phase.MAP, "small").orElseThrow().mean()).isCloseTo(s(44.0 / 3), within(EPS));
        // j5 has no reduces, so the reduce statistics are j1's alone, not pulled towards 0
        assertThat(m.reduceMin()).isEqualTo(j1.reduceMin());
        assertThat(m.reduceAvg()).isEqualTo(j1.reduceAvg());
        assertThat(m.counts()).isEqualTo(new SampleCounts(5, 2, 1, 3));
    }

    @Test
    void mergeIsCommutativeAndAssociative() {
        var a = ProfileBuilder.fromRun(runJ1());
        var b = ProfileBuilder.fromRun(List.of(
                map("jb", "small", 0, 1.0 / 3, 70), map("jb", "tiny", 0, 7.1, 70),
                reduce("jb", "tiny", 8, 9.7, 11.3)));
        var c = ProfileBuilder.fromRun(List.of(
                map("jc", "large", 0, 2.9, 90),
                reduce("jc", "large", 3, 4, 9), reduce("jc", "small", 5, 6.5, 7.25),
                reduce("jc", "large", 9, 12, 13.1)));

        var reference = ProfileBuilder.merge(ProfileBuilder.merge(a, b), c);
        var orders = List.of(
                ProfileBuilder.merge(a, ProfileBuilder.merge(b, c)),
                ProfileBuilder.merge(ProfileBuilder.merge(b, a), c),
                ProfileBuilder.merge(c, ProfileBuilder.merge(b, a)),
                ProfileBuilder.merge(ProfileBuilder.merge(c, a), b),
                ProfileBuilder.merge(b, ProfileBuilder.merge(c, a)));

        assertThat(reference.runs()).isEqualTo(3);
        assertThat(ProfileBuilder.merge(a, b)).isEqualTo(ProfileBuilder.merge(b, a));
        for (var other : orders) {
            assertSameProfile(other, reference);
        }
    }

    @Test
    void byJobNameMergesTheRunsOfEachName() {
        var all = new ArrayList<TaskRun>(runJ1());
        all.add(map("j5", "small", 0, 20, 200));
        all.add(TaskRun.map("k1", "report", "a", at(0), at(3), 5));
        Collections.reverse(all);

        var profiles = ProfileBuilder.byJobName(all);

        assertThat(profiles).containsOnlyKeys("etl", "report");
        assertThat(profiles.get("etl")).isEqualTo(ProfileBuilder.merge(ProfileBuilder.fromRun(runJ1()),
                ProfileBuilder.fromRun(List.of(map("j5", "small", 0, 20, 200)))));
        assertThat(profiles.get("report").runs()).isEqualTo(1);
    }

    @Test
    void shouldRejectARunMixingJobIds() {
        var mixed = List.of(map("j1", "a", 0, 1, 1), map("j2", "a", 0, 1, 1));

        assertThatThrownBy(() -> ProfileBuilder.fromRun(mixed))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a run is one job id with one job name, found j1 (etl) and j2 (etl)");
    }

    @Test
    void shouldRejectAnEmptyRunAndMergingDifferentNames() {
        var etl = ProfileBuilder.fromRun(runJ1());
        var report = ProfileBuilder.fromRun(List.of(TaskRun.map("k1", "report", "a", at(0), at(3), 5)));

        assertThatThrownBy(() -> ProfileBuilder.fromRun(List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("was empty");
        assertThatThrownBy(() -> ProfileBuilder.merge(etl, report))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("only profiles of one job name merge, were 'etl' and 'report'");
    }

    @Test
    void shouldRejectInconsistentProfilesAndAttempts() {
        var means = new TreeMap<PhaseNode, OnlineMean>();
        means.put(new PhaseNode(Phase.MAP, "a"), new OnlineMean(2, 5));

        assertThatThrownBy(() -> new JobProfile("x", 1, 6, 5, 7, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, means,
                new SampleCounts(2, 0, 0, 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("map must have 0 <= min <= avg <= max");
        assertThatThrownBy(() -> new JobProfile("x", 1, 4, 5, 7, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, means,
                new SampleCounts(3, 0, 0, 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("meanTaskMillis counts must add up");
        assertThatThrownBy(() -> TaskRun.reduce("j", "n", "a", at(5), at(4), 0, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("end must not be before start");
        assertThatThrownBy(() -> new TaskRun("j", "n", Phase.MAP, "a", at(0), at(4), 0, Optional.of(at(1))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only a reduce has a shuffleEnd");
    }

    @Test
    void phaseNodeKeysRoundTrip() {
        assertThat(PhaseNode.parse("REDUCE/rack/a")).isEqualTo(new PhaseNode(Phase.REDUCE, "rack/a"));
        assertThat(PhaseNode.parse(new PhaseNode(Phase.MAP, "gpu").key())).isEqualTo(new PhaseNode(Phase.MAP, "gpu"));
        assertThatThrownBy(() -> PhaseNode.parse("SHUFFLE/a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown phase 'SHUFFLE' in key 'SHUFFLE/a'; expected one of MAP, REDUCE");
    }

    /** Exact on counts, runs, minima, maxima and bytes; averages and means up to floating-point rounding. */
    private static void assertSameProfile(JobProfile actual, JobProfile expected) {
        assertThat(actual.runs()).isEqualTo(expected.runs());
        assertThat(actual.counts()).isEqualTo(expected.counts());
        assertThat(actual.mapInputBytes()).isEqualTo(expected.mapInputBytes());
        double[] a = stats(actual);
        double[] e = stats(expected);
        for (int i = 0; i < a.length; i++) {
            if (i % 3 == 1) {
                assertThat(a[i]).as("average %d", i).isCloseTo(e[i], within(1e-9 * Math.max(1, e[i])));
            } else {
                assertThat(a[i]).as("extreme %d", i).isEqualTo(e[i]);
            }
        }
        assertThat(actual.meanTaskMillis().keySet()).isEqualTo(expected.meanTaskMillis().keySet());
        expected.meanTaskMillis().forEach((k, v) -> {
            assertThat(actual.meanTaskMillis().get(k).count()).isEqualTo(v.count());
            assertThat(actual.meanTaskMillis().get(k).mean()).isCloseTo(v.mean(), within(1e-9 * v.mean()));
        });
    }

    private static double[] stats(JobProfile p) {
        return new double[] {p.mapMin(), p.mapAvg(), p.mapMax(),
            p.firstShuffleMin(), p.firstShuffleAvg(), p.firstShuffleMax(),
            p.otherShuffleMin(), p.otherShuffleAvg(), p.otherShuffleMax(),
            p.reduceMin(), p.reduceAvg(), p.reduceMax()};
    }
}
