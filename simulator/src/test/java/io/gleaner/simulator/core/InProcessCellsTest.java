package io.gleaner.simulator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.cells.CellBy;
import io.gleaner.planner.core.cells.CellMap;
import io.gleaner.planner.core.policies.Policies;
import io.gleaner.planner.core.policies.PolicySettings;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** {@link InProcessPlannerLink} with several cells: routing, heartbeats by node, reports by job. */
class InProcessCellsTest {

    private static final CpuMemory NODE = new CpuMemory(4, 16L << 30);
    private static final CellMap TWO_RACKS = new CellMap(2, CellBy.RACK);

    private static NodeState node(String id, String rack, Instant time) {
        return new NodeState(id, time, rack, List.of(), NODE, 2.0, 4, NODE, 4, List.of());
    }

    private static Job job(String id, Instant submit, int maps) {
        var group = new PhaseTasks(TaskKind.MAP, maps, 64L << 20, 64L << 20, 3100, new CpuMemory(1, 1L << 30),
                Optional.empty(), 0);
        return new Job(id, "name", "alice", "default", 0, submit, Optional.empty(), 1000, 0, 0, List.of(group));
    }

    /** Two racks whose names the rack map puts in different cells, each with two nodes. */
    private static List<NodeState> heartbeats(Instant time) {
        var racks = IntStream.range(0, 20).mapToObj(i -> "rack-" + i).toList();
        var first = racks.get(0);
        var second = racks.stream().filter(r -> TWO_RACKS.cellOfKey(r) != TWO_RACKS.cellOfKey(first)).findFirst()
                .orElseThrow();
        return List.of(node("a1", first, time), node("a2", first, time), node("b1", second, time),
                node("b2", second, time));
    }

    private static InProcessPlannerLink link() {
        return InProcessPlannerLink.of(() -> Policies.create(PolicyName.FIFO, PolicySettings.defaults()),
                OwnerForecasts.withoutWarmUp(), TWO_RACKS);
    }

    @Test
    void aJobBeforeAnyNodeIsHeldUntilTheNextJobThenEachJobRunsOnlyOnItsCellsNodes() {
        var link = link();
        var t0 = Instant.parse("2026-01-01T00:00:00Z");
        var t1 = t0.plusSeconds(3);
        var t2 = t0.plusSeconds(6);

        // Round 0: the job arrives with the first heartbeats; no cell has taken a status with a node yet (a cell
        // takes it before a heartbeat), so the job is held. Round 1: so is the next, routed over the same statuses;
        // the cells' statuses now hold round 0's nodes. Round 2: the next job routes the held ones first.
        var first = link.round(new Round(t0, List.of(job("j1", t0, 3)), List.of(), heartbeats(t0), List.of()));
        var second = link.round(new Round(t1, List.of(job("j2", t1, 3)), List.of(), heartbeats(t1), List.of()));
        var third = link.round(new Round(t2, List.of(job("j3", t2, 1)), List.of(), heartbeats(t2), List.of()));

        assertThat(first).isEmpty();
        assertThat(second).isEmpty();
        assertThat(third).extracting(Placement::jobId).contains("j1", "j2", "j3");
        for (var jobId : List.of("j1", "j2", "j3")) {
            var racks = third.stream().filter(p -> p.jobId().equals(jobId)).map(p -> p.nodeId().charAt(0))
                    .distinct().toList();
            assertThat(racks).as("the nodes of job %s", jobId).hasSize(1);
        }
        assertThat(link.invalidInputs()).isEmpty();
        assertThat(link.refusedJobs()).isEmpty();
    }

    @Test
    void aJobTooLargeForEveryCellIsRefusedByTheRouter() {
        var link = link();
        var t0 = Instant.parse("2026-01-01T00:00:00Z");
        var t1 = t0.plusSeconds(3);
        var t2 = t0.plusSeconds(6);
        // Two rounds of heartbeats: the cells' statuses taken before the second know the nodes.
        link.round(new Round(t0, List.of(), List.of(), heartbeats(t0), List.of()));
        link.round(new Round(t1, List.of(), List.of(), heartbeats(t1), List.of()));
        var group = new PhaseTasks(TaskKind.MAP, 1, 1, 1, 1, new CpuMemory(8, 1), Optional.empty(), 0);
        var huge = new Job("huge", "name", "alice", "default", 0, t2, Optional.empty(), 1, 0, 0, List.of(group));

        link.round(new Round(t2, List.of(huge), List.of(), heartbeats(t2), List.of()));

        assertThat(link.refusedJobs()).singleElement().asString().startsWith("huge: refused: no cell has a node");
    }
}
