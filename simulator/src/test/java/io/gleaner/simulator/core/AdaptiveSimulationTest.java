package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PolicyName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The adaptive policy (docs/policies/adaptive.md) against fair on a small tight workload with explicit goals: one
 * user, so that fair runs her jobs in FIFO order. A map takes 52 s on these nodes.
 */
class AdaptiveSimulationTest {

    private static final long SEED = 42;

    /**
     * A large job with a loose goal arrives first and could fill the 8 slots for 7 minutes; four small jobs with
     * goals 150 s after their submission arrive while it runs. Fair serves the large job first and the small ones
     * miss; adaptive sees that the large job has the slots its goal needs once its first maps completed (Eq. 1) and
     * gives the slots that free up to the small ones (no data yet, then their need), so every goal is met.
     */
    @Test
    void adaptiveShouldMeetMoreGoalsThanFairOnATightWorkload() {
        var jobs = new ArrayList<Job>();
        jobs.add(withGoal(job("large", Duration.ZERO, 64, 0), Duration.ofHours(1)));
        for (int i = 1; i <= 4; i++) {
            jobs.add(withGoal(job("small-" + i, Duration.ofSeconds(30L * i), 4, 0), Duration.ofSeconds(150)));
        }

        var fair = run(PolicyName.FAIR, jobs);
        var adaptive = run(PolicyName.ADAPTIVE, jobs);

        assertThat(fair.deadlines().jobs()).isEqualTo(5);
        assertThat(fair.deadlines().late()).as("fair").isEqualTo(4);
        assertThat(adaptive.jobsCompleted()).isEqualTo(5);
        assertThat(adaptive.deadlines().late()).as("adaptive").isZero();
    }

    private static SimulationReport run(PolicyName policy, List<Job> jobs) {
        return new Simulation(SimulatorFixtures.nodes(2), jobs, OwnerLoad.NONE, List.of(),
                InProcessPlannerLink.of(policy), SimulationSettings.withSeed(SEED), p -> { }).run();
    }

    private static Job withGoal(Job job, Duration goal) {
        return job.withDeadline(Optional.of(job.submitTime().plus(goal)));
    }
}
