package io.gleaner.planner.core.fair;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static io.gleaner.planner.core.PlannerFixtures.ids;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.map;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.mapsOn;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.outcome;
import static io.gleaner.planner.core.PlannerFixtures.placed;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static io.gleaner.planner.core.PlannerFixtures.running;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.JobOrder;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.LocalityWait;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.Rejection;
import io.gleaner.planner.core.Rejection.Reason;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome.State;
import io.gleaner.planner.core.policies.PolicySettings;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FairPolicyTest {

    /** Three nodes, one replica per chunk: chunk t is on n1 when t mod 3 = 0, n2 when 1, n3 when 2. */
    private static final ChunkLayout ONE_REPLICA_ON_N1_N2_N3 = new ChunkLayout(List.of("n1", "n2", "n3"), 0, 1);

    private static FairPolicy fair(Pool... pools) {
        return new FairPolicy(List.of(pools), PolicySettings.DEFAULT_LOCALITY_DELAY);
    }

    private static PlanningState state(NodeState node, JobProgress... queue) {
        var sorted = Arrays.stream(queue).sorted((a, b) -> JobOrder.JOBS.compare(a.job(), b.job())).toList();
        return new PlanningState(node, sorted);
    }

    private static NodeState slots(String nodeId, Instant time, int freeSlots) {
        return node(nodeId, time, freeSlots, res(16, 64));
    }

    @Test
    void shouldServePoolsBelowTheirMinShareFirstLeastSatisfiedFirst() {
        // alice: min share 4, 2 running; bob: min share 2, none running; carol: unlisted (min share 0, weight 1)
        var alice = running(job("a1", "alice", at(10), maps(20)), 2);
        var bob = JobProgress.start(job("b1", "bob", at(20), maps(20)));
        var carol = JobProgress.start(job("c1", "carol", at(5), maps(20)));

        var result = fair(new Pool("alice", 4, 1), new Pool("bob", 2, 1))
                .place(state(slots("n9", at(30), 5), alice, bob, carol), at(30));

        // running / min share before each placement, needy pools only (carol is never needy):
        //   alice 2/4, bob 0/2 -> bob;   alice 2/4, bob 1/2 -> tie, alice by name;
        //   alice 3/4, bob 1/2 -> bob;   alice 3/4 (bob 2/2 no longer needy) -> alice;
        // then none is needy; running / weight: alice 4, bob 2, carol 0 -> carol
        assertThat(ids(result.placed())).containsExactly("b1/m/0/0", "a1/m/2/0", "b1/m/1/0", "a1/m/3/0", "c1/m/0/0");
        assertThat(result.rejected()).isEmpty();
        assertThat(result.localityWaits()).isEmpty();
        assertThat(result.placed()).extracting(Placement::policy).containsOnly("fair");
    }

    @Test
    void shouldShareWhatIsBeyondMinSharesInProportionToWeights() {
        var alice = JobProgress.start(job("a1", "alice", at(10), maps(20)));
        var bob = JobProgress.start(job("b1", "bob", at(5), maps(20)));

        var result = fair(new Pool("alice", 0, 2), new Pool("bob", 0, 1))
                .place(state(slots("n9", at(30), 6), alice, bob), at(30));

        // running / weight (alice, bob) before each placement: (0, 0) tie -> alice by name; (0.5, 0) -> bob;
        // (0.5, 1) -> alice; (1, 1) tie -> alice; (1.5, 1) -> bob; (1.5, 2) -> alice. Alice 4, bob 2: 2 to 1.
        assertThat(result.placed()).extracting(Placement::jobId)
                .containsExactly("a1", "b1", "a1", "a1", "b1", "a1");
    }

    @Test
    void shouldBreakTiesByUserNameAndServeAPoolsJobsOldestFirst() {
        var zed = JobProgress.start(job("z1", "zed", at(1), maps(5)));
        var amyOld = JobProgress.start(job("a1", "amy", at(20), maps(1)));
        var amyNew = JobProgress.start(job("a2", "amy", at(30), maps(5)));

        var result = fair().place(state(slots("n9", at(40), 3), zed, amyNew, amyOld), at(40));

        // amy and zed both run 0: amy by name, her oldest job; then zed (0 < 1); then 1 = 1, amy by name, whose
        // oldest job has no map left, so her next job
        assertThat(ids(result.placed())).containsExactly("a1/m/0/0", "z1/m/0/0", "a2/m/0/0");
    }

    @Test
    void shouldCapAMinShareAtThePoolsDemandAsHadoopDoes() {
        // alice: min share 10 but demand 2 (1 running + 1 runnable), so she is owed 2: ratio 1/2.
        // bob: min share 4, demand 6 (1 running + 5 runnable): ratio 1/4. Bob is further from his share.
        var alice = running(job("a1", "alice", at(10), maps(2)), 1);
        var bob = running(job("b1", "bob", at(20), maps(6)), 1);

        var result = fair(new Pool("alice", 10, 1), new Pool("bob", 4, 1))
                .place(state(slots("n9", at(30), 1), alice, bob), at(30));

        assertThat(ids(result.placed())).containsExactly("b1/m/1/0");
    }

    @Test
    void shouldCountRunningAttemptsOfEveryJobOfAPool() {
        // alice runs 3 over two jobs, bob 2: bob is served first although alice's jobs are older
        var alice1 = running(job("a1", "alice", at(1), maps(4)), 2);
        var alice2 = running(job("a2", "alice", at(2), maps(4)), 1);
        var bob = running(job("b1", "bob", at(3), maps(4)), 2);

        var result = fair().place(state(slots("n9", at(30), 1), alice1, alice2, bob), at(30));

        assertThat(ids(result.placed())).containsExactly("b1/m/2/0");
    }

    @Test
    void shouldPassOverAJobWithoutAMapOnTheNodeAndStartItsWait() {
        // a1's chunks are on n1 and n2; n3 asks. b1 has no layout, so no locality preference.
        var local = JobProgress.start(job("a1", "alice", at(10), mapsOn(2, ONE_REPLICA_ON_N1_N2_N3)));
        var anywhere = JobProgress.start(job("b1", "bob", at(20), maps(1)));

        var result = fair().place(state(slots("n3", at(30), 2), local, anywhere), at(30));

        assertThat(ids(result.placed())).containsExactly("b1/m/0/0");
        assertThat(result.rejected()).containsExactly(new Rejection("a1", Reason.WAITING_FOR_LOCALITY));
        assertThat(result.localityWaits()).containsExactly(new LocalityWait("a1", Optional.of(at(30))));
    }

    @Test
    void shouldKeepWaitingUntilTheLocalityDelayHasPassed() {
        var waiting = JobProgress.start(job("a1", "alice", at(10), mapsOn(2, ONE_REPLICA_ON_N1_N2_N3)))
                .withLocalityWait(Optional.of(at(30)));
        var justBefore = at(30).plus(PolicySettings.DEFAULT_LOCALITY_DELAY).minusMillis(1);

        var result = fair().place(state(slots("n3", justBefore, 2), waiting), justBefore);

        assertThat(result.placed()).isEmpty();
        assertThat(result.rejected()).containsExactly(new Rejection("a1", Reason.WAITING_FOR_LOCALITY));
        assertThat(result.localityWaits()).as("still waiting since 30 s: no change").isEmpty();
    }

    @Test
    void shouldLaunchMapsAnywhereOnceTheJobHasWaitedTheLocalityDelay() {
        var waiting = JobProgress.start(job("a1", "alice", at(10), mapsOn(2, ONE_REPLICA_ON_N1_N2_N3)))
                .withLocalityWait(Optional.of(at(30)));
        var delayLater = at(30).plus(PolicySettings.DEFAULT_LOCALITY_DELAY);

        var result = fair().place(state(slots("n3", delayLater, 2), waiting), delayLater);

        // neither map is local to n3: both go, by index, and the wait stays so later ones may go anywhere too
        assertThat(ids(result.placed())).containsExactly("a1/m/0/0", "a1/m/1/0");
        assertThat(result.rejected()).isEmpty();
        assertThat(result.localityWaits()).isEmpty();
    }

    @Test
    void shouldPreferALocalMapAndResetTheWaitWhenItLaunchesOne() {
        // a1 waited since 30 s and may go anywhere, but n2 holds map 1's chunk: map 1 goes before map 0
        var waiting = JobProgress.start(job("a1", "alice", at(10), mapsOn(3, ONE_REPLICA_ON_N1_N2_N3)))
                .withLocalityWait(Optional.of(at(30)));

        var result = fair().place(state(slots("n2", at(60), 1), waiting), at(60));

        assertThat(ids(result.placed())).containsExactly("a1/m/1/0");
        assertThat(result.localityWaits()).containsExactly(new LocalityWait("a1", Optional.empty()));
    }

    @Test
    void shouldStartWaitingWhenTheNodesLocalMapsRunOutWithinAHeartbeat() {
        // 4 maps on [n1, n2]: maps 0 and 2 on n1, 1 and 3 on n2
        var layout = new ChunkLayout(List.of("n1", "n2"), 0, 1);
        var progress = JobProgress.start(job("a1", "alice", at(10), mapsOn(4, layout)));

        var result = fair().place(state(slots("n1", at(30), 3), progress), at(30));

        assertThat(ids(result.placed())).containsExactly("a1/m/0/0", "a1/m/2/0");
        assertThat(result.rejected()).containsExactly(new Rejection("a1", Reason.WAITING_FOR_LOCALITY));
        assertThat(result.localityWaits()).containsExactly(new LocalityWait("a1", Optional.of(at(30))));
    }

    @Test
    void shouldNotWaitForLocalityOnceEveryMapIsPlaced() {
        // both maps are on n1; n1 has a third slot, but the job has nothing left to wait for
        var progress = JobProgress.start(job("a1", "alice", at(10), mapsOn(2, new ChunkLayout(List.of("n1"), 0, 1))));

        var result = fair().place(state(slots("n1", at(30), 3), progress), at(30));

        assertThat(ids(result.placed())).containsExactly("a1/m/0/0", "a1/m/1/0");
        assertThat(result.rejected()).isEmpty();
        assertThat(result.localityWaits()).isEmpty();
    }

    @Test
    void shouldRelaunchAKilledMapWhereItsChunkIsBeforeTheDelay() {
        // all three maps launched; map 0 (chunk on n1) was killed and waits for attempt 1
        var job = job("a1", "alice", at(10), mapsOn(3, ONE_REPLICA_ON_N1_N2_N3));
        var progress = placed(job, map(job, 0, 0), map(job, 1, 0), map(job, 2, 0))
                .onOutcome(outcome("a1", TaskKind.MAP, 0, 0, "n1", State.KILLED, at(20)));

        var onN2 = fair().place(state(slots("n2", at(30), 1), progress), at(30));
        var onN1 = fair().place(state(slots("n1", at(30), 1), progress), at(30));

        assertThat(onN2.placed()).isEmpty();
        assertThat(onN2.rejected()).containsExactly(new Rejection("a1", Reason.WAITING_FOR_LOCALITY));
        assertThat(ids(onN1.placed())).containsExactly("a1/m/0/1");
    }

    @Test
    void shouldPlaceReducesAnywhere() {
        var job = job("a1", "alice", at(10), mapsOn(1, ONE_REPLICA_ON_N1_N2_N3), reduces(2));
        var mapsDone = placed(job, map(job, 0, 0))
                .onOutcome(outcome("a1", TaskKind.MAP, 0, 0, "n1", State.SUCCEEDED, at(20)));

        var result = fair().place(state(slots("n3", at(30), 4), mapsDone), at(30));

        assertThat(ids(result.placed())).containsExactly("a1/r/0/0", "a1/r/1/0");
        assertThat(result.rejected()).isEmpty();
        assertThat(result.localityWaits()).isEmpty();
    }

    @Test
    void shouldNotWaitWithAZeroLocalityDelay() {
        var progress = JobProgress.start(job("a1", "alice", at(10), mapsOn(2, ONE_REPLICA_ON_N1_N2_N3)));
        var noDelay = new FairPolicy(List.of(), Duration.ZERO);

        var result = noDelay.place(state(slots("n3", at(30), 1), progress), at(30));

        assertThat(ids(result.placed())).containsExactly("a1/m/0/0");
        assertThat(result.rejected()).isEmpty();
        // With delay scheduling off there is no wait to keep: nothing to store with the job.
        assertThat(result.localityWaits()).isEmpty();
    }

    @Test
    void shouldPlaceNoMoreThanTheNodesFreeSlots() {
        var alice = JobProgress.start(job("a1", "alice", at(10), maps(5)));
        var bob = JobProgress.start(job("b1", "bob", at(20), maps(5)));

        var result = fair().place(state(slots("n9", at(30), 3), alice, bob), at(30));

        assertThat(ids(result.placed())).containsExactly("a1/m/0/0", "b1/m/0/0", "a1/m/1/0");
    }

    @Test
    void shouldPassOverAJobWhoseTaskDoesNotFitAndServeTheNextPool() {
        // alice is served first (by name) but her maps need 32 cores; bob's fit
        var big = JobProgress.start(job("a1", "alice", at(10), maps(2, res(32, 1))));
        var small = JobProgress.start(job("b1", "bob", at(20), maps(2, res(1, 1))));

        var result = fair().place(state(idleNode("n9", at(30)), big, small), at(30));

        assertThat(ids(result.placed())).containsExactly("b1/m/0/0", "b1/m/1/0");
        assertThat(result.rejected()).containsExactly(new Rejection("a1", Reason.DOES_NOT_FIT));
    }

    @Test
    void shouldStopWhenTheNodesSpareRamFitsNoTask() {
        // 4 free slots but 2 GiB of spare RAM: after two maps of 1 GiB no task of the queue fits, so the
        // heartbeat ends there without passing anyone over
        var alice = JobProgress.start(job("a1", "alice", at(10), maps(5)));
        var bob = JobProgress.start(job("b1", "bob", at(20), maps(5)));

        var result = fair().place(state(node("n9", at(30), 4, res(16, 2)), alice, bob), at(30));

        assertThat(ids(result.placed())).containsExactly("a1/m/0/0", "b1/m/0/0");
        assertThat(result.rejected()).isEmpty();
    }

    @Test
    void shouldAnswerAFullNodeWithoutLookingAtTheQueue() {
        var waiting = JobProgress.start(job("a1", "alice", at(10), mapsOn(2, ONE_REPLICA_ON_N1_N2_N3)));

        var noSlot = fair().place(state(node("n3", at(30), 0, res(16, 64)), waiting), at(30));
        var noRam = fair().place(state(node("n3", at(30), 4, res(16, 0)), waiting), at(30));

        assertThat(noSlot).isEqualTo(PlacementResult.EMPTY);
        assertThat(noRam).isEqualTo(PlacementResult.EMPTY);
    }

    @Test
    void shouldKeepTheWaitInTheJobsProgressAcrossHeartbeats() {
        // the cell stores what the policy decides: skipped at 10 s and 13 s, remote at 16 s (6 s >= 4.5 s),
        // local at 19 s, which ends the wait
        var state = new InMemoryPlannerState();
        var cell = new PlannerCell(fair(), state);
        cell.onJob(job("a1", "alice", at(1), mapsOn(3, ONE_REPLICA_ON_N1_N2_N3)));

        var first = cell.onHeartbeat(node("n9", at(10), 1, res(16, 64)));
        var waitAfterFirst = state.job("a1").orElseThrow().localityWaitSince();
        var second = cell.onHeartbeat(node("n9", at(13), 1, res(16, 64)));
        var third = cell.onHeartbeat(node("n9", at(16), 1, res(16, 64)));
        var waitAfterRemote = state.job("a1").orElseThrow().localityWaitSince();
        var fourth = cell.onHeartbeat(node("n2", at(19), 1, res(16, 64)));

        assertThat(first.placements()).isEmpty();
        assertThat(waitAfterFirst).contains(at(10));
        assertThat(second.placements()).isEmpty();
        assertThat(ids(third.placements())).containsExactly("a1/m/0/0");
        assertThat(waitAfterRemote).contains(at(10));
        assertThat(ids(fourth.placements())).containsExactly("a1/m/1/0");
        assertThat(state.job("a1").orElseThrow().localityWaitSince()).isEmpty();
    }
}
