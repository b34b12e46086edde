package io.gleaner.planner.core.mdasa;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static io.gleaner.planner.core.PlannerFixtures.ids;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.Admission;
import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.Verdict;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * MDASA through the planner cell. A map of {@code maps(4)} reads 50.5 MiB on average (three of 64 MiB, one of 10):
 * 52,953,088 B x 3100 FLOP/B at the fixtures' 2 GFLOP/s core is 82.08 s.
 */
class DeadlineAwarePolicyTest {

    private static Job withDeadline(Job job, Instant deadline) {
        return job.withDeadline(Optional.of(deadline));
    }

    @Test
    void answersEachJobWithADeadlineOnceOnItsFirstHeartbeatAndRunsAdmittedJobsFirstWithinTheirSlots() {
        var cell = new PlannerCell(DeadlineAwarePolicy.mdasa(MdasaSettings.defaults()), new InMemoryPlannerState());
        // One wave of 82 s misses 10 s; 4 maps in 1000 s need one slot (Eq. 3.17: 328 slot-s / 1000 s -> 1).
        cell.onJob(withDeadline(job("urgent", at(1), maps(4)), at(11)));
        cell.onJob(withDeadline(job("ok", at(2), maps(4)), at(1_002)));
        cell.onJob(job("none", at(2), maps(1)));

        var verdict = (Verdict.Applied) cell.onHeartbeat(idleNode("n1", at(2)));

        assertThat(verdict.outputs().admissions()).extracting(Admission::jobId, Admission::accepted)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("urgent", false),
                        org.assertj.core.groups.Tuple.tuple("ok", true));
        assertThat(verdict.outputs().admissions().get(0).reason())
                .hasValueSatisfying(r -> assertThat(r).startsWith("NOT_ENOUGH_TIME"));
        // "ok" holds its one slot; the refused job and the one without a goal take what is left, oldest first.
        assertThat(ids(verdict.placements())).containsExactly("ok/m/0/0", "urgent/m/0/0", "urgent/m/1/0",
                "urgent/m/2/0", "urgent/m/3/0", "none/m/0/0");

        var next = (Verdict.Applied) cell.onHeartbeat(idleNode("n1", at(5)));
        assertThat(next.outputs().admissions()).as("answered once").isEmpty();
        assertThat(ids(next.placements())).as("ok still runs its one map").isEmpty();
    }
}
