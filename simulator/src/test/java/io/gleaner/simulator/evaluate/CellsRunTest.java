package io.gleaner.simulator.evaluate;

import static io.gleaner.simulator.core.SimulatorFixtures.scenario;
import static io.gleaner.simulator.core.SimulatorFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.cells.CellBy;
import io.gleaner.planner.core.cells.CellMap;
import io.gleaner.qos.core.QosSettings;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The bench on several planner cells (docs/cells.md#the-bench). */
class CellsRunTest {

    private static final EvaluationSpec SPEC = new EvaluationSpec(workload(30), scenario("pc1-x4"),
            OwnerSource.NONE, List.of(), List.of(PolicyName.FIFO), List.of(3L), Controllers.NONE,
            QosSettings.DEFAULT_SAFETY_MARGIN);

    @Test
    void oneCellDecidesAsThePlannerWithoutCells() {
        var without = new RunSetup(SPEC, PolicyName.FIFO, 3L).simulation(p -> { }).run();
        var oneCell = new RunSetup(SPEC, PolicyName.FIFO, 3L, new CellMap(1, CellBy.RACK)).simulation(p -> { }).run();

        assertThat(oneCell.decisionDigest()).isEqualTo(without.decisionDigest());
    }

    @ParameterizedTest
    @EnumSource(value = PolicyName.class, names = {"FIFO", "FAIR", "COSHH", "CUCKOO"})
    void everyJobCompletesOnFourCellsAndTheSameRunDecidesTheSame(PolicyName policy) {
        var cells = new CellMap(4, CellBy.NODE_ID);

        var first = new RunSetup(SPEC, policy, 3L, cells).simulation(p -> { }).run();
        var again = new RunSetup(SPEC, policy, 3L, cells).simulation(p -> { }).run();

        assertThat(first.jobsCompleted()).isEqualTo(30);
        assertThat(again.decisionDigest()).isEqualTo(first.decisionDigest());
    }

    @Test
    void fourCellsDecideOtherwiseThanOne() {
        var one = new RunSetup(SPEC, PolicyName.FIFO, 3L).simulation(p -> { }).run();
        var four = new RunSetup(SPEC, PolicyName.FIFO, 3L, new CellMap(4, CellBy.NODE_ID)).simulation(p -> { }).run();

        // The cells change who decides: a job's tasks go only to its cell's nodes, so the placements differ.
        assertThat(four.decisionDigest()).isNotEqualTo(one.decisionDigest());
    }
}
