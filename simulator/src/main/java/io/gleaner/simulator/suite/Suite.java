package io.gleaner.simulator.suite;

import io.gleaner.planner.core.Job;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.evaluate.Evaluation;
import io.gleaner.simulator.evaluate.EvaluationSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs a {@link SuiteSpec} in-process: for each cluster, workload and load, one {@link Evaluation} of every policy and
 * seed, exactly what {@code gleaner evaluate} runs for that trace.
 */
public final class Suite {

    /** Builds the evaluation of one (cluster, workload at a load): owners, users and QoS as the command was given. */
    @FunctionalInterface
    public interface EvaluationFactory {
        EvaluationSpec of(ClusterSpec cluster, List<Job> jobs);
    }

    /** What the suite is doing, after each evaluation starts. */
    public record Step(int done, int total, String cluster, SuiteWorkload workload, double load, int jobs) {
    }

    private Suite() {
    }

    /**
     * Every run of {@code spec}, clusters outermost, then workloads, loads, policies and seeds.
     *
     * @param evaluation gives each evaluation its settings; its policies and seeds are the spec's
     * @param progress   told as each evaluation starts
     */
    public static List<SuiteRun> run(SuiteSpec spec, WorkloadCatalog catalog, EvaluationFactory evaluation,
                                     Consumer<Step> progress) {
        var runs = new ArrayList<SuiteRun>();
        int total = spec.clusters().size() * spec.workloads().size() * spec.loads().size();
        int done = 0;
        for (var cluster : spec.clusters()) {
            for (var workload : spec.workloads()) {
                var jobs = catalog.jobs(workload, spec.jobs());
                for (double load : spec.loads()) {
                    progress.accept(new Step(done++, total, cluster.name(), workload, load, jobs.size()));
                    var evaluationSpec = evaluation.of(cluster, LoadFactor.scale(jobs, load));
                    if (!evaluationSpec.policies().equals(spec.policies())
                            || !evaluationSpec.seeds().equals(spec.seeds())) {
                        throw new IllegalStateException("the evaluation runs other policies or seeds than the suite");
                    }
                    for (var policyRun : Evaluation.run(evaluationSpec, p -> { })) {
                        var report = policyRun.report();
                        double mean = report.completion().any()
                                ? report.completion().mean().toNanos() / 1e9 : Double.NaN;
                        var deadlines = report.deadlines();
                        var goals = deadlines.jobs() == 0 ? Optional.<SuiteRun.Goals>empty()
                                : Optional.of(new SuiteRun.Goals(100 * deadlines.metShare(),
                                        deadlines.p95Tardiness().toMillis() / 1e3));
                        runs.add(new SuiteRun(cluster.name(), workload, load, policyRun.policy(), policyRun.seed(),
                                report.jobsSubmitted(), report.jobsCompleted(), mean, goals));
                    }
                }
            }
        }
        return List.copyOf(runs);
    }
}
