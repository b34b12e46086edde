package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static io.gleaner.simulator.core.SimulatorFixtures.job;
import static io.gleaner.simulator.core.SimulatorFixtures.nodes;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.Admission;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.mdasa.DeadlineAwarePolicy;
import io.gleaner.planner.core.mdasa.MdasaSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * MDASA on the simulator: 3 nodes of 4 slots at 8 GFLOP/s, jobs of 4 maps (128 MiB at 3100 FLOP/B: 52 s local) and
 * one reduce (64 MiB at 6300 FLOP/B plus its copy at 100 Mbit/s: 58 s), submitted after the nodes' first heartbeat.
 */
class MdasaSimulationTest {

    @Test
    void refusesAGoalThatCannotBeMetAndMeetsTheGoalsOfTheJobsItAdmits() {
        var at = Duration.ofSeconds(10);
        // One map wave and the reduce take 52 + 58 = 110 s at least: 60 s cannot be met, 600 s can.
        var impossible = withDeadline(job("impossible", at, 4, 1), T0.plus(at).plusSeconds(60));
        var admitted = List.of(
                withDeadline(job("a", at, 4, 1), T0.plus(at).plusSeconds(600)),
                withDeadline(job("b", at.plusSeconds(1), 4, 1), T0.plus(at).plusSeconds(500)),
                withDeadline(job("c", at.plusSeconds(2), 4, 1), T0.plus(at).plusSeconds(700)));
        var jobs = new ArrayList<Job>(admitted);
        jobs.add(impossible);
        var policy = new RecordedAnswers(DeadlineAwarePolicy.mdasa(MdasaSettings.defaults()));
        var link = InProcessPlannerLink.of(policy, OwnerForecasts.withoutWarmUp());

        var report = new Simulation(nodes(3), jobs, OwnerLoad.NONE, List.of(), link, SimulationSettings.withSeed(42),
                p -> { }).run();

        assertThat(policy.admissions()).extracting(Admission::jobId, Admission::accepted).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("impossible", false),
                org.assertj.core.groups.Tuple.tuple("a", true),
                org.assertj.core.groups.Tuple.tuple("b", true),
                org.assertj.core.groups.Tuple.tuple("c", true));
        assertThat(report.jobsCompleted()).as("the refused job still runs, on what is left").isEqualTo(4);
        assertThat(report.deadlines().jobs()).isEqualTo(4);
        assertThat(report.deadlines().late()).as("only the refused job").isEqualTo(1);
        assertThat(report.completions()).filteredOn(c -> c.jobId().equals("impossible")).singleElement()
                .satisfies(c -> assertThat(c.finishTime()).isAfter(impossible.deadline().orElseThrow()));
        assertThat(policy.reserved()).containsOnlyKeys("a", "b", "c").allSatisfy((id, millis) -> assertThat(millis)
                .isPositive());
    }

    private static Job withDeadline(Job job, Instant deadline) {
        return job.withDeadline(Optional.of(deadline));
    }
}
