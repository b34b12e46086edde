package io.gleaner.planner.core.mdasa;

import java.util.ArrayList;
import java.util.List;

/**
 * The slots one phase of a job is planned on, by seed 002 Algorithm 2 (MDASA, {@link #malleable}) or Algorithm 1
 * (NDASA, {@link #moldable}), each as our notes fix it (seed-002-notes §4.B, §8.4 item 9).
 *
 * @param met        whether every task is planned to end by the phase's end
 * @param finish     when the last planned task ends (epoch millis); the phase's start when it has no tasks
 * @param slots      slots the phase is planned on: what the job may hold at once in that phase
 * @param slotMillis slot time the phase takes out of the pool: its cost (docs/policies/mdasa.md#cost)
 * @param claims     each slot used and until when
 */
record PhaseReservation(boolean met, long finish, int slots, double slotMillis, List<Claim> claims) {

    /** A slot planned busy until {@code until}. */
    record Claim(String nodeId, int index, long until) {
    }

    PhaseReservation {
        claims = List.copyOf(claims);
    }

    /**
     * Seed 002 Algorithm 2, lines 4–17: slots in order of when they free (idle ones first, as lines 4–9), and on
     * each ⌊(end − occupancy(s)) / t⌋ tasks (line 13; the floor, so that no task ends after {@code end}: notes §4.B
     * item 1), occupancy(s) raised by that many t (line 15), until every task has a place. The thesis launches on
     * every idle slot before it queues on running ones; filling the earliest-free slot first uses the fewest slots,
     * the "minimum resources" the thesis claims and its loops do not bound (notes §8.4 item 9). Not met when the
     * known slots cannot take every task by {@code end}: the thesis then rents VMs (lines 19–28), which Gleaner
     * cannot, so the job is refused instead.
     *
     * @param taskMillis t: Mt_avg for maps, the wave model's reduce wave for reduces (notes §4.B item 5)
     */
    static PhaseReservation malleable(SlotLedger ledger, long start, long end, double taskMillis, int tasks) {
        if (tasks == 0) {
            return new PhaseReservation(true, start, 0, 0, List.of());
        }
        double t = Math.max(1, taskMillis);
        int remaining = tasks;
        long finish = start;
        double slotMillis = 0;
        var claims = new ArrayList<Claim>();
        for (var slot : ledger.byFreeTime(start)) {
            long fits = end > slot.freeAt() ? (long) Math.floor((end - slot.freeAt()) / t) : 0;  // line 13
            if (fits == 0) {
                break;  // slots come earliest-free first: no later one fits a task either
            }
            int n = (int) Math.min(fits, remaining);
            long until = slot.freeAt() + (long) Math.ceil(n * t);                                // line 15
            claims.add(new Claim(slot.nodeId(), slot.index(), until));
            slotMillis += n * t;
            finish = Math.max(finish, until);
            remaining -= n;
            if (remaining == 0) {
                break;
            }
        }
        return new PhaseReservation(remaining == 0, finish, claims.size(), slotMillis, claims);
    }

    /**
     * Seed 002 Algorithm 1 (NDASA, "only moldable"): the phase gets {@code sized} slots (m_i or r_i of the Slot
     * Estimator) for its whole run, from when the last of them frees; they are held until the phase's last wave
     * ends, idle or not, as a VM rented for the job is paid until it is released. Not met when that ends after
     * {@code end}.
     *
     * @param taskMillis the length of one wave: (Mt_min + Mt_max) / 2 for maps (Eq. 3.3 per wave)
     */
    static PhaseReservation moldable(SlotLedger ledger, long start, long end, double taskMillis, int tasks,
                                     int sized) {
        if (tasks == 0) {
            return new PhaseReservation(true, start, 0, 0, List.of());
        }
        var free = ledger.byFreeTime(start);
        int m = Math.min(Math.min(Math.max(1, sized), tasks), free.size());
        if (m == 0) {
            return new PhaseReservation(false, start, 0, 0, List.of());
        }
        var chosen = free.subList(0, m);
        long phaseStart = chosen.get(m - 1).freeAt();
        long waves = (tasks + m - 1) / m;
        long until = phaseStart + (long) Math.ceil(waves * Math.max(1, taskMillis));
        var claims = chosen.stream().map(s -> new Claim(s.nodeId(), s.index(), until)).toList();
        double slotMillis = (double) m * (until - phaseStart);
        return new PhaseReservation(until <= end, until, m, slotMillis, claims);
    }

    /** Marks the claims in {@code ledger}. */
    void applyTo(SlotLedger ledger) {
        claims.forEach(c -> ledger.occupy(c.nodeId(), c.index(), c.until()));
    }
}
