package io.gleaner.planner.core.makespan;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.queue;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlanningState;
import java.util.List;
import org.junit.jupiter.api.Test;

class MakespanPolicyTest {

    /** 16 maps of 64 MiB and one reduce: on 8 slots M = 2 waves of ~100 s maps, R ~ 108 s; M &gt; R, the back. */
    private static final Job MAP_HEAVY = job("map-heavy", at(0), maps(16), reduces(1));
    /** One 10 MiB map and 8 reduces: M ~ 16 s &lt;= R ~ 108 s, Johnson's front group. */
    private static final Job REDUCE_HEAVY = job("reduce-heavy", at(1), maps(1), reduces(8));

    @Test
    void johnsonStartsTheJobWithTheShorterMapStageBeforeAnOlderOne() {
        var policy = MakespanPolicy.johnson();

        var placed = policy.place(new PlanningState(idleNode("n1", at(2)), queue(MAP_HEAVY, REDUCE_HEAVY)), at(2))
                .placed();

        assertThat(placed).extracting(Placement::jobId).hasSize(8).first().isEqualTo("reduce-heavy");
        assertThat(placed).extracting(Placement::policy).containsOnly("johnson");
    }

    @Test
    void aJobArrivingDuringABatchWaitsForTheNextOne() {
        var policy = MakespanPolicy.johnson();
        var first = JobProgress.start(MAP_HEAVY);
        policy.place(new PlanningState(idleNode("n1", at(0)), List.of(first)), at(0));

        // reduce-heavy would lead a batch of both (Johnson's front group), but map-heavy's batch is not over.
        var placed = policy.place(new PlanningState(idleNode("n2", at(2)), queue(MAP_HEAVY, REDUCE_HEAVY)), at(2))
                .placed();

        assertThat(placed).extracting(Placement::jobId).first().isEqualTo("map-heavy");
    }

    @Test
    void theNextBatchFormsWhenTheLastJobOfTheBatchHasLeft() {
        var policy = MakespanPolicy.johnson();
        var early = job("early", at(0), maps(1));
        policy.place(new PlanningState(idleNode("n1", at(0)), queue(early)), at(0));

        // early completed (it left the queue); both waiting jobs form the next batch, in Johnson's order.
        var placed = policy.place(new PlanningState(idleNode("n1", at(9)), queue(MAP_HEAVY, REDUCE_HEAVY)), at(9))
                .placed();

        assertThat(placed).extracting(Placement::jobId).first().isEqualTo("reduce-heavy");
    }

    @Test
    void balancedPoolsOnOneNodeKeepsOnePoolInJohnsonsOrder() {
        // One node cannot be split into two pools of whole nodes: BalancedPools falls back to Johnson alone.
        var placed = MakespanPolicy.balancedPools()
                .place(new PlanningState(idleNode("n1", at(2)), queue(MAP_HEAVY, REDUCE_HEAVY)), at(2)).placed();

        assertThat(placed).extracting(Placement::jobId).hasSize(8).first().isEqualTo("reduce-heavy");
        assertThat(placed).extracting(Placement::policy).containsOnly("balanced-pools");
    }
}
