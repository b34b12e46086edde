package io.gleaner.planner.core.mdasa;

import io.gleaner.classifier.estimate.CompletionEstimate;
import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.Slots;
import io.gleaner.classifier.estimate.SlotsForDeadline;
import io.gleaner.classifier.estimate.WaveBoundModel;
import io.gleaner.planner.core.Admission;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.TaskKind;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The answer to one job with a deadline, made when the policy first sees it (the thesis's scheduler is
 * "non-queue based": a job is scheduled as it arrives, seed 002 §4.2): the admission, and for an admitted job the
 * slots each phase may hold at once and the slot time it takes out of the pool.
 *
 * @param admission  what goes on {@code jobs.admissions}
 * @param mapSlots   maps the job may run at once (0 when refused)
 * @param reduceSlots reduces the job may run at once (0 when refused)
 * @param slotMillis slot time reserved for the job: its cost (docs/policies/mdasa.md#cost); 0 when refused
 * @param ledger     when admitted, the ledger with the job's claims, to commit
 */
record DeadlinePlan(Admission admission, int mapSlots, int reduceSlots, double slotMillis,
                    Optional<SlotLedger> ledger) {

    /** Malleable (MDASA, Algorithm 2) or moldable (NDASA, Algorithm 1). */
    enum Allocation { MALLEABLE, MOLDABLE }

    DeadlinePlan {
        Objects.requireNonNull(admission, "admission");
        Objects.requireNonNull(ledger, "ledger");
    }

    boolean admitted() {
        return admission.accepted();
    }

    /**
     * Seed 002 Algorithms 1 and 2, lines 1–3 then the allocation: the Slot Estimator sizes the job for its
     * deadline (Eqs. 3.16–3.18 re-checked on the wave model, {@link SlotsForDeadline#size}, with every known slot
     * available to either phase), then each phase is planned on the ledger, maps to end by
     * endtime(j) = deadline − (T_sh + T_reduce) at the sized reduce slots (the thesis leaves endtime(j) undefined:
     * notes §4.B item 2) and reduces from the maps' planned end to the deadline. Refused when the sizing finds no
     * slots that meet the goal, or the ledger has no room for them by then.
     */
    static DeadlinePlan plan(Job job, JobProfile profile, Instant now, SlotLedger ledger, Allocation allocation,
                             SlotsForDeadline.Method sizing) {
        var deadline = job.deadline().orElseThrow(() -> new IllegalArgumentException("job " + job.jobId()
                + " has no deadline"));
        long start = now.toEpochMilli();
        long end = deadline.toEpochMilli();
        if (end <= start) {
            return refused(job, now, "its deadline " + deadline + " is not after " + now);
        }
        int maps = job.count(TaskKind.MAP);
        int reduces = job.count(TaskKind.REDUCE);
        int known = ledger.slots();
        var sized = SlotsForDeadline.size(profile, maps, reduces, end - start, new Slots(known, known), sizing,
                CompletionEstimate.Bound.ESTIMATE);
        if (!sized.feasible()) {
            return refused(job, now, sized.verdict() + ": " + sized.reason().orElseThrow());
        }
        var slots = sized.slots();
        var estimate = WaveBoundModel.estimate(profile, maps, reduces, slots.map(), slots.reduce());
        double mapTask = maps == 0 ? 0 : estimate.map() / estimate.mapWaves();
        double reduceTask = reduces == 0 ? 0 : (estimate.shuffle() + estimate.reduce()) / estimate.reduceWaves();
        long mapEnd = end - (long) Math.ceil(estimate.shuffle() + estimate.reduce());

        var planned = ledger.copy();
        var mapPhase = allocation == Allocation.MALLEABLE
                ? PhaseReservation.malleable(planned, start, mapEnd, mapTask, maps)
                : PhaseReservation.moldable(planned, start, mapEnd, mapTask, maps, slots.map());
        if (!mapPhase.met()) {
            return refused(job, now, "NOT_ENOUGH_SLOTS: the " + known + " known slots are planned too busy to end "
                    + maps + " maps of " + Math.round(mapTask) + " ms by " + Instant.ofEpochMilli(mapEnd));
        }
        mapPhase.applyTo(planned);
        var reducePhase = allocation == Allocation.MALLEABLE
                ? PhaseReservation.malleable(planned, mapPhase.finish(), end, reduceTask, reduces)
                : PhaseReservation.moldable(planned, mapPhase.finish(), end, reduceTask, reduces, slots.reduce());
        if (!reducePhase.met()) {
            return refused(job, now, "NOT_ENOUGH_SLOTS: the " + known + " known slots are planned too busy to end "
                    + reduces + " reduces of " + Math.round(reduceTask) + " ms by " + deadline);
        }
        reducePhase.applyTo(planned);
        var completion = Instant.ofEpochMilli(Math.max(mapPhase.finish(), reducePhase.finish()));
        return new DeadlinePlan(Admission.accepted(job.jobId(), now, completion), mapPhase.slots(),
                reducePhase.slots(), mapPhase.slotMillis() + reducePhase.slotMillis(), Optional.of(planned));
    }

    private static DeadlinePlan refused(Job job, Instant now, String reason) {
        return new DeadlinePlan(Admission.rejected(job.jobId(), now, reason), 0, 0, 0, Optional.empty());
    }
}
