package io.gleaner.planner.core.salamander.solver;

import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.idleNode;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.instance;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.job;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.task;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InstanceTest {

    private static final List<Node> ONE_NODE = List.of(idleNode("n1", 2, 8, 6));

    @Test
    void refusesATaskWithoutOneEstimatePerNode() {
        assertThatThrownBy(() -> instance(6, ONE_NODE, List.of(job("J", List.of(task("m", 1, 2, 2)), List.of()))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("task m has 2 estimated times");
    }

    @Test
    void refusesDuplicateTaskIds() {
        assertThatThrownBy(() -> instance(6, ONE_NODE, List.of(job("J", List.of(task("m", 1, 2)), List.of()),
                job("K", List.of(task("m", 1, 2)), List.of()))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("duplicate task id m");
    }

    @Test
    void refusesPinsOverSpareCapacity() {
        assertThatThrownBy(() -> instance(6, ONE_NODE, List.of(job("J", List.of(task("a", 2, 2), task("b", 1, 2)),
                List.of())), Map.of("a", new Assignment("n1", 0), "b", new Assignment("n1", 1))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CAPACITY");
    }

    @Test
    void refusesAPinnedReduceWhoseMapsAreNotPinned() {
        assertThatThrownBy(() -> instance(6, ONE_NODE, List.of(job("J", List.of(task("m", 1, 2)),
                List.of(task("r", 1, 2)))), Map.of("r", new Assignment("n1", 2))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PRECEDENCE");
    }

    @Test
    void refusesUtilizationShorterThanTheWindow() {
        assertThatThrownBy(() -> instance(7, ONE_NODE, List.of(job("J", List.of(task("m", 1, 2)), List.of()))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fewer than 7 steps");
    }
}
