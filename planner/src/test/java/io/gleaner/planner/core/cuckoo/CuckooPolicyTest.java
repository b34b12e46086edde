package io.gleaner.planner.core.cuckoo;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static io.gleaner.planner.core.PlannerFixtures.ids;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.mapsOn;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Verdict;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class CuckooPolicyTest {

    @Test
    void shouldTakeJobsOldestFirstAndANodeLocalMapFirst() {
        var cell = new PlannerCell(new CuckooPolicy(false),
                new InMemoryPlannerState());
        // chunk t of "d" on node n1 when t is even, n2 when odd
        cell.onJob(job("old", at(1), mapsOn(4, new ChunkLayout(List.of("n1", "n2"), 0, 1))));
        cell.onJob(job("new", at(2), maps(2)));

        var placed = cell.onHeartbeat(node("n2", at(3), 3, res(16, 64))).placements();

        assertThat(ids(placed)).containsExactly("old/m/1/0", "old/m/3/0", "old/m/0/0");
    }

    @Test
    void shouldPlaceANewJobsInputByTheNodesForecastSpareCpu() {
        // n1 forecast 60% spare, n2 to n7 20%, all of 16 cores at 2 GFLOP/s
        Map<String, Double> spare = Map.of("n1", 0.6, "n2", 0.2, "n3", 0.2, "n4", 0.2, "n5", 0.2, "n6", 0.2,
                "n7", 0.2);
        CapacityOutlook outlook = (nodeId, resource, time) -> resource == CapacityOutlook.Resource.CPU
                && spare.containsKey(nodeId) ? OptionalDouble.of(spare.get(nodeId)) : OptionalDouble.empty();
        var policy = new CuckooPolicy(true);
        var cell = new PlannerCell(policy, new InMemoryPlannerState(), outlook);
        for (var id : spare.keySet()) {
            cell.onHeartbeat(idleNode(id, at(1)));
        }
        cell.onHeartbeat(node("n8", at(1), 8, res(2, 64)));

        var verdict = (Verdict.Applied) cell.onJob(job("j", at(5), maps(300)));

        var placement = verdict.dataPlacement().orElseThrow();
        assertThat(placement.jobId()).isEqualTo("j");
        assertThat(placement.dataset()).isEqualTo("d");
        assertThat(placement.policy()).isEqualTo(PolicyName.CUCKOO);
        assertThat(placement.time()).isEqualTo(at(5));
        // weights 19.2 and 6 x 6.4 GFLOP/s; n8 has no forecast and is weighed by its 2 free cores: 4 GFLOP/s
        var counts = new HashMap<String, Integer>();
        for (long chunk = 100; chunk < 400; chunk++) {
            placement.layout().replicas(chunk).forEach(n -> counts.merge(n, 1, Integer::sum));
        }
        assertThat(counts.get("n1")).isGreaterThan(2 * counts.get("n2"));
        assertThat(counts.get("n8")).isLessThan(counts.get("n2"));
        assertThat(cell.onHeartbeat(idleNode("n2", at(6))).placements())
                .as("the queued job reads its input where it was placed")
                .allSatisfy(p -> assertThat(placement.layout().isLocal(p.chunk().orElseThrow().index(), "n2"))
                        .isTrue());
    }

    @Test
    void shouldLeaveTheInputWhereItWasWrittenBeforeAnyNodeBeatOrWhenToldTo() {
        var first = new PlannerCell(new CuckooPolicy(true), new InMemoryPlannerState());
        assertThat(((Verdict.Applied) first.onJob(job("j", at(5), maps(3)))).dataPlacement()).isEmpty();

        var off = new PlannerCell(new CuckooPolicy(false),
                new InMemoryPlannerState());
        off.onHeartbeat(idleNode("n1", at(1)));
        assertThat(((Verdict.Applied) off.onJob(job("j", at(5), maps(3)))).dataPlacement()).isEmpty();
    }

    @Test
    void shouldPlaceNoReplicaOnALostNode() {
        var policy = new CuckooPolicy(true);
        var cell = new PlannerCell(policy, new InMemoryPlannerState(), CapacityOutlook.NONE, JobHistory.NONE,
                NodeLiveness.defaults());
        cell.onHeartbeat(idleNode("n1", at(0)));
        for (long t = 0; t <= 12; t += 3) {
            cell.onHeartbeat(idleNode("n2", at(t)));
            cell.onHeartbeat(idleNode("n3", at(t)));
        }
        // n1 was last heard at 0 s: n2's heartbeat at 12 s found it silent for more than the 9 s timeout.

        var verdict = (Verdict.Applied) cell.onJob(job("j", at(13), maps(30)));

        var layout = verdict.dataPlacement().orElseThrow().layout();
        var holders = new HashSet<String>();
        for (long chunk = 100; chunk < 130; chunk++) {
            holders.addAll(layout.replicas(chunk));
        }
        assertThat(holders).containsExactlyInAnyOrder("n2", "n3");
    }
}
