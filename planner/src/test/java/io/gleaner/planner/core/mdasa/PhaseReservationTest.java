package io.gleaner.planner.core.mdasa;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Seed 002 Algorithms 1 and 2 as fixed in seed-002-notes §4.B, with the notes' TV-9. Times in ms from 0. */
class PhaseReservationTest {

    private static SlotLedger slots(int n) {
        var ledger = new SlotLedger();
        ledger.know("n1", n, 8.0);
        return ledger;
    }

    @Test
    void malleableQueuesTheFloorOfWhatFitsBeforeTheEndOnARunningSlot() {
        // TV-9: endtime(j) = 100, occupancy(s) = 40, Mt_avg = 25: ⌊60 / 25⌋ = 2 tasks, occupancy(s) becomes 90.
        var ledger = slots(1);
        ledger.occupy("n1", 0, 40);

        var phase = PhaseReservation.malleable(ledger, 0, 100, 25, 5);

        assertThat(phase.claims()).singleElement().isEqualTo(new PhaseReservation.Claim("n1", 0, 90));
        assertThat(phase.slotMillis()).isEqualTo(50);
        assertThat(phase.met()).as("3 of the 5 tasks have no place").isFalse();
    }

    @Test
    void malleableLeavesASlotBusyUntilTheEndAlone() {
        // TV-9's strict '>': occupancy(s) = endtime(j) = 100 fits no task.
        var ledger = slots(1);
        ledger.occupy("n1", 0, 100);

        var phase = PhaseReservation.malleable(ledger, 0, 100, 25, 1);

        assertThat(phase.claims()).isEmpty();
        assertThat(phase.met()).isFalse();
    }

    @Test
    void malleableFillsTheEarliestFreeSlotsFirstAndUsesNoMoreThanItNeeds() {
        // Slot 0 free from 15, slot 1 from 0, slot 2 from 0; 2 tasks of 10 by 25: slot 1 takes ⌊25 / 10⌋ = 2.
        var ledger = slots(3);
        ledger.occupy("n1", 0, 15);

        var phase = PhaseReservation.malleable(ledger, 0, 25, 10, 2);

        assertThat(phase.claims()).containsExactly(new PhaseReservation.Claim("n1", 1, 20));
        assertThat(phase.met()).isTrue();
        assertThat(phase.finish()).isEqualTo(20);
    }

    @Test
    void moldableHoldsItsSizedSlotsForEveryWaveAndPaysForTheIdleTail() {
        // 5 tasks of 10 on the 2 slots sized: ⌈5 / 2⌉ = 3 waves, both slots held 0..30: 60 slot-ms for 50 of work.
        var ledger = slots(4);

        var phase = PhaseReservation.moldable(ledger, 0, 30, 10, 5, 2);

        assertThat(phase.claims()).extracting(PhaseReservation.Claim::until).containsExactly(30L, 30L);
        assertThat(phase.slotMillis()).isEqualTo(60);
        assertThat(phase.met()).isTrue();
        // The malleable plan of the same phase pays for the work only.
        assertThat(PhaseReservation.malleable(slots(4), 0, 30, 10, 5).slotMillis()).isEqualTo(50);
    }

    @Test
    void moldableStartsWhenTheLastOfItsSlotsFreesAndMissesAnEndThatLeavesNoRoom() {
        // Both slots busy until 15; 2 tasks of 10 on 1 slot: 15 + 2 x 10 = 35 > 30.
        var ledger = slots(2);
        ledger.occupy("n1", 0, 15);
        ledger.occupy("n1", 1, 15);

        var moldable = PhaseReservation.moldable(ledger, 0, 30, 10, 2, 1);
        var malleable = PhaseReservation.malleable(ledger, 0, 30, 10, 2);

        assertThat(moldable.met()).isFalse();
        assertThat(moldable.finish()).isEqualTo(35);
        // Malleability: one task queued on each running slot, ⌊(30 - 15) / 10⌋ = 1, both end at 25.
        assertThat(malleable.met()).isTrue();
        assertThat(malleable.claims()).extracting(PhaseReservation.Claim::until).containsExactly(25L, 25L);
    }

    @Test
    void aPhaseWithoutTasksIsMetAtItsStartForNothing() {
        var phase = PhaseReservation.malleable(slots(1), 7, 8, 10, 0);

        assertThat(phase.met()).isTrue();
        assertThat(phase.finish()).isEqualTo(7);
        assertThat(phase.slotMillis()).isZero();
    }
}
