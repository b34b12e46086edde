package io.gleaner.planner.core.mdasa;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.OnlineMean;
import io.gleaner.classifier.estimate.Phase;
import io.gleaner.classifier.estimate.PhaseNode;
import io.gleaner.classifier.estimate.SampleCounts;
import io.gleaner.classifier.estimate.SlotsForDeadline;
import io.gleaner.planner.core.Job;
import java.time.Instant;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Admission by the wave model and the sizing, on the notes' Anagram D1 profile (TV-7, TV-8: 32 maps, 24 reduces,
 * Mt 94/144/186 s, Shf 121/136/152 s, Rt 16/24.5/33 s, Sho unobserved so Shf stands in).
 */
class DeadlinePlanTest {

    private static final Instant NOW = at(1_000);

    /** The notes' TV-7 profile, in ms. */
    private static JobProfile anagram() {
        var means = new TreeMap<PhaseNode, OnlineMean>();
        means.put(new PhaseNode(Phase.MAP, "i7"), new OnlineMean(32, 144_000));
        means.put(new PhaseNode(Phase.REDUCE, "i7"), new OnlineMean(24, 24_500));
        return new JobProfile("anagram", 1, 94_000, 144_000, 186_000, 64L << 20, 121_000, 136_000, 152_000, 0, 0, 0,
                16_000, 24_500, 33_000, means, new SampleCounts(32, 24, 0, 24));
    }

    private static Job anagramJob(long deadlineSeconds) {
        var j = job("a", NOW, maps(32), reduces(24));
        return new Job(j.jobId(), "anagram", j.user(), j.queue(), j.priority(), j.submitTime(),
                Optional.of(NOW.plusSeconds(deadlineSeconds)), j.inputBytes(), j.shuffleBytes(), j.outputBytes(),
                j.taskGroups());
    }

    private static SlotLedger cluster(int nodes, int slotsEach) {
        var ledger = new SlotLedger();
        for (int n = 1; n <= nodes; n++) {
            ledger.know("n" + n, slotsEach, 8.0);
        }
        return ledger;
    }

    @Test
    void admitsAJobWhoseGoalTheWaveModelMeetsAndPlansItToEndAtItsEstimate() {
        // Eq. 3.16 with r = 24: m* = A / (D - C - B/24) = 4480 / (480 + 0.5 - 161) = 14.02 -> 15 slots, 3 waves,
        // 580.5 s > 480; the re-check grows maps to 16 (2 waves): T_job = 280 + 136 + 24.5 = 440.5 s (TV-7).
        // Malleable plan: maps of 140 s by 480 - 160.5 = 319.5 s, 2 per slot on 16 slots, ending at 280 s; reduces
        // of 160.5 s in 280..480 s, one per slot on 24 slots, ending at 440.5 s.
        var plan = DeadlinePlan.plan(anagramJob(480), anagram(), NOW, cluster(6, 8), DeadlinePlan.Allocation.MALLEABLE,
                SlotsForDeadline.Method.FIXED_REDUCE);

        assertThat(plan.admitted()).isTrue();
        assertThat(plan.admission().estimatedCompletion()).contains(NOW.plusMillis(440_500));
        assertThat(plan.mapSlots()).isEqualTo(16);
        assertThat(plan.reduceSlots()).isEqualTo(24);
        // 32 x 140 s + 24 x 160.5 s of slot time.
        assertThat(plan.slotMillis()).isEqualTo(32 * 140_000 + 24 * 160_500);
    }

    @Test
    void refusesAGoalThatEvenOneWavePerPhaseMisses() {
        // One wave per phase: 140 + 136 + 24.5 = 300.5 s > 250 s.
        var plan = DeadlinePlan.plan(anagramJob(250), anagram(), NOW, cluster(6, 8), DeadlinePlan.Allocation.MALLEABLE,
                SlotsForDeadline.Method.LAGRANGE);

        assertThat(plan.admitted()).isFalse();
        assertThat(plan.admission().reason()).hasValueSatisfying(r -> assertThat(r).startsWith("NOT_ENOUGH_TIME"));
        assertThat(plan.ledger()).isEmpty();
    }

    @Test
    void refusesAGoalTheKnownSlotsCannotMeet() {
        // 8 slots: 4 map waves (560 s) alone exceed 480 s.
        var plan = DeadlinePlan.plan(anagramJob(480), anagram(), NOW, cluster(1, 8), DeadlinePlan.Allocation.MALLEABLE,
                SlotsForDeadline.Method.LAGRANGE);

        assertThat(plan.admitted()).isFalse();
        assertThat(plan.admission().reason()).hasValueSatisfying(r -> assertThat(r).startsWith("NOT_ENOUGH_SLOTS"));
    }

    @Test
    void refusesAGoalWhenTheSlotsItNeedsArePlannedBusyForOthers() {
        var ledger = cluster(6, 8);
        var first = DeadlinePlan.plan(anagramJob(480), anagram(), NOW, ledger, DeadlinePlan.Allocation.MALLEABLE,
                SlotsForDeadline.Method.FIXED_REDUCE);
        // occupancy(s) is one time per slot: the first job's reduces leave 24 of the 48 slots occupied until
        // 440.5 s (16 of them after its maps). A second identical job fits in the other 24: maps 2 per slot on 16 of
        // them by 319.5 s, then its 24 reduces. A third finds no slot free before its maps' end, 319.5 s.
        var second = DeadlinePlan.plan(anagramJob(480), anagram(), NOW, first.ledger().orElseThrow(),
                DeadlinePlan.Allocation.MALLEABLE, SlotsForDeadline.Method.FIXED_REDUCE);
        var third = DeadlinePlan.plan(anagramJob(480), anagram(), NOW, second.ledger().orElseThrow(),
                DeadlinePlan.Allocation.MALLEABLE, SlotsForDeadline.Method.FIXED_REDUCE);

        assertThat(second.admitted()).isTrue();
        assertThat(third.admitted()).isFalse();
        assertThat(third.admission().reason()).hasValueSatisfying(r -> assertThat(r).contains("planned too busy"));
    }
}
