package io.gleaner.classifier.estimate;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The fewest map and reduce slots that let a job meet a deadline: seed 002 §3.5, Eq. 3.16 (reduce slots fixed at
 * the reduce task count) and Eqs. 3.17–3.18 (Lagrange minimum of N_mapslots + N_reduceslots on Eq. 3.15), with
 * the rules the thesis leaves out (seed 002 notes §3.4, rules 1–4):
 * <ol>
 *   <li><b>Feasibility</b> is decided by the wave-exact model, not the closed form: the job time can only fall
 *       as slots grow, and it is lowest with one wave per phase. If that misses the deadline the verdict is
 *       {@link SlotAllocation.Verdict#NOT_ENOUGH_TIME}; if the available slots miss it,
 *       {@link SlotAllocation.Verdict#NOT_ENOUGH_SLOTS}. (For the estimate and the upper bound, D − C ≤ 0 in
 *       the closed form implies the first, since Eq. 3.15 never exceeds Eq. 3.14; the converse fails, see
 *       TV-8.)</li>
 *   <li><b>Integers:</b> the continuous pair is rounded up, with a relative tolerance of 1e-9 so that an exact
 *       20.000000000000004 stays 20.</li>
 *   <li><b>Caps:</b> at most one slot per task (more cannot shorten a wave) and at most the available slots;
 *       at least one slot for a phase with tasks.</li>
 *   <li><b>Re-check and grow:</b> if the rounded pair misses the deadline under Eq. 3.14 (or the bound asked
 *       for), slots are added one wave at a time: each step jumps a phase to the fewest slots that take one wave
 *       off it, choosing the phase whose step saves the most time per added slot (maps on a tie), until the
 *       deadline is met. The continuous optimum can miss badly under the wave model (notes TV-8).</li>
 *   <li><b>Trim:</b> finally each phase is cut to the fewest slots with the same number of waves,
 *       ⌈N / ⌈N / n⌉⌉, which leaves the estimate unchanged.</li>
 * </ol>
 * The result is a pair that meets the deadline, not necessarily the pair with the fewest slots that does.
 */
public final class SlotsForDeadline {

    /** Which of the thesis's two methods sizes the job; its Slot Estimator "can [be] configured to use any". */
    public enum Method {
        /** Eq. 3.16: N_reduceslots = N_reducetasks (capped), solve for N_mapslots. */
        FIXED_REDUCE,
        /** Eqs. 3.17–3.18: minimise N_mapslots + N_reduceslots by a Lagrange multiplier. */
        LAGRANGE
    }

    private static final double ROUNDING_TOLERANCE = 1e-9;

    private SlotsForDeadline() {
    }

    /**
     * Seed 002 Eqs. 3.17–3.18: m = √A (√A + √B) / (D − C), r = √B (√A + √B) / (D − C); the minimum total is
     * (√A + √B)² / (D − C). Empty when D − C ≤ 0: no allocation meets the deadline.
     */
    public static Optional<IdealSlots> lagrange(ClosedForm form, double deadlineMillis) {
        Objects.requireNonNull(form, "form");
        checkDeadline(deadlineMillis);
        double room = deadlineMillis - form.c();
        if (!(room > 0)) {
            return Optional.empty();
        }
        double sa = Math.sqrt(form.a());
        double sb = Math.sqrt(form.b());
        return Optional.of(new IdealSlots(sa * (sa + sb) / room, sb * (sa + sb) / room));
    }

    /**
     * Seed 002 Eq. 3.16: N_mapslots = A / (D − C − B / N_reduceslots). Empty when the denominator is ≤ 0: with
     * those reduce slots no number of map slots meets the deadline.
     *
     * @throws IllegalArgumentException if B &gt; 0 and {@code reduceSlots} ≤ 0
     */
    public static OptionalDouble fixedReduce(ClosedForm form, double deadlineMillis, double reduceSlots) {
        Objects.requireNonNull(form, "form");
        checkDeadline(deadlineMillis);
        double room = deadlineMillis - form.estimate(Double.POSITIVE_INFINITY, reduceSlots);
        if (!(room > 0)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(form.a() / room);
    }

    /**
     * Sizes a job of {@code mapTasks} maps and {@code reduceTasks} reduces for a deadline {@code deadlineMillis}
     * after its start, by {@code method}, checked against {@code bound} of the wave-exact model
     * ({@link CompletionEstimate.Bound#ESTIMATE} for Eq. 3.14, {@link CompletionEstimate.Bound#UPPER} for a
     * conservative check), within {@code available} slots.
     *
     * @throws IllegalArgumentException for a negative task count, a deadline that is not finite and &gt; 0, or a
     *                                  profile without samples of a phase the job has
     */
    public static SlotAllocation size(JobProfile profile, int mapTasks, int reduceTasks, double deadlineMillis,
                                      Slots available, Method method, CompletionEstimate.Bound bound) {
        Objects.requireNonNull(available, "available");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(bound, "bound");
        checkDeadline(deadlineMillis);
        var form = WaveBoundModel.closedForm(profile, mapTasks, reduceTasks);
        var model = new Model(profile, mapTasks, reduceTasks, bound);
        var caps = new Slots(Math.min(mapTasks, available.map()), Math.min(reduceTasks, available.reduce()));

        Optional<IdealSlots> ideal = method == Method.LAGRANGE
                ? lagrange(form, deadlineMillis)
                : idealFixedReduce(form, deadlineMillis, caps.reduce(), reduceTasks);

        double best = model.at(new Slots(mapTasks, reduceTasks));
        if (best > deadlineMillis) {
            return new SlotAllocation(SlotAllocation.Verdict.NOT_ENOUGH_TIME, method, ideal, caps, model.at(caps),
                    Optional.of("even one wave per phase (" + mapTasks + " map and " + reduceTasks
                            + " reduce slots) takes " + best + " ms > deadline " + deadlineMillis + " ms"));
        }
        double atCaps = model.at(caps);
        if (atCaps > deadlineMillis) {
            return new SlotAllocation(SlotAllocation.Verdict.NOT_ENOUGH_SLOTS, method, ideal, caps, atCaps,
                    Optional.of("the available " + caps.map() + " map and " + caps.reduce()
                            + " reduce slots take " + atCaps + " ms > deadline " + deadlineMillis + " ms"));
        }

        var start = ideal.map(i -> new Slots(
                        startSlots(i.map(), mapTasks, caps.map()),
                        method == Method.FIXED_REDUCE ? caps.reduce() : startSlots(i.reduce(), reduceTasks,
                                caps.reduce())))
                .orElseGet(() -> new Slots(Math.min(mapTasks, 1), method == Method.FIXED_REDUCE
                        ? caps.reduce() : Math.min(reduceTasks, 1)));
        var slots = grow(model, start, caps, deadlineMillis);
        var trimmed = new Slots(trim(mapTasks, slots.map()), trim(reduceTasks, slots.reduce()));
        return new SlotAllocation(SlotAllocation.Verdict.FEASIBLE, method, ideal, trimmed, model.at(trimmed),
                Optional.empty());
    }

    private static Optional<IdealSlots> idealFixedReduce(ClosedForm form, double deadlineMillis, int reduceSlots,
                                                         int reduceTasks) {
        if (reduceTasks > 0 && reduceSlots == 0) {
            return Optional.empty();
        }
        var m = fixedReduce(form, deadlineMillis, reduceSlots);
        return m.isPresent() ? Optional.of(new IdealSlots(m.getAsDouble(), reduceSlots)) : Optional.empty();
    }

    /** Adds slots a wave at a time until the deadline is met; the caller has checked that the caps meet it. */
    private static Slots grow(Model model, Slots start, Slots caps, double deadlineMillis) {
        var slots = start;
        double time = model.at(slots);
        while (time > deadlineMillis) {
            int nextMap = nextWaveStep(model.mapTasks, slots.map(), caps.map());
            int nextReduce = nextWaveStep(model.reduceTasks, slots.reduce(), caps.reduce());
            if (nextMap == slots.map() && nextReduce == slots.reduce()) {
                throw new IllegalStateException("no step left at " + slots + " though the caps " + caps
                        + " meet the deadline; this is a bug");
            }
            var byMap = new Slots(nextMap, slots.reduce());
            var byReduce = new Slots(slots.map(), nextReduce);
            double mapGain = nextMap == slots.map() ? -1 : (time - model.at(byMap)) / (nextMap - slots.map());
            double reduceGain = nextReduce == slots.reduce() ? -1
                    : (time - model.at(byReduce)) / (nextReduce - slots.reduce());
            slots = mapGain >= reduceGain ? byMap : byReduce;
            time = model.at(slots);
        }
        return slots;
    }

    /** The fewest slots above {@code slots} that take a wave off {@code tasks}, within {@code cap}; else slots. */
    static int nextWaveStep(int tasks, int slots, int cap) {
        if (tasks == 0 || slots >= cap) {
            return slots;
        }
        if (slots == 0) {
            return 1;
        }
        long waves = WaveBoundModel.waves(tasks, slots);
        if (waves <= 1) {
            return slots;
        }
        long next = WaveBoundModel.waves(tasks, waves - 1);
        return next <= cap ? (int) next : slots;
    }

    /** The fewest slots with as many waves as {@code slots}: ⌈N / ⌈N / n⌉⌉. */
    static int trim(int tasks, int slots) {
        if (tasks == 0 || slots == 0) {
            return slots;
        }
        return (int) WaveBoundModel.waves(tasks, WaveBoundModel.waves(tasks, slots));
    }

    private static int startSlots(double ideal, int tasks, int cap) {
        if (tasks == 0) {
            return 0;
        }
        long rounded = (long) Math.ceil(ideal - ROUNDING_TOLERANCE * Math.max(1, ideal));
        return (int) Math.max(1, Math.min(cap, rounded));
    }

    private static void checkDeadline(double deadlineMillis) {
        if (!(deadlineMillis > 0) || Double.isInfinite(deadlineMillis)) {
            throw new IllegalArgumentException("deadlineMillis must be finite and > 0, was " + deadlineMillis);
        }
    }

    /** The bound asked for at a slot pair; +∞ when a phase with tasks has no slot. */
    private record Model(JobProfile profile, int mapTasks, int reduceTasks, CompletionEstimate.Bound bound) {
        double at(Slots s) {
            if ((mapTasks > 0 && s.map() == 0) || (reduceTasks > 0 && s.reduce() == 0)) {
                return Double.POSITIVE_INFINITY;
            }
            return WaveBoundModel.estimate(profile, mapTasks, reduceTasks, s.map(), s.reduce()).of(bound);
        }
    }
}
