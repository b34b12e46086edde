package io.gleaner.qos.core;

import static io.gleaner.qos.core.QosFixtures.MB;
import static io.gleaner.qos.core.QosFixtures.attempt;
import static io.gleaner.qos.core.QosFixtures.node;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Algorithm 3 rule by rule on the standard node of {@link QosFixtures}: 10 cores (CPU margin 1 core), 1,000 MB of
 * RAM (sm = 100 MB, smThreshold = 50 MB).
 */
class SalamanderControllerTest {

    private final SalamanderController controller = new SalamanderController(QosSettings.defaults());

    private static List<QosActionKind> kinds(QosDecision decision) {
        return decision.actions().stream().map(QosAction::kind).toList();
    }

    private static List<String> killed(QosDecision decision) {
        return decision.actions().stream()
                .filter(action -> action.kind() == QosActionKind.KILL_TASK)
                .map(QosAction::decisionId)
                .toList();
    }

    @Test
    void shouldThrottleTasksThatUseMoreCpuThanTheOwnersLeave() {
        // Line 1: A = 10 - 6 - 1 = 3 cores; line 5: the tasks use 4 > 3.
        var decision = controller.decide(node().ownersCpu(6).tasksCpu(4).cpuLimit(10).build());

        assertThat(decision.actions()).singleElement().satisfies(action -> {
            assertThat(action.kind()).isEqualTo(QosActionKind.THROTTLE_CPU);
            assertThat(action.cpuLimitCores()).isEqualTo(3.0);
            assertThat(action.decisionId()).isNull();
            assertThat(action.nodeId()).isEqualTo("n1");
            assertThat(action.time()).isEqualTo(QosFixtures.T0);
            assertThat(action.reason()).contains("tasks use 4 cores > 3 cores the owners leave")
                    .contains("capacity 10 - owners 6 - margin 1").contains("limit 10 -> 3");
        });
        assertThat(decision.cpuLimitCores()).isEqualTo(3.0);
    }

    @Test
    void shouldNotThrottleTasksThatUseExactlyWhatTheOwnersLeave() {
        // A = 3; the tasks use 3, not more; the limit in force is already 3, so there is nothing to raise either.
        var decision = controller.decide(node().ownersCpu(6).tasksCpu(3).cpuLimit(3).build());

        assertThat(decision.actions()).isEmpty();
        assertThat(decision.cpuLimitCores()).isEqualTo(3.0);
    }

    @Test
    void shouldReassertTheThrottleWhileTasksStillExceedTheLimit() {
        // A = 3 and the limit in force is already 3, but the tasks were measured at 3.2: line 5 fires again.
        var decision = controller.decide(node().ownersCpu(6).tasksCpu(3.2).cpuLimit(3).build());

        assertThat(kinds(decision)).containsExactly(QosActionKind.THROTTLE_CPU);
        assertThat(decision.actions().get(0).cpuLimitCores()).isEqualTo(3.0);
    }

    @Test
    void shouldRaiseTheLimitToWhatTheOwnersLeave() {
        // A = 10 - 2 - 1 = 7 > the limit 3 in force, the tasks use 1 <= 7: line 6 raises straight to 7.
        var decision = controller.decide(node().ownersCpu(2).tasksCpu(1).cpuLimit(3).build());

        assertThat(decision.actions()).singleElement().satisfies(action -> {
            assertThat(action.kind()).isEqualTo(QosActionKind.RAISE_CPU_LIMIT);
            assertThat(action.cpuLimitCores()).isEqualTo(7.0);
            assertThat(action.reason()).contains("limit 3 -> 7");
        });
        assertThat(decision.cpuLimitCores()).isEqualTo(7.0);
    }

    @Test
    void shouldRaiseByAtMostTheStepWhenTheRaiseIsGradual() {
        // A = 7, limit 3, at most 1.5 cores per tick: 4.5.
        var gradual = new SalamanderController(QosSettings.defaults().withMaxCpuRaiseCores(1.5));

        var decision = gradual.decide(node().ownersCpu(2).tasksCpu(1).cpuLimit(3).build());

        assertThat(kinds(decision)).containsExactly(QosActionKind.RAISE_CPU_LIMIT);
        assertThat(decision.cpuLimitCores()).isEqualTo(4.5);
    }

