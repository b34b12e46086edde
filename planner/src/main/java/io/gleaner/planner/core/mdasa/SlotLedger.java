package io.gleaner.planner.core.mdasa;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * occupancy(s) of seed 002 Algorithm 2 for every slot of the nodes that beat: the event time (epoch millis) until
 * which the deadline-aware policy has planned the slot busy. A plan, not what runs: the planner cell knows what runs.
 */
final class SlotLedger {

    /** Planned-busy-until per slot, by node id. */
    private final SortedMap<String, long[]> occupancy = new TreeMap<>();
    private final SortedMap<String, Double> speeds = new TreeMap<>();

    /** A slot and when it is planned free. */
    record Slot(String nodeId, int index, long freeAt) {
    }

    /** Learns a node's slots and per-core speed from its heartbeat; its planned occupancy is kept. */
    void know(String nodeId, int slots, double speedGflops) {
        var known = occupancy.get(nodeId);
        if (known == null || known.length != slots) {
            var grown = new long[slots];
            if (known != null) {
                System.arraycopy(known, 0, grown, 0, Math.min(slots, known.length));
            }
            occupancy.put(nodeId, grown);
        }
        speeds.put(nodeId, speedGflops);
    }

    /** Forgets a lost node. */
    void forget(String nodeId) {
        occupancy.remove(nodeId);
        speeds.remove(nodeId);
    }

    /** Slots of the known nodes. */
    int slots() {
        return occupancy.values().stream().mapToInt(a -> a.length).sum();
    }

    /** The slowest known per-core speed; empty ledger: NaN. */
    double slowestGflops() {
        return speeds.values().stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    /**
     * Every slot with the time it is free from, not before {@code start}: earliest first, then by node id and index
     * (a fixed tie-break, so that the same plan comes out of the same heartbeats).
     */
    List<Slot> byFreeTime(long start) {
        var all = new ArrayList<Slot>();
        occupancy.forEach((node, busy) -> {
            for (int i = 0; i < busy.length; i++) {
                all.add(new Slot(node, i, Math.max(start, busy[i])));
            }
        });
        all.sort(Comparator.comparingLong(Slot::freeAt).thenComparing(Slot::nodeId).thenComparingInt(Slot::index));
        return all;
    }

    /** Plans {@code slot} busy until {@code until} (never earlier than it was). */
    void occupy(String nodeId, int index, long until) {
        var busy = occupancy.get(nodeId);
        if (busy != null && index < busy.length) {
            busy[index] = Math.max(busy[index], until);
        }
    }

    /**
     * Plans the node's earliest-free slot busy for {@code millis} from {@code now} (or from when it frees): a task the
     * policy launched outside any plan, which the plans of later jobs must not count on.
     */
    void occupyEarliest(String nodeId, long now, long millis) {
        var busy = occupancy.get(nodeId);
        if (busy == null || busy.length == 0) {
            return;
        }
        int earliest = 0;
        for (int i = 1; i < busy.length; i++) {
            if (busy[i] < busy[earliest]) {
                earliest = i;
            }
        }
        busy[earliest] = Math.max(busy[earliest], now) + millis;
    }

    /** An independent copy, to plan a job on before it is admitted. */
    SlotLedger copy() {
        var copy = new SlotLedger();
        occupancy.forEach((node, busy) -> copy.occupancy.put(node, busy.clone()));
        copy.speeds.putAll(speeds);
        return copy;
    }
}
