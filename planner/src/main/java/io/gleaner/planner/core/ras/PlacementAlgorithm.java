package io.gleaner.planner.core.ras;

import io.gleaner.planner.core.CpuMemory;
import java.util.List;
import java.util.Objects;

/**
 * Algorithm 1 of seed 003 (§4.2.4, "Placement Algorithm, run at each control cycle"), shared by RAS (utility Eqs
 * 5–7) and Reverse-Adaptive (Eq. 14, §5.3.4.4: "the same … but using the proposed utility function"): rounds that
 * move map slots from the jobs of highest utility to those of lowest (lines 9–19, Eq. 8's max–min) and fill each node
 * while any job fits (lines 20–23, Eq. 9), reducers spread one per job per node (lines 1–8), never beyond a node's
 * room (Eq. 10).
 *
 * <p>The pseudo-code's defects (seed-003 notes §2.5 and §9.7), and what is done instead
 * (docs/policies/ras.md#algorithm-1):
 * <ul>
 *   <li>Reducers are not placed ahead of every map (lines 1–8 run first in the thesis, where a reducer placed at its
 *       job's start only holds memory until its job's maps run, §4.2.4). Gleaner starts a reducer once its job's maps
 *       have all succeeded, holding its whole demand for the reduce's length; placed first, the reducers of one large
 *       job took every slot that freed for as long as they lasted, ahead of the maps of every job that arrived
 *       meanwhile (docs/results/2026-11-28-deadline-policies.md, second session). A reducer is a task of the fill
 *       like a map: the lowest-utility job with room gets its next task, a reducer while it has one to place, at most
 *       one of a job's reducers on a node per cycle (the spread of lines 1–8). {@code r_pend} is decremented as
 *       reducers are placed (implicit in lines 4–5).</li>
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
            for (int round = 0; round < rounds; round++) {
                for (int n = 0; n < room.length; n++) {
                    swapMaps(n);
                    fill(n);
                }
            }
            return new PlacementMatrix(maps, reduces);
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

        /**
         * Lines 20–23, with the reducers of lines 1–8 in the same choice: the lowest-utility job with room on {@code n}
         * gets its next task there (a reducer while it has one to place, else a map), until no job has room.
         */
        private void fill(int n) {
            while (true) {
                int in = lowestOther(n, -1);
                if (in < 0) {
                    return;
                }
                if (roomFor(in, n, false)) {
                    reduces[in][n]++;
                    reducesPlaced[in]++;
                    take(n, jobs.get(in).reduceDemand());
                } else {
                    addMap(in, n);
                }
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
                if (j != except && (roomFor(j, n, false) || roomFor(j, n, true))
                        && (best < 0 || utility(j) < utility(best))) {
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
            // Lines 1–8's spread: at most one reducer of a job on a node per cycle.
            boolean left = map ? mapsPlaced[j] < job.mapsToPlace()
                    : reducesPlaced[j] < job.reducesToPlace() && reduces[j][n] == 0;
            return left && slots[n] > 0 && room[n].fits(map ? job.mapDemand() : job.reduceDemand());
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
