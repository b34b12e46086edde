package io.gleaner.planner.core.coshh;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.ids;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.mapsOn;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static io.gleaner.planner.core.PlannerFixtures.running;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.JobOrder;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.LocalityWait;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.PlannerFixtures;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.Rejection;
import io.gleaner.planner.core.Rejection.Reason;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.planner.core.Verdict;
import io.gleaner.planner.core.coshh.CoshhPolicy.ClassSuggestions;
import io.gleaner.planner.core.policies.PolicySettings;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CoshhPolicyTest {

    private static final Duration DELAY = PolicySettings.DEFAULT_LOCALITY_DELAY;

    private static CoshhPolicy coshh(CoshhSettings settings, Set<String> primary, Set<String> secondary,
                                     Pool... pools) {
        var suggestions = ClassSuggestions.of((nodeId, jobId) -> primary.contains(jobId),
                (nodeId, jobId) -> secondary.contains(jobId));
        return new CoshhPolicy(List.of(pools), settings, DELAY, true,
                (node, history, now) -> suggestions);
    }

    private static CoshhPolicy coshh(Set<String> primary, Set<String> secondary, Pool... pools) {
        return coshh(CoshhSettings.defaults(), primary, secondary, pools);
    }

    private static PlanningState state(NodeState node, JobProgress... queue) {
        var sorted = Arrays.stream(queue).sorted((a, b) -> JobOrder.JOBS.compare(a.job(), b.job())).toList();
        return new PlanningState(node, sorted);
    }

    private static NodeState slots(Instant time, int freeSlots) {
        return node("n1", time, freeSlots, res(16, 64));
    }

    @Test
    void shouldServeUsersBelowTheirMinShareBySuggestedClassLargestWeightedDeficitFirstAsPrinted() {
        // alice: min share 4, weight 1, 1 running -> deficit 3 x 1 = 3; bob: min share 3, weight 2, 1 running ->
        // deficit 2 x 2 = 4; carol has no min share. All three jobs' primary classes are suggested here.
        var alice = running(job("a1", "alice", at(10), maps(20)), 1);
        var bob = running(job("b1", "bob", at(20), maps(20)), 1);
        var carol = running(job("c1", "carol", at(5), maps(20)), 0);

        var result = coshh(CoshhSettings.defaults().withLeastSatisfiedFirst(false), Set.of("a1", "b1", "c1"), Set.of(),
                new Pool("alice", 4, 1), new Pool("bob", 3, 2))
                .place(state(slots(at(30), 4), alice, bob, carol), at(30));

        // bob 4 vs alice 3 -> bob (bob now 1 x 2 = 2); alice 3 -> alice (2); alice 2 vs bob 2 -> tie by seeded hash;
        // then the other; carol (min share 0) never takes part in stage 1, and stage 2 suggests nothing.
        assertThat(ids(result.placed()).subList(0, 2)).containsExactly("b1/m/1/0", "a1/m/1/0");
        assertThat(ids(result.placed()).subList(2, 4)).containsExactlyInAnyOrder("a1/m/2/0", "b1/m/2/0");
        assertThat(result.placed()).allSatisfy(placement -> assertThat(placement.policy()).isEqualTo("coshh"));
    }

    @Test
    void shouldServeTheLeastSatisfiedUserBelowHerMinShareFirstNotTheLargestDeficit() {
        // alice: min share 10, 4 running -> 0.4 of it, deficit 6; carol: min share 2, none running -> 0, deficit 2.
        // As printed alice takes both slots (deficit 6, then 5, against 2); least satisfied first, carol goes first,
        // then alice 0.4 against carol's 0.5.
        var alice = running(job("a1", "alice", at(10), maps(20)), 4);
        var carol = running(job("c1", "carol", at(20), maps(20)), 0);
        var pools = new Pool[] {new Pool("alice", 10, 1), new Pool("carol", 2, 1)};

        var leastSatisfied = coshh(Set.of("a1", "c1"), Set.of(), pools)
                .place(state(slots(at(30), 2), alice, carol), at(30));
        var printed = coshh(CoshhSettings.defaults().withLeastSatisfiedFirst(false), Set.of("a1", "c1"), Set.of(),
                pools).place(state(slots(at(30), 2), alice, carol), at(30));

        assertThat(ids(leastSatisfied.placed())).containsExactly("c1/m/0/0", "a1/m/4/0");
        assertThat(ids(printed.placed())).containsExactly("a1/m/4/0", "a1/m/5/0");
    }

    @Test
    void shouldCapTheMinShareAtTheDemandWhenOrderingLeastSatisfiedFirst() {
        // carol: min share 5, 1 running and 1 more to run -> capped at 2, so 0.5 of it; alice 4 of 10, 0.4: alice
        // first. Without the cap carol would be at 1 of 5, 0.2, and first.
        var alice = running(job("a1", "alice", at(10), maps(20)), 4);
        var carol = running(job("c1", "carol", at(20), maps(2)), 1);

        var result = coshh(Set.of("a1", "c1"), Set.of(), new Pool("alice", 10, 1), new Pool("carol", 5, 1))
                .place(state(slots(at(30), 1), alice, carol), at(30));

        assertThat(ids(result.placed())).containsExactly("a1/m/4/0");
    }

    @Test
    void shouldGiveTheRestBySecondaryClassLeastSharePerWeight() {
        // No min shares. alice runs 4 with weight 2 (share 2), bob runs 1 with weight 1 (share 1), carol's job
        // is not suggested in SC' of this node.
        var alice = running(job("a1", "alice", at(10), maps(20)), 4);
        var bob = running(job("b1", "bob", at(20), maps(20)), 1);
        var carol = running(job("c1", "carol", at(5), maps(20)), 0);

        var result = coshh(CoshhSettings.defaults().withWorkConserving(false), Set.of(), Set.of("a1", "b1"),
                new Pool("alice", 0, 2), new Pool("bob", 0, 1))
                .place(state(slots(at(30), 3), alice, bob, carol), at(30));

        // bob 1 < alice 2 -> bob (2); tie 2 = 2 by seeded hash, then the other: one each, carol nothing.
        assertThat(ids(result.placed()).get(0)).isEqualTo("b1/m/1/0");
        assertThat(ids(result.placed())).hasSize(3).doesNotContain("c1/m/0/0")
                .contains("a1/m/4/0");
    }

    @Test
    void shouldLetTheSuggestedClassesChooseAmongAUsersJobsNotAmongUsers() {
        // No min shares. bob runs 4 and has a suggested job; alice runs none and has an old job no node suggests and
        // a newer suggested one; carol runs 3 and has only a job no node suggests. Least share first: alice takes her
        // suggested job first, then her unsuggested one; then carol (3) takes hers, before bob (4).
        var aliceOld = running(job("a1", "alice", at(1), maps(1)), 0);
        var aliceNew = running(job("a2", "alice", at(10), maps(1)), 0);
        var bob = running(job("b1", "bob", at(5), maps(20)), 4);
        var carol = running(job("c1", "carol", at(6), maps(20)), 3);

        var result = coshh(Set.of(), Set.of("a2", "b1"), new Pool("alice", 0, 1), new Pool("bob", 0, 1),
                new Pool("carol", 0, 1))
                .place(state(slots(at(30), 3), aliceOld, aliceNew, bob, carol), at(30));

        assertThat(ids(result.placed())).containsExactly("a2/m/0/0", "a1/m/0/0", "c1/m/3/0");
    }

    @Test
    void shouldGiveAUserBelowHerMinShareAnyJobBeforeStageTwoWhenEveryMinShareFits() {
        // alice (min share 2) has a job no node suggests; bob's is in this node's SC'. The node has 8 slots, so
        // alice's min share fits: she gets both free slots before stage 2 reaches bob.
        var alice = running(job("a1", "alice", at(10), maps(20)), 0);
        var bob = running(job("b1", "bob", at(5), maps(20)), 0);

        var result = coshh(Set.of(), Set.of("b1"), new Pool("alice", 2, 1), new Pool("bob", 0, 1))
                .place(state(slots(at(30), 2), alice, bob), at(30));

        assertThat(ids(result.placed())).containsExactly("a1/m/0/0", "a1/m/1/0");
    }

    @Test
    void shouldLeaveMinSharesToTheSuggestedClassesWhenTheyDoNotAllFitOrTheGuaranteeIsOff() {
        // The same queue; alice's min share of 9 does not fit in the 8 slots known, or the guarantee is off: stage 2
        // serves bob's suggested job first, as Algorithm 2 does.
        var alice = running(job("a1", "alice", at(10), maps(20)), 0);
        var bob = running(job("b1", "bob", at(5), maps(20)), 0);

        // Not work-conserving, so that stage 2 offers only suggested jobs and alice is not served by its fallback.
        var settings = CoshhSettings.defaults().withWorkConserving(false);
        var tooLarge = coshh(settings, Set.of(), Set.of("b1"), new Pool("alice", 9, 1), new Pool("bob", 0, 1))
                .place(state(slots(at(30), 2), alice, bob), at(30));
        var off = coshh(settings.withMinShareGuarantee(false), Set.of(), Set.of("b1"),
                new Pool("alice", 2, 1), new Pool("bob", 0, 1))
                .place(state(slots(at(30), 2), alice, bob), at(30));

        assertThat(ids(tooLarge.placed())).containsExactly("b1/m/0/0", "b1/m/1/0");
        assertThat(ids(off.placed())).containsExactly("b1/m/0/0", "b1/m/1/0");
    }

    @Test
    void shouldCountTheSlotsOfEveryNodeThatHasBeatenForTheGuarantee() {
        // alice's min share of 12 fits only once a second 8-slot node has beaten. Not work-conserving: stage 2's
        // fallback would otherwise serve alice too, by a tie with bob.
        var policy = coshh(CoshhSettings.defaults().withWorkConserving(false), Set.of(), Set.of("b1"),
                new Pool("alice", 12, 1), new Pool("bob", 0, 1));
        var alice = running(job("a1", "alice", at(10), maps(20)), 0);
        var bob = running(job("b1", "bob", at(5), maps(20)), 0);

        var first = policy.place(state(slots(at(30), 1), alice, bob), at(30));
        var second = policy.place(state(node("n2", at(31), 1, res(16, 64)), alice, bob), at(31));

        assertThat(ids(first.placed())).containsExactly("b1/m/0/0");
        assertThat(ids(second.placed())).containsExactly("a1/m/0/0");
    }

    @Test
    void shouldStopCountingALostNodesSlotsForTheGuarantee() {
        // alice's min share of 12 fits in the 16 slots of n1 and n2, not in n2's 8 once n1 is lost (not
        // work-conserving, as above).
        var policy = coshh(CoshhSettings.defaults().withWorkConserving(false), Set.of(), Set.of("b1"),
                new Pool("alice", 12, 1), new Pool("bob", 0, 1));
        var alice = running(job("a1", "alice", at(10), maps(20)), 0);
        var bob = running(job("b1", "bob", at(5), maps(20)), 0);
        policy.place(state(slots(at(30), 0), alice, bob), at(30));
        var both = policy.place(state(node("n2", at(31), 1, res(16, 64)), alice, bob), at(31));

        policy.onNodeLost("n1", at(45));
        var alone = policy.place(state(node("n2", at(46), 1, res(16, 64)), alice, bob), at(46));

        assertThat(ids(both.placed())).containsExactly("a1/m/0/0");
        assertThat(ids(alone.placed())).containsExactly("b1/m/0/0");
    }

    @Test
    void shouldNotOfferJobsOlderThanTheOldestClassifiedOneInTheSuggestedStages() {
        // Both jobs answer "suggested", but a1 is older than where both classifications start: stages 1 and 2 start
        // at b1, and a1 is served only by the last stage, once b1 has nothing left to launch.
        var old = running(job("a1", "alice", at(5), maps(1)), 0);
        var classified = running(job("b1", "alice", at(10), maps(1)), 0);
        var from = JobOrder.key(classified.job());
        var suggestions = ClassSuggestions.of((nodeId, jobId) -> true, (nodeId, jobId) -> true, () -> from,
                () -> from);
        var policy = new CoshhPolicy(List.of(new Pool("alice", 1, 1)), CoshhSettings.defaults(), DELAY, true,
                (node, history, now) -> suggestions);

        var result = policy.place(state(slots(at(30), 2), old, classified), at(30));

        assertThat(ids(result.placed())).containsExactly("b1/m/0/0", "a1/m/0/0");
    }

    @Test
    void shouldLeaveSlotsIdleWithoutSuggestedJobsOnlyWhenNotWorkConserving() {
        var carol = running(job("c1", "carol", at(5), maps(20)), 0);

        var strict = coshh(CoshhSettings.defaults().withWorkConserving(false), Set.of(), Set.of())
                .place(state(slots(at(30), 2), carol), at(30));
        var conserving = coshh(Set.of(), Set.of()).place(state(slots(at(30), 2), carol), at(30));

        assertThat(strict.placed()).isEmpty();
        assertThat(ids(conserving.placed())).containsExactly("c1/m/0/0", "c1/m/1/0");
    }

    @Test
    void shouldPreferANodeLocalMapWithoutWaitingForOneWithoutDelayScheduling() {
        // Chunks on n1 are the tasks t with t mod 2 = 0; a second job has nothing on n1.
        var layout = new ChunkLayout(List.of("n1", "n2"), 0, 1);
        var local = running(job("a1", "alice", at(10), mapsOn(6, layout)), 0);
        var remote = running(job("b1", "bob", at(20), mapsOn(1, new ChunkLayout(List.of("n2"), 0, 1))), 0);

        var result = coshh(CoshhSettings.defaults().withDelayScheduling(false), Set.of(), Set.of("a1", "b1"),
                new Pool("alice", 0, 1), new Pool("bob", 0, 1))
                .place(state(slots(at(30), 4), local, remote), at(30));

        assertThat(ids(result.placed())).contains("a1/m/0/0", "a1/m/2/0", "b1/m/0/0");
        assertThat(result.rejected()).isEmpty();
        assertThat(result.localityWaits()).isEmpty();
    }

    @Test
    void shouldLetAJobWithoutInputHereWaitTheLocalityDelayThenRunAnywhere() {
        // b1's only chunk is on n2; n1 asks. alice's a1 has chunks on n1 and takes what b1 passes up.
        var remote = running(job("b1", "bob", at(20), mapsOn(1, new ChunkLayout(List.of("n2"), 0, 1))), 0);
        var local = running(job("a1", "alice", at(10), mapsOn(6, new ChunkLayout(List.of("n1", "n2"), 0, 1))), 0);
        var pools = new Pool[] {new Pool("alice", 0, 1), new Pool("bob", 0, 2)};

        var first = coshh(Set.of(), Set.of("a1", "b1"), pools).place(state(slots(at(30), 1), remote, local), at(30));
        var waited = remote.withLocalityWait(Optional.of(at(30)));
        var justBefore = at(30).plus(DELAY).minusMillis(1);
        var before = coshh(Set.of(), Set.of("b1"), pools)
                .place(state(slots(justBefore, 1), waited), justBefore);
        var delayLater = at(30).plus(DELAY);
        var after = coshh(Set.of(), Set.of("b1"), pools).place(state(slots(delayLater, 1), waited), delayLater);

        // bob (weight 2) comes first at 0 running each, but b1 waits; alice's local map takes the slot.
        assertThat(ids(first.placed())).containsExactly("a1/m/0/0");
        assertThat(first.rejected()).containsOnly(new Rejection("b1", Reason.WAITING_FOR_LOCALITY));
        assertThat(first.localityWaits()).containsExactly(new LocalityWait("b1", Optional.of(at(30))));
        assertThat(before.placed()).isEmpty();
        assertThat(ids(after.placed())).containsExactly("b1/m/0/0");
    }

    @Test
    void shouldBreakTiesTheSameWayForTheSameSeedAndDifferentlyAcrossSeeds() {
        var users = IntStream.range(0, 8).mapToObj(i -> running(job("j" + i, "u" + i, at(i), maps(4)), 0))
                .toArray(JobProgress[]::new);
        var all = Arrays.stream(users).map(progress -> progress.job().jobId()).collect(java.util.stream.Collectors.toSet());

        var first = coshh(CoshhSettings.defaults().withSeed(1), Set.of(), all)
                .place(state(slots(at(30), 1), users), at(30));
        var again = coshh(CoshhSettings.defaults().withSeed(1), Set.of(), all)
                .place(state(slots(at(30), 1), users), at(30));
        var winners = IntStream.range(0, 16).mapToObj(seed -> ids(coshh(CoshhSettings.defaults().withSeed(seed),
                Set.of(), all).place(state(slots(at(30), 1), users), at(30)).placed()).get(0))
                .collect(java.util.stream.Collectors.toSet());

        assertThat(ids(first.placed())).isEqualTo(ids(again.placed()));
        assertThat(winners).hasSizeGreaterThan(1);
    }

    @Test
    void shouldKeepItsLedgerThroughTheCellAndRebuildItTheSameAfterARestart() {
        // alice has a min share of 3 and runs jobs of 4 maps; bob none. Heartbeat 1 places, outcomes end some
        // attempts and complete a job, heartbeat 2 places again: its choices depend on the running counts the
        // policy learnt from the cell in between (onProgress).
        var all = Set.of("a1", "a2", "b1", "b2");
        var pools = new Pool[] {new Pool("alice", 3, 1), new Pool("bob", 0, 1)};
        var kept = new InMemoryPlannerState();
        var keptCell = new PlannerCell(coshh(all, all, pools), kept);
        var restarted = new InMemoryPlannerState();
        var beforeRestart = new PlannerCell(coshh(all, all, pools), restarted);
        var stillRunning = new java.util.ArrayList<String>();
        for (var cell : List.of(keptCell, beforeRestart)) {
            cell.onJob(job("a1", "alice", at(1), maps(4)));
            cell.onJob(job("b1", "bob", at(2), maps(4)));
            cell.onJob(job("a2", "alice", at(3), maps(4)));
            cell.onJob(job("b2", "bob", at(4), maps(4)));
            var first = cell.onHeartbeat(slots(at(10), 6)).placements();
            for (var placement : first.subList(0, 4)) {
                cell.onOutcome(PlannerFixtures.outcome(placement, TaskOutcome.State.SUCCEEDED, at(12)));
            }
            stillRunning.clear();
            stillRunning.addAll(ids(first.subList(4, first.size())));
        }
        var afterRestart = new PlannerCell(coshh(all, all, pools), restarted);

        // The node lists the attempts it still runs, so that none of its 5 free slots is held for them.
        var continued = keptCell.onHeartbeat(slots(at(20), 5).withRunningAttempts(stillRunning)).placements();
        var rebuilt = afterRestart.onHeartbeat(slots(at(20), 5).withRunningAttempts(stillRunning)).placements();

        assertThat(ids(rebuilt)).isEqualTo(ids(continued)).hasSize(5);
    }

    @Test
    void shouldPutANewJobsInputOnTheNodesThatSuggestItsClassOnceANodeHasBeaten() {
        var pools = List.of(new Pool("alice", 2, 1), new Pool("bob", 0, 1));
        var policy = new CoshhPolicy(pools, CoshhSettings.defaults(), DELAY, true);
        var cell = new PlannerCell(policy, new InMemoryPlannerState());
        var before = (Verdict.Applied) cell.onJob(job("a0", "alice", at(1), maps(4)));
        for (int i = 1; i <= 6; i++) {
            cell.onHeartbeat(new NodeState("n" + i, at(2), "rack-1", List.of(), res(4 * i, 64), i, 4 * i,
                    res(4 * i, 64), 4 * i, List.of()));
        }

        var placed = ((Verdict.Applied) cell.onJob(job("b1", "bob", at(5), maps(40)))).dataPlacement();

        assertThat(before.dataPlacement()).as("no node, no class").isEmpty();
        var layout = placed.orElseThrow().layout();
        assertThat(placed.get().policy()).isEqualTo(PolicyName.COSHH);
        // asked again, the queuing process has the job already and answers from the same plans
        var suggested = policy.queueing().orElseThrow().suggestedNodes(job("b1", "bob", at(5), maps(40)),
                JobHistory.NONE).orElseThrow().suggested();
        assertThat(suggested).isNotEmpty();
        if (suggested.size() >= ChunkLayout.DEFAULT_REPLICATION) {
            assertThat(suggested).containsAll(layout.nodes());
        } else {
            assertThat(layout.nodes()).containsAll(suggested).hasSize(ChunkLayout.DEFAULT_REPLICATION);
        }
    }

    @Test
    void shouldPlaceNothingOnAFullNode() {
        var alice = running(job("a1", "alice", at(10), maps(20)), 0);

        var result = coshh(Set.of("a1"), Set.of("a1"), new Pool("alice", 4, 1))
                .place(state(slots(at(30), 0), alice), at(30));

        assertThat(result.placed()).isEmpty();
    }
}