    @Test
    void shouldKeepTheLimitWhenTheOwnersGrowButTheTasksStayBelowWhatTheyLeave() {
        // A = 10 - 5 - 1 = 4 < limit 6; the tasks use 3 <= 4: line 6 only ever increases, so nothing happens.
        var decision = controller.decide(node().ownersCpu(5).tasksCpu(3).cpuLimit(6).build());

        assertThat(decision.actions()).isEmpty();
        assertThat(decision.cpuLimitCores()).isEqualTo(6.0);
    }

    @Test
    void shouldRoundTheCpuLimitDownToAHundredthOfACore() {
        // A = 10 - 5.555 - 1 = 3.445, rounded down to 3.44 (never more than the owners leave).
        var decision = controller.decide(node().ownersCpu(5.555).tasksCpu(3.5).cpuLimit(10).build());

        assertThat(decision.actions()).singleElement()
                .satisfies(action -> assertThat(action.cpuLimitCores()).isEqualTo(3.44));
    }

    @Test
    void shouldThrottleToZeroWhenTheOwnersUseMoreThanTheCapacity() {
        // Owners at 12 of 10 cores (a noisy sample): A = max(10 - 12 - 1, 0) = 0.
        var decision = controller.decide(node().ownersCpu(12).tasksCpu(0.5).cpuLimit(4).build());

        assertThat(kinds(decision)).containsExactly(QosActionKind.THROTTLE_CPU);
        assertThat(decision.cpuLimitCores()).isZero();
    }

    @Test
    void shouldNeverRaiseAboveTheCapacityEvenWhenTheNodeReportsALimitAboveIt() {
        // Owners idle: A = 10 - 0 - 1 = 9; a reported limit of 16 is taken as the capacity, 10 >= 9: no action.
        var decision = controller.decide(node().tasksCpu(1).cpuLimit(16).build());

        assertThat(decision.actions()).isEmpty();
        assertThat(decision.cpuLimitCores()).isEqualTo(10.0);
    }

    @Test
    void shouldDoNothingOnANodeWithoutTasksWhoseLimitIsAlreadyHigh() {
        var decision = controller.decide(node().ownersCpu(2).ownersRamMb(990).cpuLimit(9).build());

        assertThat(decision.actions()).isEmpty();
    }

    @Test
    void shouldKillLatestScheduledAttemptsUntilRamIsBackUnderTheLimitPlusHalfTheMargin() {
        // ramLimit = 1000 - 600 - 100 = 300 MB, smThreshold = 50 MB, bound 350 MB. The tasks hold 500 MB:
        // kill c (scheduled last, 80 MB) -> 420 > 350, kill b (120 MB) -> 300 <= 350, stop; a survives.
        var decision = controller.decide(node().ownersRamMb(600).tasksRamMb(500).attempts(
                attempt("a", 1, 1, 300), attempt("b", 2, 1, 120), attempt("c", 3, 1, 80)).build());

        assertThat(killed(decision)).containsExactly("c", "b");
        assertThat(decision.actions().get(0).reason())
                .contains("tasks use 500000000 B of RAM > limit 300000000 B + threshold 50000000 B");
    }

    @Test
    void shouldNotKillWhileRamIsExactlyAtTheLimitPlusHalfTheMargin() {
        var atBound = controller.decide(node().ownersRamMb(600).tasksRamMb(350)
                .attempts(attempt("a", 1, 1, 350)).build());
        var oneByteOver = controller.decide(node().ownersRamMb(600).tasksRamBytes(350 * MB + 1)
                .attempts(attempt("a", 1, 1, 350)).build());

        assertThat(atBound.actions()).isEmpty();
        assertThat(killed(oneByteOver)).containsExactly("a");
    }

