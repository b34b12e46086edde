package io.gleaner.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.PolicyName;
import io.gleaner.simulator.core.InProcessPlannerLink;
import io.gleaner.simulator.core.Simulation;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.core.SimulatorFixtures;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The planner's FIFO keeps making the same decisions, in the same order, while the planner's internals change: the
 * in-process run of the first FB-2009 jobs on {@code coshh-table3} with seed 2009 must keep its decision digest.
 *
 * <p>The expected values were printed with {@code InProcessFifoBenchmark 500 1000} by the FIFO planner of commit
 * 880b33f (whose decisions were pinned, in turn, against the planner of commit 20ad831 before its queue was
 * indexed) and the simulator whose task model fetches shuffle data over the network (reduces now take longer,
 * which moved every later decision). A change of the simulator's model changes these values; a change of the
 * planner must not. The digest covers every decision in the order applied (id, node, round, start or failure) and
 * every kill, so any change of a placement, of its node or of its order changes it.
 */
class Fb2009DecisionDigestTest {

    static Stream<Arguments> runsBeforeTheQueueIndex() {
        return Stream.of(
                Arguments.of(Named.of("first 500 jobs", 500), 3_828L, 4_818L,
                        "61f88adb00ea13edb72188ca27b487476c46322b587f82682af6654ab3bdbf47"),
                Arguments.of(Named.of("first 1000 jobs", 1_000), 42_957L, 69_403L,
                        "d818c7fe73c0e0983e83241f435f9a0d10f9b0a98123ecec163311db3136a467"));
    }

    @ParameterizedTest
    @MethodSource("runsBeforeTheQueueIndex")
    void shouldMakeTheDecisionsOfThePlannerBeforeItsQueueIndex(int jobs, long rounds, long decisions, String digest) {
        var workload = SimulatorFixtures.fb2009(jobs);

        var report = new Simulation(ClusterPresets.preset(ClusterPresets.DEFAULT), workload,
                InProcessPlannerLink.of(PolicyName.FIFO), SimulationSettings.withSeed(2009)).run();

        assertThat(report.jobsCompleted()).isEqualTo(jobs);
        assertThat(report.rounds()).isEqualTo(rounds);
        assertThat(report.counts().decisions()).isEqualTo(decisions);
        assertThat(report.decisionDigest()).isEqualTo(digest);
    }
}
