package io.gleaner.planner.core.ras;

import io.gleaner.planner.core.CpuMemory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Algorithm 1 of seed 003 (§4.2.4, "Placement Algorithm, run at each control cycle"), shared by RAS (utility Eqs
 * 5–7) and Reverse-Adaptive (Eq. 14, §5.3.4.4: "the same … but using the proposed utility function"): reducers
 * first, spread evenly (lines 1–8), then maps in rounds that move slots from the jobs of highest utility to those of
 * lowest (lines 9–19, Eq. 8's max–min) and fill each node while any job fits (lines 20–23, Eq. 9), never beyond a
 * node's room (Eq. 10).
 *
 * <p>The pseudo-code's defects (seed-003 notes §2.5 and §9.7), and what is done instead
 * (docs/policies/ras.md#algorithm-1):
 * <ul>
 *   <li>{@code r_pend} is decremented as reducers are placed (implicit in lines 4–5).</li>
 *   <li>{@code room_for_new_job_slot(job, tt)}: a free slot on {@code tt} and the task's CPU and RAM fit what the
 *       node has spare less what this cycle already placed on it, and the job still has a task of that kind to
 *       place.</li>
 *   <li>Lines 13–19 as printed undo only the last removal and compare {@code job_in} on two different matrices;
 *       read with the prose ("a task gets de-allocated only if the utility of its corresponding job remains higher
 *       than the lowest utility of any other job"): a map slot of the highest-utility job on {@code tt} is taken
 *       back only while that job's utility without it stays strictly above the lowest utility of another job with
 *       room on {@code tt}; the first removal that fails the test is undone and the swapping ends. Line 15's
 *       {@code P} is line 12's {@code P^M}: only maps are moved.</li>
 *   <li>Only the slots of {@code initialMaps} and of this call are moved: tasks that already run are never
 *       withdrawn (Gleaner does not preempt; the thesis's Task Scheduler does not either, §4.2.5).</li>
 *   <li>Lines 26–28 (switching reducers from the shuffle to the reduce profile) have no counterpart: Gleaner's
 *       reduces start once every map has succeeded and hold one demand throughout.</li>
 * </ul>
 * Ties are broken by the order the jobs are given (the caller's: priority, then the queue): the lowest utility goes
 * to the earliest job, the highest to the latest, so that the same input gives the same matrix.
 */
public final class PlacementAlgorithm {

    private PlacementAlgorithm() {
    }

    /**
     * Runs Algorithm 1.
     *
     * @param jobs        the jobs, in tie-break order (the queue's)
     * @param nodes       the TaskTrackers with their room
     * @param initialMaps P^M of the previous cycle not yet started, [job][node], to be kept or moved; may be empty
     *                    arrays (all zero). Must fit the nodes' room.
     * @param rounds      map placement rounds (line 9), &gt;= 1
     */
    public static PlacementMatrix place(List<JobSlots> jobs, List<NodeRoom> nodes, int[][] initialMaps, int rounds) {
        Objects.requireNonNull(jobs, "jobs");
        Objects.requireNonNull(nodes, "nodes");
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be >= 1, was " + rounds);
        }
        return new Run(jobs, nodes, initialMaps).place(rounds);
    }

    /** The matrices and the nodes' remaining room while one call runs. */
    private static final class Run {
        private final List<JobSlots> jobs;
        private final int[][] maps;
        private final int[][] reduces;
        private final int[] mapsPlaced;
        private final int[] reducesPlaced;
        private final CpuMemory[] room;
        private final int[] slots;

        Run(List<JobSlots> jobs, List<NodeRoom> nodes, int[][] initialMaps) {
            this.jobs = jobs;
            maps = new int[jobs.size()][nodes.size()];
            reduces = new int[jobs.size()][nodes.size()];
            mapsPlaced = new int[jobs.size()];
            reducesPlaced = new int[jobs.size()];
            room = new CpuMemory[nodes.size()];
            slots = new int[nodes.size()];
            for (int n = 0; n < nodes.size(); n++) {
                room[n] = nodes.get(n).free();
                slots[n] = nodes.get(n).freeSlots();
            }
            for (int j = 0; j < Math.min(jobs.size(), initialMaps.length); j++) {
                for (int n = 0; n < Math.min(nodes.size(), initialMaps[j].length); n++) {
                    for (int k = 0; k < initialMaps[j][n]; k++) {
                        if (!roomFor(j, n, true)) {
                            throw new IllegalArgumentException("initial maps of job " + jobs.get(j).jobId()
                                    + " do not fit node " + nodes.get(n).nodeId());
                        }
                        addMap(j, n);
                    }
                }
            }
        }

        PlacementMatrix place(int rounds) {
            placeReducers();
            for (int round = 0; round < rounds; round++) {
                for (int n = 0; n < room.length; n++) {
                    swapMaps(n);
                    fillMaps(n);
                }
            }
            return new PlacementMatrix(maps, reduces);
        }

        /** Lines 1–8: one reducer per job per node, on the nodes with the fewest reducers first. */
        private void placeReducers() {
            for (int j = 0; j < jobs.size(); j++) {
                int job = j;
                var order = new ArrayList<Integer>();
                for (int n = 0; n < room.length; n++) {
                    order.add(n);
                }
                order.sort(Comparator.<Integer>comparingInt(n -> reducersOn(n)).thenComparingInt(n -> reduces[job][n]));
                for (int n : order) {
                    if (roomFor(job, n, false)) {
                        reduces[job][n]++;
                        reducesPlaced[job]++;
                        take(n, jobs.get(job).reduceDemand());
                    }
                }
            }
        }

        /** Lines 11–19: take map slots on {@code n} from the happiest job while it stays happier than the unhappiest. */
        private void swapMaps(int n) {
            while (true) {
                int out = highest(n);
                if (out < 0) {
                    return;
                }
                removeMap(out, n);
                int in = lowestOther(n, out);
                if (in < 0 || utility(out) <= utility(in)) {
                    addMap(out, n);
                    return;
                }
            }
        }

        /** Lines 20–23: the lowest-utility job that fits gets a map slot, until none fits. */
        private void fillMaps(int n) {
            while (true) {
                int in = lowestOther(n, -1);
                if (in < 0) {
                    return;
                }
                addMap(in, n);
            }
        }

        private int highest(int n) {
            int best = -1;
            for (int j = 0; j < jobs.size(); j++) {
                if (maps[j][n] > 0 && (best < 0 || utility(j) >= utility(best))) {
                    best = j;
                }
            }
            return best;
        }

        private int lowestOther(int n, int except) {
            int best = -1;
            for (int j = 0; j < jobs.size(); j++) {
                if (j != except && roomFor(j, n, true) && (best < 0 || utility(j) < utility(best))) {
                    best = j;
                }
            }
            return best;
        }

        private double utility(int j) {
            return jobs.get(j).utility().of(mapsPlaced[j], reducesPlaced[j]);
        }

        private boolean roomFor(int j, int n, boolean map) {
            var job = jobs.get(j);
            boolean left = map ? mapsPlaced[j] < job.mapsToPlace() : reducesPlaced[j] < job.reducesToPlace();
            return left && slots[n] > 0 && room[n].fits(map ? job.mapDemand() : job.reduceDemand());
        }

        private int reducersOn(int n) {
            int sum = 0;
            for (int[] row : reduces) {
                sum += row[n];
            }
            return sum;
        }

        private void addMap(int j, int n) {
            maps[j][n]++;
            mapsPlaced[j]++;
            take(n, jobs.get(j).mapDemand());
        }

        private void removeMap(int j, int n) {
            maps[j][n]--;
            mapsPlaced[j]--;
            room[n] = room[n].plus(jobs.get(j).mapDemand());
            slots[n]++;
        }

        private void take(int n, CpuMemory demand) {
            room[n] = room[n].minus(demand);
            slots[n]--;
        }
    }
}
