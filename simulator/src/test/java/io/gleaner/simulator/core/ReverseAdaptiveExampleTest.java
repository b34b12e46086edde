package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.GIB;
import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.forecaster.core.Baselines;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.policies.PolicySettings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The motivating example of seed 003 §5.3.2 (Figs 5.14/5.15): three identical jobs submitted at 0 with goals
 * 6.5 h, 15 h and 23.1 h on capacity that comes and goes with the owners' load. A scheduler blind to f(t) shares
 * the early capacity between all three and misses the first two goals; Reverse-Adaptive gives each period to the
 * job whose goal needs it and meets all three. The owners' load is built for that (docs/results/
 * 2026-11-28-reverse-adaptive.md#motivating-example): see {@link #FREE_CORES}.
 */
class ReverseAdaptiveExampleTest {

    private static final ClusterSpec CLUSTER = SimulatorFixtures.nodes(4);
    /** No margin, so that the forecast spare is exactly what the node offers. */
    private static final SimulationSettings SETTINGS = SimulationSettings.withSeed(2014).withSafetyMargin(0);
    /**
     * Cores each 4-core node leaves to Gleaner from each hour of the day on: 3 (12 in the cluster) until 5 h, 1 until
     * 7 h, 3 until 11 h, none until 16 h, then 3. Before 6.5 h there are 66 core-hours, J1 needs 44 of them; from
     * 6.5 h to 15 h 50, J2 needs 44; from 16 h to 23.1 h 85, J3 needs 44. Only a scheduler that keeps the early
     * capacity for J1 and the middle for J2 meets the first two goals.
     */
    private static final TreeMap<Integer, Integer> FREE_CORES = new TreeMap<>(Map.of(0, 3, 5, 1, 7, 3, 11, 0, 16, 3));
    /** 440 maps of one core and 6 minutes at the nodes' 8 GFLOP/s: 44 core-hours per job. */
    private static final int MAPS = 440;
    private static final long BYTES_PER_MAP = Math.round(360 * 8e9 / SimulatorFixtures.MAP_FLOP_PER_BYTE);

    @Test
    void reverseAdaptiveMeetsAllThreeGoalsWhereRasMissesTheFirstTwo() {
        var goals = Map.of("J1", Duration.ofMinutes(390), "J2", Duration.ofHours(15), "J3", Duration.ofMinutes(1386));

        var ras = run(PolicyName.RAS, goals);
        var reverse = run(PolicyName.REVERSE_ADAPTIVE, goals);

        assertThat(missed(ras, goals)).as("ras, blind to f(t)").containsExactly("J1", "J2");
        assertThat(missed(reverse, goals)).as("reverse-adaptive").isEmpty();
    }

    private static SimulationReport run(PolicyName policy, Map<String, Duration> goals) {
        var jobs = new ArrayList<Job>();
        for (var id : List.of("J1", "J2", "J3")) {
            var maps = new PhaseTasks(TaskKind.MAP, MAPS, BYTES_PER_MAP, BYTES_PER_MAP,
                    SimulatorFixtures.MAP_FLOP_PER_BYTE, new CpuMemory(1, GIB), Optional.empty(), 0, Optional.empty());
            jobs.add(new Job(id, "same", "user", "default", 0, T0, Optional.of(T0.plus(goals.get(id))),
                    MAPS * BYTES_PER_MAP, 0, 0, List.of(maps)));
        }
        var owners = owners();
        var forecasts = InProcessPlannerLink.forecasts(owners, SETTINGS, Baselines.seasonalNaive());
        var link = InProcessPlannerLink.of(policy, PolicySettings.defaults(), forecasts);
        var report = new Simulation(CLUSTER, jobs, owners, List.of(), link, SETTINGS, p -> { }).run();
        assertThat(report.unfinishedJobs()).isEmpty();
        return report;
    }

    private static List<String> missed(SimulationReport report, Map<String, Duration> goals) {
        return report.completions().stream()
                .filter(c -> c.completionTime().compareTo(goals.get(c.jobId())) > 0)
                .map(JobCompletion::jobId).sorted().toList();
    }

    /** The day's shape every 5 minutes, the day before (the forecaster's history) and 36 hours of the run. */
    private static OwnerLoad owners() {
        var byNode = new LinkedHashMap<String, List<OwnerSample>>();
        var history = new LinkedHashMap<String, List<OwnerSample>>();
        for (var node : CLUSTER.nodes()) {
            byNode.put(node.nodeId(), samples(T0, Duration.ofHours(36)));
            history.put(node.nodeId(), samples(T0.minus(Duration.ofDays(1)), Duration.ofDays(1)));
        }
        return new OwnerLoad(byNode, history);
    }

    private static List<OwnerSample> samples(Instant from, Duration span) {
        var samples = new ArrayList<OwnerSample>();
        for (var t = from; t.isBefore(from.plus(span)); t = t.plus(Duration.ofMinutes(5))) {
            long hourOfDay = Math.floorMod(Math.floorDiv(Duration.between(T0, t).toMinutes(), 60), 24);
            int free = FREE_CORES.floorEntry((int) hourOfDay).getValue();
            samples.add(new OwnerSample(t, (4 - free) / 4.0, 0.1));
        }
        return samples;
    }
}
