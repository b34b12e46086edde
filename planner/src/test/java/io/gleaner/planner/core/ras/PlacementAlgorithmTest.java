package io.gleaner.planner.core.ras;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.CpuMemory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Algorithm 1 of seed 003 on small cases worked by hand. */
class PlacementAlgorithmTest {

    private static final long GIB = 1L << 30;

    /** Eq. 6 for a job that already runs {@code running} maps, wants {@code sReq} and has {@code sPend} left. */
    private static JobSlots job(String id, double cpus, int toPlace, int running, int sReq, int sPend, int reduces) {
        var demand = new CpuMemory(cpus, GIB);
        return new JobSlots(id, demand, new CpuMemory(1, GIB), toPlace, reduces, (maps, placedReduces) ->
                ResourceAwareUtility.job(ResourceAwareUtility.map(running + maps, sReq, sPend),
                        ResourceAwareUtility.reduce(placedReduces, reduces)));
    }

    @Test
    void reducersOfAJobAreSpreadOnePerNode() {
        var jobs = List.of(job("a", 1, 0, 0, 1, 1, 2), job("b", 1, 0, 0, 1, 1, 2));
        var nodes = List.of(new NodeRoom("n1", new CpuMemory(4, 8 * GIB), 4),
                new NodeRoom("n2", new CpuMemory(4, 8 * GIB), 4), new NodeRoom("n3", new CpuMemory(4, 8 * GIB), 4));

        var p = PlacementAlgorithm.place(jobs, nodes, new int[0][], 1);

        assertThat(p.reduces()).isDeepEqualTo(new int[][] {{1, 1, 0}, {1, 1, 0}});
    }

    @Test
    void aReducerDoesNotTakeTheSlotOfAnUnhappierJobsMap() {
        // a's maps are done and it runs 3 of its 10 reducers elsewhere: u = 1 + (log 3 / log 10 - 1) = 0.48. b has
        // just arrived with one map and holds nothing: −∞. The one free slot is b's (Eq. 8); placing a's reducer
        // first, as lines 1–8 do where reducers only hold memory until their maps run, would take it.
        var reducing = new JobSlots("a", new CpuMemory(1, GIB), new CpuMemory(1, GIB), 0, 7, (maps, reduces) ->
                ResourceAwareUtility.job(1, ResourceAwareUtility.reduce(3 + reduces, 10)));
        var arriving = job("b", 1, 1, 0, 1, 1, 0);
        var nodes = List.of(new NodeRoom("n1", new CpuMemory(1, 8 * GIB), 1));

        var p = PlacementAlgorithm.place(List.of(reducing, arriving), nodes, new int[0][], HeartbeatCycle.ROUNDS);

        assertThat(p.maps(1, 0)).isEqualTo(1);
        assertThat(p.reduces(0, 0)).isZero();
    }

    @Test
    void mapsGoToTheLowestUtilityUntilTheNodeIsFull() {
        // a runs 6 of the 8 it needs, b none of its 4: b's first slots first (−∞), then they level.
        var jobs = List.of(job("a", 1, 10, 6, 8, 20, 0), job("b", 1, 10, 0, 4, 20, 0));
        var nodes = List.of(new NodeRoom("n1", new CpuMemory(6, 64 * GIB), 6));

        var p = PlacementAlgorithm.place(jobs, nodes, new int[0][], 1);

        // b holding 0..4: -inf, -1, -0.5, -0.21, 0; a holding 6, 7, 8: -0.138, -0.064, 0. Six slots: b 4, then a 2.
        assertThat(p.maps(0, 0)).isEqualTo(2);
        assertThat(p.maps(1, 0)).isEqualTo(4);
    }

    @Test
    void roundsTakeSlotsFromTheHappiestJobForTheUnhappiest() {
        // Carried over from the last cycle: a holds all 4 slots of n1, b none; b's utility is −∞.
        var jobs = List.of(job("a", 1, 4, 0, 2, 8, 0), job("b", 1, 4, 0, 2, 8, 0));
        var nodes = List.of(new NodeRoom("n1", new CpuMemory(4, 64 * GIB), 4));

        var p = PlacementAlgorithm.place(jobs, nodes, new int[][] {{4}, {0}}, 1);

        assertThat(p.maps(0, 0)).isEqualTo(2);
        assertThat(p.maps(1, 0)).isEqualTo(2);
    }

    @Test
    void aSwapMakesRoomForALargerTask() {
        // n1 has 3 cores; a's 2 one-core maps are carried over; b (2-core maps, nothing held: −∞) does not fit the
        // core left. a gives a slot back (its utility 0 -> -1 stays above b's), which fits b's map.
        var jobs = List.of(job("a", 1, 3, 0, 2, 8, 0), job("b", 2, 1, 0, 1, 8, 0));
        var nodes = List.of(new NodeRoom("n1", new CpuMemory(3, 64 * GIB), 3));

        var p = PlacementAlgorithm.place(jobs, nodes, new int[][] {{2}, {0}}, 1);

        assertThat(p.maps(1, 0)).isEqualTo(1);
        assertThat(p.maps(0, 0)).isEqualTo(1);
    }

    @Test
    void neverPlacesBeyondTheNodesRoom() {
        var jobs = List.of(job("a", 1.5, 10, 0, 5, 10, 0), job("b", 1, 10, 0, 5, 10, 0));
        var nodes = List.of(new NodeRoom("n1", new CpuMemory(4, 3 * GIB), 8));

        var p = PlacementAlgorithm.place(jobs, nodes, new int[0][], 2);

        assertThat(p.maps(0, 0) + p.maps(1, 0)).as("RAM for 3 tasks of 1 GiB").isEqualTo(3);
        assertThat(1.5 * p.maps(0, 0) + p.maps(1, 0)).isLessThanOrEqualTo(4);
    }
}
