package io.gleaner.classifier.estimate;

import static io.gleaner.classifier.estimate.EstimateFixtures.anagramD1;
import static io.gleaner.classifier.estimate.EstimateFixtures.mt;
import static io.gleaner.classifier.estimate.EstimateFixtures.profile;
import static io.gleaner.classifier.estimate.EstimateFixtures.rt;
import static io.gleaner.classifier.estimate.EstimateFixtures.s;
import static io.gleaner.classifier.estimate.EstimateFixtures.sho;
import static io.gleaner.classifier.estimate.EstimateFixtures.shf;
import static io.gleaner.classifier.estimate.EstimateFixtures.wordCountD1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class WaveBoundModelTest {

    private static final double EPS = 1e-6;

    static Stream<Arguments> tv1Waves() {
        // seed 002 notes §6 TV-1
        return Stream.of(
                Arguments.of(Named.of("80 maps on 64 slots", 80), 64, 2),
                Arguments.of(Named.of("80 maps on 16 slots", 80), 16, 5),
                Arguments.of(Named.of("64 reduces on 16 slots", 64), 16, 4),
                Arguments.of(Named.of("64 reduces on 64 slots", 64), 64, 1));
    }

    @ParameterizedTest
    @MethodSource("tv1Waves")
    void shouldCountWavesWithCeilings(int tasks, int slots, long expectedWaves) {
        var p = anagramD1();

        var asMaps = WaveBoundModel.estimate(p, tasks, 24, slots, 24);
        var asReduces = WaveBoundModel.estimate(p, 32, tasks, 24, slots);

        assertThat(asMaps.mapWaves()).isEqualTo(expectedWaves);
        assertThat(asReduces.reduceWaves()).isEqualTo(expectedWaves);
    }

    static Stream<Arguments> tv4PoolPhaseTimes() {
        // seed 002 notes §6 TV-4 (Table 5.1 jobs, phase times per wave with fixed task times, no shuffle):
        // 30 tasks on 10 slots is 3 waves, so J1 (4, 5) → (12, 15), J2 (1, 4) → (3, 12), J5 (2, 3) → (6, 9);
        // 20 tasks on 20 slots is 1 wave, so J3 (30, 4) and J4 (6, 30) are unchanged
        return Stream.of(
                Arguments.of(Named.of("J1 in pool 1", 30), 10, 4.0, 5.0, 12.0, 15.0),
                Arguments.of(Named.of("J2 in pool 1", 30), 10, 1.0, 4.0, 3.0, 12.0),
                Arguments.of(Named.of("J5 in pool 1", 30), 10, 2.0, 3.0, 6.0, 9.0),
                Arguments.of(Named.of("J3 in pool 2", 20), 20, 30.0, 4.0, 30.0, 4.0),
                Arguments.of(Named.of("J4 in pool 2", 20), 20, 6.0, 30.0, 6.0, 30.0));
    }

    @ParameterizedTest
    @MethodSource("tv4PoolPhaseTimes")
    void shouldMultiplyPhaseTimesByTheirWaves(int tasks, int slots, double mapWave, double reduceWave,
                                              double expectedMap, double expectedReduce) {
        var p = profile("j", tasks, mt(mapWave, mapWave, mapWave), tasks, shf(0, 0, 0), rt(reduceWave,
                reduceWave, reduceWave));

        var e = WaveBoundModel.estimate(p, tasks, tasks, slots, slots);

        assertThat(e.map()).isCloseTo(s(expectedMap), within(EPS));
        assertThat(e.reduce()).isCloseTo(s(expectedReduce), within(EPS));
        assertThat(e.job()).isCloseTo(s(expectedMap + expectedReduce), within(EPS));
    }

    @Test
    void shouldBoundAnagramD1BetweenTheSumsOfShortestAndLongestWaves() {
        // TV-7: TL_job = 2·94 + 121 + 0 + 16 = 325 s; TU_job = 2·186 + 152 + 0 + 33 = 557 s
        var e = WaveBoundModel.estimate(anagramD1(), 32, 24, 24, 24);

        assertThat(e.mapWaves()).isEqualTo(2);
        assertThat(e.reduceWaves()).isEqualTo(1);
        assertThat(e.jobLower()).isCloseTo(s(325), within(EPS));
        assertThat(e.jobUpper()).isCloseTo(s(557), within(EPS));
        assertThat(e.otherShuffleLower()).isZero();
        assertThat(e.otherShuffleUpper()).isZero();
    }

    @Test
    void shouldEstimateAnagramD1WithMidpointsAndFirstShuffleAverage() {
        // TV-7: T_job = 2·140 + 0 + 136 + 24.5 = 440.5 s, which is not (325 + 557) / 2 = 441 s
        var e = WaveBoundModel.estimate(anagramD1(), 32, 24, 24, 24);

        assertThat(e.job()).isCloseTo(s(440.5), within(EPS));
        assertThat(e.map()).isCloseTo(s(280), within(EPS));
        assertThat(e.shuffle()).isCloseTo(s(136), within(EPS));
        assertThat(e.reduce()).isCloseTo(s(24.5), within(EPS));
        assertThat((e.jobLower() + e.jobUpper()) / 2).isCloseTo(s(441), within(EPS));
    }

    @Test
    void shouldEstimateWordCountD1() {
        // TV-7: T_job = 2·22 + 77 + 26.5 = 147.5 s
        var e = WaveBoundModel.estimate(wordCountD1(), 32, 24, 24, 24);

        assertThat(e.job()).isCloseTo(s(147.5), within(EPS));
    }

    @Test
    void closedFormDropsTheCeilingsAndUnderEstimatesAnagramD1() {
        // TV-7: A = 32·140 = 4480, B = 24·(121 + 152 + 16 + 33)/2 = 3864 (Sho := Sh), C = 136 − 136.5 = −0.5;
        // 4480/24 + 3864/24 − 0.5 = 347.17 s against 440.5 s from Eq. 3.14
        var form = WaveBoundModel.closedForm(anagramD1(), 32, 24);

        assertThat(form.a()).isCloseTo(s(4480), within(EPS));
        assertThat(form.b()).isCloseTo(s(3864), within(EPS));
        assertThat(form.c()).isCloseTo(s(-0.5), within(EPS));
        assertThat(form.estimate(24, 24)).isCloseTo(s(347.1667), within(s(0.0001)));
        assertThat(form.estimate(24, 24)).isLessThan(WaveBoundModel.estimate(anagramD1(), 32, 24, 24, 24).job());
    }

    @Test
    void shouldUseFirstWaveShuffleForLaterWavesWhenNoneWasObserved() {
        // TV-8's re-check: 32 maps on 18 slots, 24 reduces on 17: 2 and 2 waves, Sho := Shf 121..152;
        // T = 2·140 + 1·136.5 + 136 + 2·24.5 = 601.5 s
        var e = WaveBoundModel.estimate(anagramD1(), 32, 24, 18, 17);

        assertThat(e.otherShuffleFromFirstWave()).isTrue();
        assertThat(e.otherShuffle()).isCloseTo(s(136.5), within(EPS));
        assertThat(e.job()).isCloseTo(s(601.5), within(EPS));
    }

    @Test
    void shouldUseObservedLaterWaveShuffleWhenThereIsSome() {
        // 10 maps on 5 slots (2 waves of 10..20 s), 9 reduces on 3 slots (3 waves), Shf 30/40/50,
        // Sho 4..6 (mid 5), Rt 10..30 (mid 20):
        // TL = 2·10 + 30 + 2·4 + 3·10 = 88; TU = 2·20 + 50 + 2·6 + 3·30 = 192; T = 30 + (10 + 40) + 60 = 140
        var p = profile("later", 10, mt(10, 15, 20), 9, shf(30, 40, 50), 6, sho(4, 5, 6), rt(10, 20, 30));

        var e = WaveBoundModel.estimate(p, 10, 9, 5, 3);

        assertThat(e.otherShuffleFromFirstWave()).isFalse();
        assertThat(e.jobLower()).isCloseTo(s(88), within(EPS));
        assertThat(e.jobUpper()).isCloseTo(s(192), within(EPS));
        assertThat(e.job()).isCloseTo(s(140), within(EPS));
    }

    @Test
    void shouldGiveAMapOnlyJobNoShuffleOrReduceTime() {
        // 5 maps of 10..20 s on 2 slots: 3 waves; T = 3·15 = 45 s, no Shf term although the profile has one
        var e = WaveBoundModel.estimate(anagramLike(), 5, 0, 2, 0);

        assertThat(e.reduceWaves()).isZero();
        assertThat(e.shuffle()).isZero();
        assertThat(e.reduce()).isZero();
        assertThat(e.jobLower()).isCloseTo(s(30), within(EPS));
        assertThat(e.job()).isCloseTo(s(45), within(EPS));
        assertThat(e.jobUpper()).isCloseTo(s(60), within(EPS));
        assertThat(WaveBoundModel.closedForm(anagramLike(), 5, 0)).isEqualTo(new ClosedForm(s(75), 0, 0));
    }

    @Test
    void shouldEstimateOneTaskPerPhaseAsOneWaveEach() {
        // one map and one reduce: (94 + 186)/2 + 136 + (16 + 33)/2 = 140 + 136 + 24.5 = 300.5 s
        var e = WaveBoundModel.estimate(anagramD1(), 1, 1, 1, 1);

        assertThat(e.job()).isCloseTo(s(300.5), within(EPS));
    }

    @Test
    void shouldEstimateAProfileWithoutReducesForAMapOnlyJob() {
        var mapOnly = profile("scan", 4, mt(5, 6, 7), 0, null, null);

        var e = WaveBoundModel.estimate(mapOnly, 4, 0, 4, 0);

        assertThat(e.job()).isCloseTo(s(6), within(EPS));
    }

    @Test
    void shouldRejectZeroMapSlotsForAJobWithMaps() {
        assertThatThrownBy(() -> WaveBoundModel.estimate(anagramD1(), 32, 24, 0, 24))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mapSlots must be >= 1 for 32 map tasks, was 0");
    }

    @Test
    void shouldRejectZeroReduceSlotsForAJobWithReduces() {
        assertThatThrownBy(() -> WaveBoundModel.estimate(anagramD1(), 32, 24, 24, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("reduceSlots must be >= 1 for 24 reduce tasks, was 0");
    }

    @Test
    void shouldRejectReducesThatTheProfileHasNoSamplesFor() {
        var mapOnly = profile("scan", 4, mt(5, 6, 7), 0, null, null);

        assertThatThrownBy(() -> WaveBoundModel.estimate(mapOnly, 4, 2, 4, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'scan' has no reduce samples");
    }

    @Test
    void shouldRejectNegativeTaskCounts() {
        assertThatThrownBy(() -> WaveBoundModel.closedForm(anagramD1(), -1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("were -1 maps");
    }

    @Test
    void closedFormNeverExceedsTheWaveExactEstimate() {
        var p = anagramD1();
        var form = WaveBoundModel.closedForm(p, 32, 24);
        for (int m = 1; m <= 40; m++) {
            for (int r = 1; r <= 30; r++) {
                assertThat(form.estimate(m, r))
                        .as("m=%d r=%d", m, r)
                        .isLessThanOrEqualTo(WaveBoundModel.estimate(p, 32, 24, m, r).job() + EPS);
            }
        }
    }

    private static JobProfile anagramLike() {
        return profile("a", 5, mt(10, 15, 20), 2, shf(1, 2, 3), rt(1, 2, 3));
    }
}
