package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.MAP_DEMAND;
import static io.gleaner.simulator.core.SimulatorFixtures.MAP_FLOP_PER_BYTE;
import static io.gleaner.simulator.core.SimulatorFixtures.MIB;
import static io.gleaner.simulator.core.SimulatorFixtures.REDUCE_DEMAND;
import static io.gleaner.simulator.core.SimulatorFixtures.REDUCE_FLOP_PER_BYTE;
import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static io.gleaner.simulator.core.SimulatorFixtures.nodes;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.TaskKind;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A batch without deadlines under {@code johnson} and {@code balanced-pools} against {@code fifo}, the shape of
 * seed-002-notes TV-2 on 16 slots: two map-heavy jobs (64 maps of about 50 s, four waves, and a short reduce) submitted
 * before one whose two reduces take about 15 min. FIFO starts those reduces only after every map of the batch; Johnson's
 * rule puts the job with the short map stage first (M &lt;= R), so its reduces run beside the other jobs' maps.
 */
class MakespanSimulationTest {

    private static final ClusterSpec CLUSTER = nodes(4);
    private static final SimulationSettings SETTINGS = SimulationSettings.withSeed(2015);
    private static final List<Job> BATCH = List.of(
            job("a-maps", 32, 128, 1, 16),
            job("b-maps", 32, 128, 1, 16),
            job("c-reduces", 16, 16, 2, 1024));

    @Test
    void johnsonFinishesTheBatchNoLaterThanFifo() {
        // FIFO: about 4 x 51 s of maps, then 931 s of reduce; Johnson: the reduces start within seconds.
        assertThat(makespan(PolicyName.JOHNSON)).isLessThan(makespan(PolicyName.FIFO));
    }

    @Test
    void balancedPoolsFinishesTheBatchNoLaterThanFifo() {
        assertThat(makespan(PolicyName.BALANCED_POOLS)).isLessThan(makespan(PolicyName.FIFO));
    }

    private static Duration makespan(PolicyName policy) {
        var report = new Simulation(CLUSTER, BATCH, InProcessPlannerLink.of(policy), SETTINGS).run();
        assertThat(report.unfinishedJobs()).as(policy.configValue()).isEmpty();
        return report.completion().makespan();
    }

    /** {@code maps} maps of {@code mapMib} and {@code reduces} reduces of {@code reduceMib}, all submitted at T0. */
    private static Job job(String id, int maps, long mapMib, int reduces, long reduceMib) {
        var groups = List.of(
                new PhaseTasks(TaskKind.MAP, maps, mapMib * MIB, mapMib * MIB, MAP_FLOP_PER_BYTE, MAP_DEMAND,
                        Optional.of("ds-" + id), 0),
                new PhaseTasks(TaskKind.REDUCE, reduces, reduceMib * MIB, reduceMib * MIB, REDUCE_FLOP_PER_BYTE,
                        REDUCE_DEMAND, Optional.empty(), 0));
        return new Job(id, "name-" + id, "user", "default", 0, T0, Optional.empty(), maps * mapMib * MIB,
                reduces * reduceMib * MIB, reduces * reduceMib * MIB, groups);
    }
}
