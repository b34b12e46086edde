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
 * The planner's FIFO makes the same decisions, in the same order, as before its queue was indexed (the least-demand
 * stop in {@code FifoPolicy}, the sorted queue view of {@code InMemoryPlannerState}): the in-process run of the first
 * FB-2009 jobs on {@code coshh-table3} with seed 2009 must keep its decision digest.
 *
 * <p>The expected values were printed by the planner and simulator of commit 20ad831 (before that change), with
 * {@code InProcessFifoBenchmark 500 1000}; nothing here is derived from the code under test. The digest covers
 * every decision in the order applied (id, node, round, start or failure), so any change of a placement, of its
 * node or of its order changes it.
 */
class Fb2009DecisionDigestTest {

    static Stream<Arguments> runsBeforeTheQueueIndex() {
        return Stream.of(
                Arguments.of(Named.of("first 500 jobs", 500), 3_321L, 4_818L,
                        "36f20641f4d8721e9afee218611cc8b45df59af4cde70d22d8eb2a485dc95223"),
                Arguments.of(Named.of("first 1000 jobs", 1_000), 39_284L, 69_403L,
                        "ff724917587fa47923d73dec53d3b7baa12a80a8e3af41d2363bfee22157d9c0"));
    }

    @ParameterizedTest
    @MethodSource("runsBeforeTheQueueIndex")
    void shouldMakeTheDecisionsOfThePlannerBeforeItsQueueIndex(int jobs, long rounds, long decisions, String digest) {
        var workload = SimulatorFixtures.fb2009(jobs);

        var report = new Simulation(ClusterPresets.preset(ClusterPresets.DEFAULT), workload,
                InProcessPlannerLink.of(PolicyName.FIFO), SimulationSettings.withSeed(2009)).run();

        assertThat(report.jobsCompleted()).isEqualTo(jobs);
        assertThat(report.rounds()).isEqualTo(rounds);
        assertThat(report.decisions()).isEqualTo(decisions);
        assertThat(report.decisionDigest()).isEqualTo(digest);
    }
}
