package io.gleaner.qos.core;

import static io.gleaner.qos.core.QosFixtures.T0;
import static io.gleaner.qos.core.QosFixtures.attempt;
import static io.gleaner.qos.core.QosFixtures.node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The per-node state across periods: the CPU limit it set, the tick period on event time, determinism. */
class QosControllerTest {

    private final QosController controller = QosController.of(QosMode.SALAMANDER, QosSettings.defaults());
    /** What a driver keeps of each node between ticks. */
    private final Map<String, NodeControl> controls = new HashMap<>();

    /** A tick as a driver runs it: the node's state in, the next state kept; the actions, none when not due. */
    private List<QosAction> tick(QosController controller, NodeObservation observation) {
        return controller.tick(observation, Optional.ofNullable(controls.get(observation.nodeId()))).map(tick -> {
            controls.put(observation.nodeId(), tick.control());
            return tick.actions();
        }).orElse(List.of());
    }

    private OptionalDouble cpuLimit(String nodeId) {
        var control = controls.get(nodeId);
        return control == null ? OptionalDouble.empty() : OptionalDouble.of(control.cpuLimitCores());
    }

    @Test
    void shouldRaiseAgainAfterAThrottleOnceTheOwnersBackOff() {
        // Tick 1: A = 3, the tasks use 4 -> throttle to 3. Tick 2, one period later: the owners drop to 2 cores,
        // A = 7; the node still reports its old limit 10, but the controller remembers 3 and raises 3 -> 7.
        var throttle = tick(controller, node().ownersCpu(6).tasksCpu(4).build());
        var raise = tick(controller, node().at(T0.plusMillis(100)).ownersCpu(2).tasksCpu(3).build());

        assertThat(throttle).extracting(QosAction::kind).containsExactly(QosActionKind.THROTTLE_CPU);
        assertThat(raise).singleElement().satisfies(action -> {
            assertThat(action.kind()).isEqualTo(QosActionKind.RAISE_CPU_LIMIT);
            assertThat(action.cpuLimitCores()).isEqualTo(7.0);
            assertThat(action.time()).isEqualTo(T0.plusMillis(100));
        });
        assertThat(cpuLimit("n1")).hasValue(7.0);
    }

    @Test
    void shouldTickANodeAtMostOncePerPeriodOfEventTime() {
        tick(controller, node().ownersCpu(6).tasksCpu(4).build());

        var early = tick(controller, node().at(T0.plusMillis(99)).ownersCpu(8).tasksCpu(3).build());
        var late = tick(controller, node().at(T0.minusMillis(500)).ownersCpu(8).tasksCpu(3).build());
        var due = tick(controller, node().at(T0.plusMillis(100)).ownersCpu(8).tasksCpu(3).build());

        assertThat(early).isEmpty();
        assertThat(late).isEmpty();
        // Due: A = 10 - 8 - 1 = 1 < the tasks' 3.
        assertThat(due).singleElement().satisfies(action -> assertThat(action.cpuLimitCores()).isEqualTo(1.0));
        assertThat(controls.get("n1").lastTick()).isEqualTo(T0.plusMillis(100));
    }

    @Test
    void shouldTakeTheReportedLimitOnAFirstTickAndAgainOnceTheDriverDropsTheNode() {
        // First tick: the node reports a limit of 2; A = 7 -> raise 2 -> 7.
        assertThat(tick(controller, node().ownersCpu(2).cpuLimit(2).build()))
                .extracting(QosAction::kind).containsExactly(QosActionKind.RAISE_CPU_LIMIT);

        controls.remove("n1");

        // Once the driver drops the node, a report one millisecond later is a first tick again, with the reported limit 2.
        assertThat(tick(controller, node().at(T0.plusMillis(1)).ownersCpu(2).cpuLimit(2).build()))
                .extracting(QosAction::cpuLimitCores).containsExactly(7.0);
    }

    @Test
    void shouldGateAndLimitFromARememberedTickAsIfItHadTickedItself() {
        // As a stream processor restores it from its store: last tick at T0, limit 3 in force.
        controls.put("n1", new NodeControl(T0, 3));

        var early = tick(controller, node().at(T0.plusMillis(50)).ownersCpu(2).tasksCpu(3).build());
        // Due: A = 10 - 2 - 1 = 7 > the remembered 3 (not the reported 10): raise 3 -> 7.
        var due = tick(controller, node().at(T0.plusMillis(100)).ownersCpu(2).tasksCpu(3).build());

        assertThat(early).isEmpty();
        assertThat(due).extracting(QosAction::kind, QosAction::cpuLimitCores)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(QosActionKind.RAISE_CPU_LIMIT, 7.0));
        assertThatThrownBy(() -> new NodeControl(T0, Double.NaN)).hasMessageContaining("cpuLimitCores");
    }

    @Test
    void shouldKeepNodesApart() {
        tick(controller, node().id("a").ownersCpu(6).tasksCpu(4).build());
        tick(controller, node().id("b").ownersCpu(1).tasksCpu(1).cpuLimit(5).build());

        assertThat(cpuLimit("a")).hasValue(3.0);
        assertThat(cpuLimit("b")).hasValue(8.0);
    }

    @Test
    void shouldRunTheCuckooBaselineThroughTheSameSeam() {
        var cuckoo = QosController.of(QosMode.CUCKOO, QosSettings.defaults());

        var actions = tick(cuckoo, node().ownersCpu(6).tasksCpu(4).attempts(attempt("a", 1, 4, 10)).build());

        assertThat(actions).extracting(QosAction::kind).containsExactly(QosActionKind.KILL_TASK);
        assertThat(cpuLimit("n1")).hasValue(10.0);
    }

    @Test
    void shouldDecideTheSameWhateverOrderTheObservationsCameIn() {
        // 200 random nodes over 5 periods, fed once in (time, node) order and once shuffled, to two controllers.
        var random = new Random(42);
        var observations = new ArrayList<NodeObservation>();
        for (int period = 0; period < 5; period++) {
            observations.addAll(QosFixtures.randomCluster(random, 200, T0.plusMillis(100L * period)));
        }
        var shuffled = new ArrayList<>(observations);
        Collections.shuffle(shuffled, new Random(7));

        var first = QosController.of(QosMode.SALAMANDER, QosSettings.defaults()).tickAll(observations, new HashMap<>());
        var second = QosController.of(QosMode.SALAMANDER, QosSettings.defaults()).tickAll(shuffled, new HashMap<>());

        assertThat(first).isNotEmpty().isEqualTo(second);
        assertThat(first).extracting(QosAction::kind).contains(QosActionKind.THROTTLE_CPU,
                QosActionKind.RAISE_CPU_LIMIT, QosActionKind.KILL_TASK);
    }

    @Test
    void shouldRejectANonPositivePeriod() {
        assertThatThrownBy(() -> new QosController(new SalamanderController(QosSettings.defaults()), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("period must be > 0, was PT0S");
    }
}
