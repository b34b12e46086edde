package io.gleaner.classifier.estimate;

import static io.gleaner.classifier.estimate.EstimateFixtures.anagramD1;
import static io.gleaner.classifier.estimate.EstimateFixtures.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.classifier.estimate.CompletionEstimate.Bound;
import io.gleaner.classifier.estimate.SlotAllocation.Verdict;
import io.gleaner.classifier.estimate.SlotsForDeadline.Method;
import org.junit.jupiter.api.Test;

class SlotsForDeadlineTest {

    private static final double EPS = 1e-9;

    @Test
    void lagrangeGivesTheMinimalContinuousPair() {
        // TV-5: A = 400, B = 100, C = 10, D = 40 → m = 20·30/30 = 20, r = 10·30/30 = 10; 400/20 + 100/10 + 10 = 40
        var form = new ClosedForm(400, 100, 10);

        var ideal = SlotsForDeadline.lagrange(form, 40).orElseThrow();

        assertThat(ideal.map()).isCloseTo(20, within(EPS));
        assertThat(ideal.reduce()).isCloseTo(10, within(EPS));
        assertThat(form.estimate(ideal.map(), ideal.reduce())).isCloseTo(40, within(EPS));
    }

    @Test
    void lagrangeHasNoSolutionWhenTheDeadlineIsNotAboveC() {
        var form = new ClosedForm(400, 100, 10);

        assertThat(SlotsForDeadline.lagrange(form, 10)).isEmpty();
        assertThat(SlotsForDeadline.lagrange(form, 10.000001)).isPresent();
    }

    @Test
    void fixedReduceSolvesForMapSlots() {
        // TV-6: 400 / (40 − 10 − 100/10) = 20
        var form = new ClosedForm(400, 100, 10);

        assertThat(SlotsForDeadline.fixedReduce(form, 40, 10).orElseThrow()).isCloseTo(20, within(EPS));
    }

    @Test
    void fixedReduceIsInfeasibleWhenTheDenominatorIsNotPositive() {
        // TV-6: D = 20 gives 20 − 10 − 10 = 0
        var form = new ClosedForm(400, 100, 10);

        assertThat(SlotsForDeadline.fixedReduce(form, 20, 10)).isEmpty();
    }

    @Test
    void lagrangeForAnagramD1MatchesTheNotes() {
        // TV-8: m* = √4480·(√4480 + √3864)/480.5 = 17.98, r* = 16.70 (seconds; the ratio is unit-free)
        var form = WaveBoundModel.closedForm(anagramD1(), 32, 24);

        var ideal = SlotsForDeadline.lagrange(form, s(480)).orElseThrow();

        assertThat(ideal.map()).isCloseTo(17.98, within(0.005));
        assertThat(ideal.reduce()).isCloseTo(16.70, within(0.005));
    }

    @Test
    void shouldRaiseTheRoundedLagrangePairWhenItMissesTheDeadlineUnderTheWaveModel() {
        // TV-8: rounded (18, 17) gives 601.5 s > 480 s. Within 24/24 only the reduce step to one wave (24 slots)
        // is possible (one map wave would need 32 map slots): 280 + 136 + 24.5 = 440.5 s <= 480.
        // The trim then keeps 2 map waves on ⌈32/2⌉ = 16 slots instead of 18.
        var p = anagramD1();
        assertThat(WaveBoundModel.estimate(p, 32, 24, 18, 17).job()).isGreaterThan(s(480));

        var a = SlotsForDeadline.size(p, 32, 24, s(480), new Slots(24, 24), Method.LAGRANGE, Bound.ESTIMATE);

        assertThat(a.verdict()).isEqualTo(Verdict.FEASIBLE);
        assertThat(a.reason()).isEmpty();
        assertThat(a.slots()).isEqualTo(new Slots(16, 24));
        assertThat(a.estimateMillis()).isCloseTo(s(440.5), within(1e-6));
        assertThat(a.ideal().orElseThrow().reduce()).isLessThan(a.slots().reduce());
    }

    @Test
    void shouldKeepTheRoundedPairWhenItAlreadyMeetsTheDeadline() {
        // TV-5 shape on a profile whose waves divide evenly: 40 maps of 10 s, no reduces, D = 100 s.
        // A = 400 s·slot, so m* = 400/100 = 4 slots: ⌈40/4⌉ = 10 waves · 10 s = 100 s, no growth needed.
        var p = EstimateFixtures.profile("even", 40, EstimateFixtures.mt(10, 10, 10), 0, null, null);

        var a = SlotsForDeadline.size(p, 40, 0, s(100), new Slots(100, 100), Method.LAGRANGE, Bound.ESTIMATE);

        assertThat(a.feasible()).isTrue();
        assertThat(a.ideal().orElseThrow().map()).isCloseTo(4, within(EPS));
        assertThat(a.slots()).isEqualTo(new Slots(4, 0));
        assertThat(a.estimateMillis()).isCloseTo(s(100), within(1e-6));
    }

    @Test
    void fixedReduceMethodGrowsMapSlotsUntilTheDeadlineIsMet() {
        // r = 24 (one reduce wave); Eq. 3.16: m* = 4480 / (480 + 0.5 − 161) = 14.02 → 15 slots → ⌈32/15⌉ = 3
        // waves: 420 + 136 + 24.5 = 580.5 s > 480; one wave less needs ⌈32/2⌉ = 16 slots: 440.5 s.
        var a = SlotsForDeadline.size(anagramD1(), 32, 24, s(480), new Slots(24, 24), Method.FIXED_REDUCE,
                Bound.ESTIMATE);

        assertThat(a.ideal().orElseThrow().map()).isCloseTo(14.02, within(0.005));
        assertThat(a.ideal().orElseThrow().reduce()).isEqualTo(24);
        assertThat(a.slots()).isEqualTo(new Slots(16, 24));
        assertThat(a.estimateMillis()).isCloseTo(s(440.5), within(1e-6));
    }

