package io.gleaner.classifier.estimate;

import java.util.Objects;
import java.util.Optional;

/**
 * What {@link SlotsForDeadline} found for one job and deadline: a slot pair that meets it under the wave-exact
 * model, or why none does.
 *
 * @param verdict        feasible, or which limit made it infeasible
 * @param method         Eq. 3.16 (fixed reduce slots) or Eqs. 3.17–3.18 (Lagrange)
 * @param ideal          the continuous solution of the closed form, empty when the closed form has none
 *                       (deadline at or below C, or below C + B / N_reduceslots for the fixed-reduce method)
 * @param slots          when feasible, the pair chosen; otherwise the most slots that could be given (the caps)
 * @param estimateMillis the wave-exact job time (the bound asked for) at {@code slots}; +∞ when a phase with
 *                       tasks gets no slot
 * @param reason         for an infeasible verdict, the numbers that make it so; empty when feasible
 */
public record SlotAllocation(Verdict verdict, SlotsForDeadline.Method method, Optional<IdealSlots> ideal,
                             Slots slots, double estimateMillis, Optional<String> reason) {

    public SlotAllocation {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(ideal, "ideal");
        Objects.requireNonNull(slots, "slots");
        Objects.requireNonNull(reason, "reason");
        if ((verdict == Verdict.FEASIBLE) == reason.isPresent()) {
            throw new IllegalArgumentException("a reason is given exactly when infeasible, was " + verdict
                    + " with reason " + reason);
        }
    }

    /** Whether {@link #slots()} meet the deadline. */
    public boolean feasible() {
        return verdict == Verdict.FEASIBLE;
    }

    /** The outcome of sizing. */
    public enum Verdict {
        /** {@code slots} meet the deadline under the wave-exact model. */
        FEASIBLE,
        /** Even one wave per phase (a slot per task) misses the deadline: no number of slots helps. */
        NOT_ENOUGH_TIME,
        /** More slots than available would meet it; the available ones do not. */
        NOT_ENOUGH_SLOTS
    }
}
