package io.gleaner.qos.core;

import static io.gleaner.qos.core.QosFixtures.attempt;
import static io.gleaner.qos.core.QosFixtures.node;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The Cuckoo baseline on the standard node of {@link QosFixtures} (CPU margin 1 core, sm = 100 MB). */
class CuckooControllerTest {

    private final CuckooController cuckoo = new CuckooController(QosSettings.defaults());

    private static List<String> killed(QosDecision decision) {
        assertThat(decision.actions()).allSatisfy(action -> assertThat(action.kind())
                .isEqualTo(QosActionKind.KILL_TASK));
        return decision.actions().stream().map(QosAction::decisionId).toList();
    }

    @Test
    void shouldKillOnACpuViolationWhereSalamanderThrottles() {
        // A = 10 - 6 - 1 = 3 cores; the tasks use 4: kill c (1.5) -> 2.5 <= 3, stop.
        var observation = node().ownersCpu(6).tasksCpu(4).attempts(
                attempt("a", 1, 1, 10), attempt("b", 2, 1.5, 10), attempt("c", 3, 1.5, 10)).build();

        var decision = cuckoo.decide(observation);

        assertThat(killed(decision)).containsExactly("c");
        assertThat(decision.actions().get(0).reason()).contains("Cuckoo: tasks use 4 cores (owners leave 3)");
        assertThat(new SalamanderController(QosSettings.defaults()).decide(observation).actions())
                .extracting(QosAction::kind).containsExactly(QosActionKind.THROTTLE_CPU);
    }

    @Test
    void shouldKillOnARamViolationWithinHalfTheMargin() {
        // ramLimit = 1000 - 600 - 100 = 300 MB; the tasks hold 310: Cuckoo kills b; Salamander tolerates up to 350.
        var observation = node().ownersRamMb(600).tasksRamMb(310).attempts(
                attempt("a", 1, 0.5, 200), attempt("b", 2, 0.5, 110)).build();

        assertThat(killed(cuckoo.decide(observation))).containsExactly("b");
        assertThat(new SalamanderController(QosSettings.defaults()).decide(observation).actions()).isEmpty();
    }

    @Test
    void shouldKeepKillingUntilNeitherResourceIsViolated() {
        // CPU: A = 3, tasks 4; RAM: limit 300 MB, tasks 500. Kill c (1 core, 100 MB) -> 3 cores OK, 400 MB not;
        // kill b (1 core, 150 MB) -> 250 MB OK. a survives.
        var decision = cuckoo.decide(node().ownersCpu(6).tasksCpu(4).ownersRamMb(600).tasksRamMb(500).attempts(
                attempt("a", 1, 2, 250), attempt("b", 2, 1, 150), attempt("c", 3, 1, 100)).build());

        assertThat(killed(decision)).containsExactly("c", "b");
    }

    @Test
    void shouldDoNothingWithoutAViolationAndNeverTouchTheCpuLimit() {
        // Exactly at both limits (3 cores, 300 MB), a limit in force of 2 well below A = 3: no kill, no raise.
        var decision = cuckoo.decide(node().ownersCpu(6).tasksCpu(3).ownersRamMb(600).tasksRamMb(300).cpuLimit(2)
                .attempts(attempt("a", 1, 3, 300)).build());

        assertThat(decision.actions()).isEmpty();
        assertThat(decision.cpuLimitCores()).isEqualTo(2.0);
    }

    @Test
    void shouldKillEveryAttemptWhenTheOwnersEatIntoTheRamMargin() {
        // Owners at 950 MB: ramLimit = -50 MB, no amount of task RAM fits.
        var decision = cuckoo.decide(node().ownersRamMb(950).tasksRamMb(2).attempts(
                attempt("a", 1, 0.1, 1), attempt("b", 2, 0.1, 1)).build());

        assertThat(killed(decision)).containsExactly("b", "a");
    }
}
