package io.gleaner.planner.core.salamander;

import io.gleaner.planner.core.Admission;
import io.gleaner.planner.core.TaskKind;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PlanTimelineTest {

    private static PlannedTask task(String node, int index, long startMinutes, long endMinutes, boolean running) {
        return new PlannedTask("j1", TaskKind.MAP, index, node, at(startMinutes * 60), at(endMinutes * 60), running);
    }

    @Test
    void shouldDrawHowManyTasksEachNodeRunsPerColumnAndListTheRejections() {
        var plan = new HolisticPlan(at(0), Duration.ofMinutes(3), 480, List.of(
                task("n1", 0, 0, 6, true), task("n1", 1, 0, 3, false), task("n1", 2, 6, 9, false),
                task("n2", 3, 3, 12, false)),
                List.of(Admission.accepted("j1", at(0), at(720)), Admission.rejected("j2", at(0), "too big")));

        var lines = PlanTimeline.render(plan, 100).split("\n");

        assertThat(lines[0]).contains("4 tasks on 2 nodes (1 running)").contains("last ends 1970-01-01T00:12:00Z");
        assertThat(lines[1]).isEqualTo("jobs: 1 accepted, 1 rejected");
        assertThat(lines[2]).isEqualTo("  rejected j2: too big");
        assertThat(lines[3]).startsWith("each column: 1 step (PT3M)");
        // steps 0..3: n1 runs 2, 1, 1, 0; n2 runs 0, 1, 1, 1
        assertThat(lines[5]).isEqualTo(String.format("%-10s %6d |%s", "n1", 3, "211."));
        assertThat(lines[6]).isEqualTo(String.format("%-10s %6d |%s", "n2", 1, ".111"));
    }

    @Test
    void shouldFoldStepsIntoColumnsKeepingTheBusiestStep() {
        var plan = new HolisticPlan(at(0), Duration.ofMinutes(3), 480, List.of(
                task("n1", 0, 0, 3, false), task("n1", 1, 0, 3, false), task("n1", 2, 3, 12, false)), List.of());

        var lines = PlanTimeline.render(plan, 2).split("\n");

        assertThat(lines[2]).startsWith("each column: 2 steps (PT6M)");
        assertThat(lines[4]).endsWith("|21");
    }

    @Test
    void shouldRefuseZeroColumns() {
        assertThatThrownBy(() -> PlanTimeline.render(HolisticPlan.EMPTY, 0))
                .hasMessage("columns must be >= 1, was 0");
    }
}