    @Test
    void shouldReportNotEnoughTimeWhenOneWavePerPhaseMissesTheDeadline() {
        // one wave each: 140 + 136 + 24.5 = 300.5 s > 300 s
        var a = SlotsForDeadline.size(anagramD1(), 32, 24, s(300), new Slots(100, 100), Method.LAGRANGE,
                Bound.ESTIMATE);

        assertThat(a.verdict()).isEqualTo(Verdict.NOT_ENOUGH_TIME);
        assertThat(a.feasible()).isFalse();
        assertThat(a.reason()).hasValueSatisfying(r -> assertThat(r).contains("300500.0 ms > deadline 300000.0"));
        assertThat(a.slots()).isEqualTo(new Slots(32, 24));
    }

    @Test
    void shouldReportNotEnoughTimeEvenWhenTheClosedFormHasASolution() {
        // C = −0.5 s, so Eq. 3.17 has a pair for D = 100 s; the wave model's best (300.5 s) misses it
        var a = SlotsForDeadline.size(anagramD1(), 32, 24, s(100), new Slots(100, 100), Method.LAGRANGE,
                Bound.ESTIMATE);

        assertThat(a.verdict()).isEqualTo(Verdict.NOT_ENOUGH_TIME);
        assertThat(a.ideal()).isPresent();
    }

    @Test
    void shouldReportNotEnoughSlotsWhenTheAvailableSlotsMissTheDeadline() {
        // 4/4 slots: 8 map waves and 6 reduce waves: 8·140 + 5·136.5 + 136 + 6·24.5 = 2085.5 s > 480 s
        var a = SlotsForDeadline.size(anagramD1(), 32, 24, s(480), new Slots(4, 4), Method.LAGRANGE,
                Bound.ESTIMATE);

        assertThat(a.verdict()).isEqualTo(Verdict.NOT_ENOUGH_SLOTS);
        assertThat(a.slots()).isEqualTo(new Slots(4, 4));
        assertThat(a.estimateMillis()).isCloseTo(s(2085.5), within(1e-6));
    }

    @Test
    void shouldReportNotEnoughSlotsWithAnInfiniteEstimateWhenNoSlotIsAvailable() {
        var a = SlotsForDeadline.size(anagramD1(), 32, 24, s(480), new Slots(0, 24), Method.LAGRANGE,
                Bound.ESTIMATE);

        assertThat(a.verdict()).isEqualTo(Verdict.NOT_ENOUGH_SLOTS);
        assertThat(a.estimateMillis()).isInfinite();
    }

    @Test
    void upperBoundCheckNeedsMoreSlotsThanTheEstimate() {
        // TU_job on (16, 24) = 2·186 + 152 + 33 = 557 s > 480; with one map wave: 186 + 152 + 33 = 371 s
        var p = anagramD1();

        var within24 = SlotsForDeadline.size(p, 32, 24, s(480), new Slots(24, 24), Method.LAGRANGE, Bound.UPPER);
        var within32 = SlotsForDeadline.size(p, 32, 24, s(480), new Slots(32, 24), Method.LAGRANGE, Bound.UPPER);

        assertThat(within24.verdict()).isEqualTo(Verdict.NOT_ENOUGH_SLOTS);
        assertThat(within32.slots()).isEqualTo(new Slots(32, 24));
        assertThat(within32.estimateMillis()).isCloseTo(s(371), within(1e-6));
    }

    @Test
    void everyFeasibleAllocationMeetsItsDeadlineWithinTheCaps() {
        var p = anagramD1();
        for (int d = 300; d <= 3000; d += 37) {
            for (var method : Method.values()) {
                var a = SlotsForDeadline.size(p, 32, 24, s(d), new Slots(20, 30), method, Bound.ESTIMATE);
                if (a.feasible()) {
                    assertThat(a.estimateMillis()).as("%s D=%d", method, d).isLessThanOrEqualTo(s(d));
                    assertThat(a.slots().map()).isBetween(1, 20);
                    assertThat(a.slots().reduce()).isBetween(1, 24);
                    assertThat(WaveBoundModel.estimate(p, 32, 24, a.slots().map(), a.slots().reduce()).job())
                            .isEqualTo(a.estimateMillis());
                } else {
                    // infeasible must be true: the most slots that can help still miss
                    assertThat(WaveBoundModel.estimate(p, 32, 24, 20, 24).job()).isGreaterThan(s(d));
                }
            }
        }
    }

    @Test
    void shouldRejectANonPositiveDeadline() {
        assertThatThrownBy(() -> SlotsForDeadline.size(anagramD1(), 32, 24, 0, new Slots(24, 24),
                Method.LAGRANGE, Bound.ESTIMATE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("deadlineMillis must be finite and > 0, was 0.0");
    }

    @Test
    void nextWaveStepJumpsToTheFewestSlotsWithOneWaveLess() {
        // 32 tasks: 15 slots → 3 waves; 2 waves need ⌈32/2⌉ = 16; from 16, 1 wave needs 32
        assertThat(SlotsForDeadline.nextWaveStep(32, 15, 100)).isEqualTo(16);
        assertThat(SlotsForDeadline.nextWaveStep(32, 16, 100)).isEqualTo(32);
        assertThat(SlotsForDeadline.nextWaveStep(32, 16, 31)).isEqualTo(16);
        assertThat(SlotsForDeadline.trim(32, 18)).isEqualTo(16);
        assertThat(SlotsForDeadline.trim(24, 17)).isEqualTo(12);
    }
}
