package io.gleaner.planner.core.adaptive;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.ids;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.mapsOn;
import static io.gleaner.planner.core.PlannerFixtures.outcome;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.OnlineMean;
import io.gleaner.classifier.estimate.Phase;
import io.gleaner.classifier.estimate.PhaseNode;
import io.gleaner.classifier.estimate.SampleCounts;
import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobOrder;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.Rejection;
import io.gleaner.planner.core.Rejection.Reason;
import io.gleaner.planner.core.TaskOutcome.State;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class AdaptivePolicyTest {

    /** Every chunk's only replica is on n1. */
    private static final ChunkLayout ALL_ON_N1 = new ChunkLayout(List.of("n1"), 0, 1);

    private static Job job(String id, long submit, Long goal, PhaseTasks... groups) {
        return new Job(id, "name-" + id, "alice", "default", 0, at(submit),
                goal == null ? Optional.empty() : Optional.of(at(goal)), 1000, 0, 0, List.of(groups));
    }

    private static NodeState node(String id, Instant time, int slots, String... labels) {
        return new NodeState(id, time, "rack-1", List.of(labels), res(64, 256), 2.0, slots, res(64, 256), slots,
                List.of());
    }

    /** A heartbeat of a node of one slot, busy. */
    private static NodeState busy(String id, Instant time, String... labels) {
        return new NodeState(id, time, "rack-1", List.of(labels), res(64, 256), 2.0, 1, res(64, 256), 0, List.of());
    }

    private static PlacementResult offer(AdaptivePolicy policy, NodeState node, JobProgress... queue) {
        var sorted = Arrays.stream(queue).sorted((a, b) -> JobOrder.JOBS.compare(a.job(), b.job())).toList();
        return policy.place(new PlanningState(node, sorted), node.time());
    }

    private static AdaptivePolicy policy(int maxDelays) {
        return new AdaptivePolicy(new AdaptiveSettings(maxDelays, "", 1.5, 1.0));
    }

    /** Runs one map of {@code job} on {@code node} at {@code start}; it succeeds at {@code end}, when a node beats. */
    private static JobProgress completeOneMap(AdaptivePolicy policy, JobProgress progress, NodeState node,
                                              long end) {
        var placed = offer(policy, node, progress).placed();
        assertThat(placed).hasSize(1);
        var running = progress.withPlaced(placed.get(0));
        policy.onProgress(Optional.of(progress), Optional.of(running));
        var done = running.onOutcome(outcome(placed.get(0), State.SUCCEEDED, at(end)));
        policy.onProgress(Optional.of(running), Optional.of(done));
        offer(policy, busy(node.nodeId(), at(end)), done);
        return done;
    }

    @Test
    void aJobWithItsSlotsShouldPassOverANodeWithoutItsDataUpToMaxDelaysThenRunThere() {
        var policy = policy(3);
        var remote = JobProgress.start(job("a", 0, null, mapsOn(10, ALL_ON_N1)));
        var other = JobProgress.start(job("b", 1, null, maps(10)));
        for (int offer = 1; offer <= 3; offer++) {
            var result = offer(policy, node("n2", at(offer * 3L), 1), remote, other);
            assertThat(ids(result.placed())).as("offer %d", offer).containsExactly("b/m/" + (offer - 1) + "/0");
            assertThat(result.rejected()).containsExactly(new Rejection("a", Reason.WAITING_FOR_LOCALITY));
            other = other.withPlaced(result.placed().get(0));
        }
        var fourth = offer(policy, node("n2", at(12), 1), remote, other);
        assertThat(ids(fourth.placed())).containsExactly("a/m/0/0");
        assertThat(fourth.rejected()).isEmpty();
    }

    @Test
    void aJobWithItsDataOnTheNodeShouldRunThereWithoutWaiting() {
        var result = offer(policy(3), node("n1", at(3), 1), JobProgress.start(job("a", 0, null,
                mapsOn(10, ALL_ON_N1))), JobProgress.start(job("b", 1, null, maps(10))));
        assertThat(ids(result.placed())).containsExactly("a/m/0/0");
    }

    @Test
    void aJobWithAGoalAndNoEstimateYetShouldNotBeDeferred() {
        var result = offer(policy(3), node("n2", at(3), 1),
                JobProgress.start(job("a", 0, 1000L, mapsOn(10, ALL_ON_N1))),
                JobProgress.start(job("b", 1, null, maps(10))));
        assertThat(ids(result.placed())).containsExactly("a/m/0/0");
        assertThat(result.rejected()).isEmpty();
    }

    @Test
    void withoutDelaysAJobShouldRunRemotelyAtOnce() {
        var result = offer(policy(0), node("n2", at(3), 1),
                JobProgress.start(job("a", 0, null, mapsOn(10, ALL_ON_N1))),
                JobProgress.start(job("b", 1, null, maps(10))));
        assertThat(ids(result.placed())).containsExactly("a/m/0/0");
    }

    @Test
    void aJobAloneShouldRunRemotelyRatherThanLeaveTheSlotIdle() {
        var result = offer(policy(3), node("n2", at(3), 1),
                JobProgress.start(job("a", 0, null, mapsOn(10, ALL_ON_N1))));
        assertThat(ids(result.placed())).containsExactly("a/m/0/0");
    }

    @Test
    void slotsShouldGoByEq1FromTheObservedTaskLengthsUntilTheNeedsCross() {
        var policy = policy(0);
        var loose = completeOneMap(policy, JobProgress.start(job("x", 0, 1000L, maps(20))), node("n1", at(0), 1), 100);
        var tight = completeOneMap(policy, JobProgress.start(job("y", 0, 300L, maps(20))), node("n2", at(0), 1), 100);

        // at 100 s, mu = 100 s for both: x needs 19 * 100 / 900 = 2.11 slots, y 19 * 100 / 200 = 9.5
        var result = offer(policy, node("n3", at(100), 9), loose, tight);

        // y keeps the slot while 9.5 - k > 2.11: eight launches; the ninth goes to x
        assertThat(result.placed()).extracting(Placement::jobId)
                .containsExactly("y", "y", "y", "y", "y", "y", "y", "y", "x");
    }

    @Test
    void aJobWhoseNameRanBeforeShouldBeEstimatedFromItsProfileBeforeItsOwnTasksComplete() {
        // 100 s maps in the profile: 20 maps within 300 s need 6.67 slots, so h is needy, not without data
        var means = new TreeMap<PhaseNode, OnlineMean>();
        means.put(new PhaseNode(Phase.MAP, "any"), new OnlineMean(4, 100_000));
        var profile = new JobProfile("name-h", 1, 90_000, 100_000, 110_000, 64L << 20, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                means, new SampleCounts(4, 0, 0, 0));
        var known = JobProgress.start(job("h", 0, 300L, maps(20)));
        var fresh = JobProgress.start(job("n", 1, 300L, maps(20)));
        var node = node("n1", at(0), 1);
        var queue = List.of(known, fresh);

        var withHistory = policy(0).place(new PlanningState(node, queue, res(1, 1), CapacityOutlook.NONE,
                name -> name.equals("name-h") ? Optional.of(profile) : Optional.empty()), node.time());
        var without = policy(0).place(new PlanningState(node, queue), node.time());

        assertThat(ids(withHistory.placed())).containsExactly("n/m/0/0");
        assertThat(ids(without.placed())).containsExactly("h/m/0/0");
    }

    @Test
    void aJobPastItsGoalShouldComeBeforeOneThatNeedsMore() {
        var policy = policy(0);
        var late = completeOneMap(policy, JobProgress.start(job("late", 0, 50L, maps(5))), node("n1", at(0), 1), 100);
        var needy = completeOneMap(policy, JobProgress.start(job("n", 0, 200L, maps(40))), node("n2", at(0), 1), 100);
        var result = offer(policy, node("n3", at(100), 1), needy, late);
        assertThat(ids(result.placed())).containsExactly("late/m/1/0");
    }

    @Test
    void hardwareAffinityShouldCalibrateOnEachPoolThenSpillAnAccelerableJobOnlyWhenTheAcceleratorsAreShort() {
        var settings = new AdaptiveSettings(0, "acc", 1.5, 1.0);
        var relaxed = new AdaptivePolicy(settings);
        var x = calibrate(relaxed, job("x", 0, 10_000L, maps(40)));
        var reducesOnly = JobProgress.start(job("z", 0, null, reduces(5)));
        // 38 maps at 50 s accelerated over 9,900 s: 0.19 accelerated slots, within the pool's 1: x waits here
        assertThat(ids(offer(relaxed, node("r1", at(100), 1), x, reducesOnly).placed())).containsExactly("z/r/0/0");

        var tightPolicy = new AdaptivePolicy(settings);
        var tight = calibrate(tightPolicy, job("t", 0, 600L, maps(40)));
        // 38 * 50 / 500 = 3.8 accelerated slots against 1: Eq. 3 asks (100 / 50) * (3.8 - 1) = 5.6 regular slots
        assertThat(ids(offer(tightPolicy, node("r1", at(100), 1), tight, reducesOnly).placed()))
                .containsExactly("t/m/2/0");
    }

    @Test
    void calibrationShouldTakeOneMapPerJobAndPoolThenLetTheNextJobCalibrate() {
        var policy = new AdaptivePolicy(new AdaptiveSettings(0, "acc", 1.5, 1.0));
        var older = JobProgress.start(job("a", 0, 10_000L, maps(10)));
        var newer = JobProgress.start(job("b", 5, 10_000L, maps(10)));
        var result = offer(policy, node("a1", at(10), 3, "acc"), older, newer);
        // a calibrates, then b calibrates; the third slot goes to the oldest job without data, a
        assertThat(ids(result.placed())).containsExactly("a/m/0/0", "b/m/0/0", "a/m/1/0");
    }

    /** One map of {@code job} on the accelerated node a1 (50 s) and one on the regular node r1 (100 s). */
    private static JobProgress calibrate(AdaptivePolicy policy, Job job) {
        var start = JobProgress.start(job);
        var onAcc = offer(policy, node("a1", at(0), 1, "acc"), start).placed();
        var onReg = offer(policy, node("r1", at(0), 1), start.withPlaced(onAcc.get(0))).placed();
        assertThat(ids(onAcc)).as("calibration on the accelerated pool").containsExactly(job.jobId() + "/m/0/0");
        assertThat(ids(onReg)).as("calibration on the regular pool").containsExactly(job.jobId() + "/m/1/0");
        var running = start.withPlaced(onAcc.get(0)).withPlaced(onReg.get(0));
        policy.onProgress(Optional.of(start), Optional.of(running));
        var accDone = running.onOutcome(outcome(onAcc.get(0), State.SUCCEEDED, at(50)));
        policy.onProgress(Optional.of(running), Optional.of(accDone));
        offer(policy, busy("a1", at(50), "acc"), accDone);
        var regDone = accDone.onOutcome(outcome(onReg.get(0), State.SUCCEEDED, at(100)));
        policy.onProgress(Optional.of(accDone), Optional.of(regDone));
        offer(policy, busy("r1", at(100)), regDone);
        return regDone;
    }
}