    @Test
    void shouldBreakKillOrderTiesByDecisionId() {
        // x-2 and x-1 were scheduled at the same second, after a; 40 MB over the bound: one kill, x-1 (smaller id).
        var listed = node().ownersRamMb(600).tasksRamMb(390);
        var decision = controller.decide(listed.attempts(
                attempt("a", 1, 1, 190), attempt("x-2", 5, 1, 100), attempt("x-1", 5, 1, 100)).build());
        var reversed = controller.decide(node().ownersRamMb(600).tasksRamMb(390).attempts(
                attempt("x-1", 5, 1, 100), attempt("a", 1, 1, 190), attempt("x-2", 5, 1, 100)).build());

        assertThat(killed(decision)).containsExactly("x-1");
        assertThat(reversed).isEqualTo(decision);
    }

    @Test
    void shouldKillEveryAttemptWhenTheOwnersLeaveLessRamThanTheMargin() {
        // Owners at 950 MB leave 50 MB < sm = 100 MB (line 14), though the tasks hold only 10 MB: all go, latest first.
        var decision = controller.decide(node().ownersRamMb(950).tasksRamMb(10).attempts(
                attempt("a", 1, 0.1, 4), attempt("b", 3, 0.1, 3), attempt("c", 2, 0.1, 3)).build());

        assertThat(killed(decision)).containsExactly("b", "c", "a");
        assertThat(decision.actions().get(0).reason()).contains("owners leave 50000000 B of RAM")
                .contains("below the safety margin 100000000 B");
    }

    @Test
    void shouldNotKillEveryAttemptWhenTheOwnersLeaveExactlyTheMargin() {
        // Owners leave 100 MB = sm: not line 14. ramLimit = 0, bound 50 MB; the tasks hold 40 MB: nothing to kill.
        var decision = controller.decide(node().ownersRamMb(900).tasksRamMb(40)
                .attempts(attempt("a", 1, 0.1, 40)).build());

        assertThat(decision.actions()).isEmpty();
    }

    @Test
    void shouldKillEveryAttemptWhenTheOwnersUseMoreRamThanTheCapacity() {
        var decision = controller.decide(node().ownersRamMb(1_200).attempts(attempt("a", 1, 0.1, 0)).build());

        assertThat(killed(decision)).containsExactly("a");
    }

    @Test
    void shouldStopKillingWhenNoAttemptIsLeft() {
        // The tasks hold 800 MB but the listed attempts only 100 MB: bound 350 MB is out of reach; both are killed once.
        var decision = controller.decide(node().ownersRamMb(600).tasksRamMb(800).attempts(
                attempt("a", 1, 1, 50), attempt("b", 2, 1, 50)).build());

        assertThat(killed(decision)).containsExactly("b", "a");
    }

    @Test
    void shouldThrottleCpuBeforeKillingForRam() {
        var decision = controller.decide(node().ownersCpu(6).tasksCpu(4).ownersRamMb(600).tasksRamMb(400)
                .attempts(attempt("a", 1, 2, 200), attempt("b", 2, 2, 200)).build());

        assertThat(kinds(decision)).containsExactly(QosActionKind.THROTTLE_CPU, QosActionKind.KILL_TASK);
        assertThat(killed(decision)).containsExactly("b");
    }

    @Test
    void shouldUseTheConfiguredMarginsAndThreshold() {
        // S = 20 % for both, threshold 100 %: A = 10 - 6 - 2 = 2 cores; sm = 200 MB, ramLimit = 1000 - 600 - 200 =
        // 200 MB, bound = 200 + 200 = 400 MB. Tasks at 2.5 cores and 410 MB: throttle to 2 and kill one.
        var settings = new QosSettings(QosSettings.DEFAULT_PERIOD, 0.2, 0.2, 1.0, 100, Double.POSITIVE_INFINITY);
        var decision = new SalamanderController(settings).decide(node().ownersCpu(6).tasksCpu(2.5)
                .ownersRamMb(600).tasksRamMb(410).attempts(attempt("a", 1, 1, 210), attempt("b", 2, 1.5, 200))
                .build());

        assertThat(decision.cpuLimitCores()).isEqualTo(2.0);
        assertThat(killed(decision)).containsExactly("b");
    }
}
