package io.gleaner.planner.core.mdasa;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.ids;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PlannerCell;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EdfPolicyTest {

    private static Job withDeadline(Job job, Instant deadline) {
        return job.withDeadline(Optional.of(deadline));
    }

    @Test
    void eventBasedEdfRunsTheEarliestDeadlineFirstAndJobsWithoutOneLast() {
        var cell = new PlannerCell(new EdfPolicy(MdasaSettings.defaults()), new InMemoryPlannerState());
        cell.onJob(job("none", at(1), maps(1)));
        cell.onJob(withDeadline(job("later", at(2), maps(2)), at(900)));
        cell.onJob(withDeadline(job("sooner", at(3), maps(2)), at(600)));

        var placed = cell.onHeartbeat(node("n1", at(4), 3, res(16, 64))).placements();

        assertThat(ids(placed)).containsExactly("sooner/m/0/0", "sooner/m/1/0", "later/m/0/0");
    }

    @Test
    void epochBasedEdfSeesAJobOnlyFromTheEndOfTheEpochItCameIn() {
        var policy = new EdfPolicy(MdasaSettings.defaults().withEdfEpoch(Duration.ofSeconds(60)));
        var cell = new PlannerCell(policy, new InMemoryPlannerState());
        cell.onJob(withDeadline(job("j", at(10), maps(1)), at(50)));

        assertThat(cell.onHeartbeat(node("n1", at(30), 8, res(16, 64))).placements()).isEmpty();
        // Its deadline (50 s) passed before the epoch ended (60 s): the thesis's reason epEDF misses goals.
        assertThat(ids(cell.onHeartbeat(node("n1", at(60), 8, res(16, 64))).placements())).containsExactly("j/m/0/0");
    }

    @Test
    void anEpochOfZeroCountsAJobFromItsSubmission() {
        assertThat(new EdfPolicy(MdasaSettings.defaults()).visibleFrom(at(7))).isEqualTo(at(7));
        assertThat(new EdfPolicy(MdasaSettings.defaults().withEdfEpoch(Duration.ofSeconds(60))).visibleFrom(at(60)))
                .isEqualTo(at(60));
    }
}
