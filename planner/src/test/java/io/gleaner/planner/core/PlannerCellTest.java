package io.gleaner.planner.core;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static io.gleaner.planner.core.PlannerFixtures.ids;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.outcome;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.TaskOutcome.State;
import io.gleaner.planner.core.fifo.FifoPolicy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PlannerCellTest {

    private final InMemoryPlannerState state = new InMemoryPlannerState();
    private final PlannerCell cell = new PlannerCell(new FifoPolicy(), state);

    @Test
    void shouldPlaceOnlyOnHeartbeats() {
        var submitted = cell.onJob(job("j1", at(10), maps(2)));

        var answered = cell.onHeartbeat(idleNode("n1", at(12)));

        assertThat(submitted).isInstanceOf(Verdict.Applied.class);
        assertThat(submitted.placements()).isEmpty();
        assertThat(ids(answered.placements())).containsExactly("j1/m/0/0", "j1/m/1/0");
    }

    @Test
    void shouldNotPlaceATaskTwiceOnLaterHeartbeats() {
        cell.onJob(job("j1", at(10), maps(3)));

        var first = cell.onHeartbeat(node("n1", at(12), 2, res(16, 64)));
        var second = cell.onHeartbeat(idleNode("n2", at(12)));
        var third = cell.onHeartbeat(idleNode("n1", at(15)));

        assertThat(ids(first.placements())).containsExactly("j1/m/0/0", "j1/m/1/0");
        assertThat(ids(second.placements())).containsExactly("j1/m/2/0");
        assertThat(third.placements()).isEmpty();
    }

    @Test
    void shouldServeJobsOldestFirstAndBreakTiesByJobId() {
        cell.onJob(job("j-c", at(20), maps(1)));
        cell.onJob(job("j-b", at(10), maps(1)));
        cell.onJob(job("j-a", at(10), maps(1)));

        var answered = cell.onHeartbeat(idleNode("n1", at(30)));

        assertThat(ids(answered.placements())).containsExactly("j-a/m/0/0", "j-b/m/0/0", "j-c/m/0/0");
    }

    @Test
    void shouldPlaceReducesOnlyAfterAllMapsSucceeded() {
        cell.onJob(job("j1", at(10), maps(2), reduces(1)));
        var mapsPlaced = cell.onHeartbeat(idleNode("n1", at(12))).placements();

        cell.onOutcome(outcome(mapsPlaced.get(0), State.SUCCEEDED, at(13)));
        var oneMapDone = cell.onHeartbeat(idleNode("n1", at(15)));
        cell.onOutcome(outcome(mapsPlaced.get(1), State.SUCCEEDED, at(16)));
        var allMapsDone = cell.onHeartbeat(idleNode("n1", at(18)));

        assertThat(ids(mapsPlaced)).containsExactly("j1/m/0/0", "j1/m/1/0");
        assertThat(oneMapDone.placements()).isEmpty();
        assertThat(ids(allMapsDone.placements())).containsExactly("j1/r/0/0");
    }

    @Test
    void shouldRelaunchKilledAttemptAsNextAttempt() {
        cell.onJob(job("j1", at(10), maps(1)));
        var first = cell.onHeartbeat(idleNode("n1", at(12))).placements().get(0);

        var killed = cell.onOutcome(outcome(first, State.KILLED, at(13)));
        var relaunched = cell.onHeartbeat(idleNode("n2", at(15)));

        assertThat(killed).isEqualTo(Verdict.Applied.NOTHING_PLACED);
        assertThat(ids(relaunched.placements())).containsExactly("j1/m/0/1");
        assertThat(relaunched.placements().get(0).nodeId()).isEqualTo("n2");
    }

    @Test
    void shouldForgetACompletedJobButIgnoreItsLateReports() {
        cell.onJob(job("j1", at(10), maps(1)));
        var placed = cell.onHeartbeat(idleNode("n1", at(12))).placements().get(0);

        cell.onOutcome(outcome(placed, State.SUCCEEDED, at(14)));
        var late = cell.onOutcome(outcome(placed, State.SUCCEEDED, at(15)));

        assertThat(state.job("j1")).isEmpty();
        assertThat(state.queue()).isEmpty();
        assertThat(state.completedAt("j1")).contains(at(14));
        assertThat(late).isEqualTo(new Verdict.Ignored("job j1 already completed at " + at(14)));
    }

    @Test
    void shouldRejectReusingTheIdOfACompletedJob() {
        var job = job("j1", at(10), maps(1));
        cell.onJob(job);
        var placed = cell.onHeartbeat(idleNode("n1", at(12))).placements().get(0);
        cell.onOutcome(outcome(placed, State.SUCCEEDED, at(14)));

        var again = cell.onJob(job);

        assertThat(again).isInstanceOf(Verdict.Invalid.class);
        assertThat(((Verdict.Invalid) again).reason()).startsWith("job j1 already completed at " + at(14));
    }

    @Test
    void shouldIgnoreDuplicateSubmissionWithoutResettingProgress() {
        var job = job("j1", at(10), maps(2));
        cell.onJob(job);
        cell.onHeartbeat(node("n1", at(12), 1, res(16, 64)));

        var duplicate = cell.onJob(job);
        var next = cell.onHeartbeat(node("n1", at(15), 1, res(16, 64)).withRunningAttempts(List.of("j1/m/0/0")));

        assertThat(duplicate).isEqualTo(new Verdict.Ignored("duplicate submission of job j1"));
        assertThat(ids(next.placements())).containsExactly("j1/m/1/0");
    }

    @Test
    void shouldQueueAJobWithItsInputWhereThePolicyPlacedItAndKnowItsDuplicateAsSubmitted() {
        var placed = new ChunkLayout(List.of("n7", "n8", "n9"), 1, 2);
        var placing = new PlacementPolicy() {
            @Override
            public PlacementResult place(PlanningState planning, Instant now) {
                return PlacementResult.EMPTY;
            }

            @Override
            public Optional<InputPlacement> placeInput(Job job, String dataset, CapacityOutlook outlook,
                                                      JobHistory history) {
                return Optional.of(new InputPlacement(job.jobId(), "d", placed, job.submitTime(), PolicyName.CUCKOO));
            }
        };
        var placingCell = new PlannerCell(placing, state);
        var submitted = job("j1", at(10), maps(2));

        var verdict = placingCell.onJob(submitted);

        assertThat(((Verdict.Applied) verdict).dataPlacement()).contains(
                new InputPlacement("j1", "d", placed, at(10), PolicyName.CUCKOO));
        assertThat(state.job("j1").orElseThrow().job().group(TaskKind.MAP).orElseThrow().layout()).contains(placed);
        assertThat(placingCell.onJob(submitted)).isEqualTo(new Verdict.Ignored("duplicate submission of job j1"));
        assertThat(((Verdict.Applied) placingCell.onJob(job("j2", at(11), reduces(1)))).dataPlacement())
                .as("a job without a map dataset has no input to place").isEmpty();
    }

    @Test
    void shouldRejectASecondSubmissionWithDifferentContents() {
        cell.onJob(job("j1", at(10), maps(2)));

        var conflicting = cell.onJob(job("j1", at(10), maps(3)));

        assertThat(conflicting).isEqualTo(
                new Verdict.Invalid("job j1 was already submitted with different contents"));
    }

    @Test
    void shouldRejectOutcomeOfUnknownJob() {
        cell.onHeartbeat(idleNode("n1", at(12)));

        var verdict = cell.onOutcome(outcome("j9", TaskKind.MAP, 0, 0, "n1", State.SUCCEEDED, at(13)));

        assertThat(verdict).isEqualTo(new Verdict.Invalid("unknown job j9"));
    }

    @Test
    void shouldRejectOutcomeFromANodeThatNeverSentAHeartbeat() {
        cell.onJob(job("j1", at(10), maps(1)));
        cell.onHeartbeat(idleNode("n1", at(12)));

        var verdict = cell.onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n7", State.SUCCEEDED, at(13)));

        assertThat(verdict).isEqualTo(new Verdict.Invalid("unknown node n7"));
    }

    @Test
    void shouldRejectOutcomeOfATaskOutOfRange() {
        cell.onJob(job("j1", at(10), maps(2)));
        cell.onHeartbeat(idleNode("n1", at(12)));

        var verdict = cell.onOutcome(outcome("j1", TaskKind.MAP, 5, 0, "n1", State.SUCCEEDED, at(13)));

        assertThat(verdict).isEqualTo(new Verdict.Invalid("task index 5 out of range for the 2 MAP tasks of job j1"));
    }

    @Test
    void shouldRejectOutcomeOfAnAttemptNeverPlaced() {
        cell.onJob(job("j1", at(10), maps(2)));
        cell.onHeartbeat(node("n1", at(12), 1, res(16, 64)));

        var verdict = cell.onOutcome(outcome("j1", TaskKind.MAP, 1, 0, "n1", State.SUCCEEDED, at(13)));

        assertThat(verdict).isEqualTo(new Verdict.Invalid("attempt j1/m/1/0 was never placed"));
        assertThat(state.job("j1").orElseThrow().phase(TaskKind.MAP).hasSucceeded(1)).isFalse();
    }

    @Test
    void shouldRejectHeartbeatWhoseTimeWentBackwards() {
        cell.onJob(job("j1", at(10), maps(1)));
        cell.onHeartbeat(node("n3", at(20), 0, res(0, 0)));

        var verdict = cell.onHeartbeat(idleNode("n3", at(15)));

        assertThat(verdict).isEqualTo(new Verdict.Invalid(
                "time went backwards for node n3: 1970-01-01T00:00:15Z < 1970-01-01T00:00:20Z"));
        assertThat(state.node("n3").orElseThrow().time()).isEqualTo(at(20));
        assertThat(state.job("j1").orElseThrow().phase(TaskKind.MAP).launchedCount()).isZero();
    }

    @Test
    void shouldIgnoreADuplicateHeartbeat() {
        cell.onJob(job("j1", at(10), maps(3)));
        cell.onHeartbeat(node("n1", at(12), 1, res(16, 64)));

        var duplicate = cell.onHeartbeat(node("n1", at(12), 1, res(16, 64)));

        assertThat(duplicate).isInstanceOf(Verdict.Ignored.class);
        assertThat(state.job("j1").orElseThrow().phase(TaskKind.MAP).launchedCount()).isEqualTo(1);
    }

    @Test
    void shouldRunEveryTaskToCompletionPlacingEachAttemptOnce() {
        // given 5 jobs on 3 nodes with 2 slots each, where a seeded coin kills a quarter of the attempts
        var random = new Random(42);
        for (int j = 0; j < 5; j++) {
            cell.onJob(job("j" + j, at(j), maps(1 + j), reduces(j % 2 + 1)));
        }
        var decisionIds = new ArrayList<String>();
        var running = new ArrayList<Placement>();
        var killed = 0;

        // when rounds of heartbeats run, each ending every running attempt before the next round
        for (int round = 1; round <= 200 && !allComplete(); round++) {
            var now = at(100L * round);
            for (var placement : running) {
                var kill = random.nextInt(4) == 0;
                killed += kill ? 1 : 0;
                var verdict = cell.onOutcome(outcome(placement, kill ? State.KILLED : State.SUCCEEDED, now));
                assertThat(verdict).isInstanceOf(Verdict.Applied.class);
                assertThat(verdict.placements()).isEmpty();
            }
            running.clear();
            for (var nodeId : List.of("n1", "n2", "n3")) {
                var placed = cell.onHeartbeat(node(nodeId, now.plusMillis(1), 2, res(16, 64))).placements();
                assertThat(placed).hasSizeLessThanOrEqualTo(2);
                running.addAll(placed);
                placed.forEach(placement -> decisionIds.add(placement.decisionId()));
            }
        }

        // then every job completed, no decision id repeats, and there is one attempt per task plus one per kill
        int tasks = 0;
        for (int j = 0; j < 5; j++) {
            assertThat(state.completedAt("j" + j)).as("j" + j + " completed").isPresent();
            tasks += 1 + j + j % 2 + 1;
        }
        assertThat(new HashSet<>(decisionIds)).hasSameSizeAs(decisionIds);
        assertThat(decisionIds).hasSize(tasks + killed);
        assertThat(killed).isPositive();
    }

    private boolean allComplete() {
        return state.queue().isEmpty() && state.completedAt("j0").isPresent();
    }

    @Test
    void shouldKeepTheQueueInFifoOrder() {
        cell.onJob(job("b", at(5), maps(1)));
        cell.onJob(job("a", at(5), maps(1)));
        cell.onJob(job("z", Instant.ofEpochMilli(4_999), maps(1)));

        assertThat(state.queue()).extracting(JobProgress::jobId).containsExactly("z", "a", "b");
    }

    @Test
    void shouldRefuseAJobWhoseTaskNeedsMoreThanEveryKnownNodeAndPlaceTheNextJob() {
        cell.onHeartbeat(node("n1", at(1), 0, res(0, 0)));
        // n1 has 16 cores: a map of 32 cores could never be placed on the cluster the planner knows
        var huge = cell.onJob(job("huge", at(10), maps(1, res(32, 1))));
        cell.onJob(job("small", at(11), maps(1)));

        var answered = cell.onHeartbeat(idleNode("n1", at(12)));

        assertThat(huge).isInstanceOfSatisfying(Verdict.Refused.class, refused -> {
            assertThat(refused.admission().jobId()).isEqualTo("huge");
            assertThat(refused.admission().accepted()).isFalse();
            assertThat(refused.admission().time()).isEqualTo(at(10));
            assertThat(refused.admission().reason()).hasValueSatisfying(reason -> assertThat(reason)
                    .contains("each MAP task of job huge needs 32.0 cores", "16.0 cores", "not queued"));
        });
        assertThat(state.job("huge")).isEmpty();
        assertThat(ids(answered.placements())).containsExactly("small/m/0/0");
    }

    @Test
    void shouldRefuseAJobThatNoSingleNodeHoldsThoughEachResourceFitsSomeNode() {
        cell.onHeartbeat(new NodeState("cpu-rich", at(1), "r", List.of(), res(64, 16), 2.0, 8, res(64, 16), 8,
                List.of()));
        cell.onHeartbeat(new NodeState("ram-rich", at(1), "r", List.of(), res(8, 256), 2.0, 8, res(8, 256), 8,
                List.of()));

        var both = cell.onJob(job("both", at(10), maps(1, res(32, 128))));
        var cpuOnly = cell.onJob(job("cpu-only", at(10), maps(1, res(32, 8))));
        var ramOnly = cell.onJob(job("ram-only", at(10), reduces(1, res(4, 200))));

        assertThat(both).isInstanceOf(Verdict.Refused.class);
        assertThat(cpuOnly).isInstanceOf(Verdict.Applied.class);
        assertThat(cpuOnly.placements()).isEmpty();
        assertThat(ramOnly).isInstanceOf(Verdict.Applied.class);
        assertThat(ramOnly.placements()).isEmpty();
    }

    @Test
    void shouldRefuseAJobWhoseReducesFitNoNodeEvenThoughItsMapsDo() {
        cell.onHeartbeat(idleNode("n1", at(1)));

        var verdict = cell.onJob(job("j1", at(10), maps(4), reduces(1, res(1, 65))));

        assertThat(verdict).isInstanceOfSatisfying(Verdict.Refused.class, refused -> assertThat(
                refused.admission().reason().orElseThrow()).contains("each REDUCE task of job j1"));
        assertThat(state.queue()).isEmpty();
    }

    @Test
    void shouldRefuseAgainWhenARefusedJobIsSubmittedAgain() {
        cell.onHeartbeat(idleNode("n1", at(1)));
        var first = cell.onJob(job("huge", at(10), maps(1, res(17, 1))));

        var again = cell.onJob(job("huge", at(10), maps(1, res(17, 1))));

        assertThat(again).isEqualTo(first);
    }

    @Test
    void shouldQueueAJobThatFitsNoNodeWhenNoNodeIsKnownYetAndStillPlaceTheJobsAfterIt() {
        var huge = cell.onJob(job("huge", at(10), maps(1, res(32, 1))));
        cell.onJob(job("small", at(11), maps(1)));

        var answered = cell.onHeartbeat(idleNode("n1", at(12)));

        // nothing is known of the cluster at the submission: the job waits; FIFO passes over a task that does not fit
        assertThat(huge).isInstanceOf(Verdict.Applied.class);
        assertThat(huge.placements()).isEmpty();
        assertThat(ids(answered.placements())).containsExactly("small/m/0/0");
        assertThat(answered).isInstanceOfSatisfying(Verdict.Applied.class, applied -> assertThat(applied.rejected())
                .containsExactly(new Rejection("huge", Rejection.Reason.DOES_NOT_FIT)));
    }

    @Test
    void shouldSeeANodeCapacityThatChanged() {
        cell.onHeartbeat(idleNode("n1", at(1)));
        var before = cell.onJob(job("j1", at(10), maps(1, res(32, 1))));
        cell.onHeartbeat(new NodeState("n1", at(20), "r", List.of(), res(48, 64), 2.0, 8, res(48, 64), 8, List.of()));

        var after = cell.onJob(job("j2", at(30), maps(1, res(32, 1))));

        assertThat(before).isInstanceOf(Verdict.Refused.class);
        assertThat(after).isInstanceOf(Verdict.Applied.class);
        assertThat(after.placements()).isEmpty();
    }
}
