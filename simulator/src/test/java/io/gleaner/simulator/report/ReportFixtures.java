package io.gleaner.simulator.report;

import static io.gleaner.simulator.core.SimulatorFixtures.node;
import static io.gleaner.simulator.core.SimulatorFixtures.scenario;
import static io.gleaner.simulator.core.SimulatorFixtures.workload;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.SimulationReport;
import io.gleaner.simulator.evaluate.Evaluation;
import io.gleaner.simulator.evaluate.EvaluationSpec;
import io.gleaner.simulator.evaluate.PolicyRun;
import java.util.List;

/** Runs of real small simulations for the report's tests; only FIFO exists today, so other "policies" are renamed runs. */
final class ReportFixtures {

    /** The three-node test cluster: heterogeneous, two racks; every node holds a replica of every chunk. */
    static final ClusterSpec THREE_NODES = scenario("three-nodes");

    /** The default preset, COSHH's six resources: more nodes than the three replicas of a chunk. */
    static final ClusterSpec COSHH = ClusterPresets.preset(ClusterPresets.DEFAULT);

    /** One node: every chunk replica is on it, so no map attempt is remote. */
    static final ClusterSpec ONE_NODE = ClusterSpec.of("one-node", List.of(node("n1", 4, 8.0)));

    private ReportFixtures() {
    }

    /** FIFO on {@code seeds} seeds, through {@link Evaluation#run}. */
    static List<PolicyRun> fifo(List<Job> jobs, ClusterSpec cluster, Long... seeds) {
        return Evaluation.run(new EvaluationSpec(jobs, cluster, List.of(PolicyName.FIFO), List.of(seeds)), p -> { });
    }

    /** FIFO on seeds 0 and 1 with the 12-job test workload on the default preset. */
    static List<PolicyRun> twoSeedsOfFifo() {
        return fifo(workload(12), COSHH, 0L, 1L);
    }

    /** One FIFO run, reported under another policy name. */
    static PolicyRun run(String policy, List<Job> jobs, ClusterSpec cluster, long seed) {
        return new PolicyRun(policy, report(jobs, cluster, seed));
    }

    /** The report of one FIFO run. */
    static SimulationReport report(List<Job> jobs, ClusterSpec cluster, long seed) {
        return fifo(jobs, cluster, seed).get(0).report();
    }

    /** The value of metric {@code key} in a report, NaN included; throws when the report has no such metric. */
    static double value(SimulationReport report, String key) {
        return report.metrics().stream().filter(m -> m.key().equals(key)).findFirst().orElseThrow().value();
    }
}
