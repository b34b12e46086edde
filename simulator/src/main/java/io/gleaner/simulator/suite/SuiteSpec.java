package io.gleaner.simulator.suite;

import io.gleaner.planner.core.PolicyName;
import io.gleaner.simulator.core.ClusterSpec;
import java.util.List;

/**
 * What a suite runs: every policy on every workload at every load on every cluster, once per seed.
 *
 * @param workloads the workloads, in report order
 * @param loads     the load factors ({@link LoadFactor}), each &gt; 0
 * @param clusters  the simulated clusters
 * @param policies  the policies; the baseline among them
 * @param baseline  the policy every ratio is taken to, on the same workload, load, cluster and seed
 * @param seeds     the seeds of the runs (replica layout, owners' VMs)
 * @param jobs      jobs per workload: its first ones
 */
public record SuiteSpec(List<SuiteWorkload> workloads, List<Double> loads, List<ClusterSpec> clusters,
                        List<PolicyName> policies, PolicyName baseline, List<Long> seeds, int jobs) {

    public SuiteSpec {
        workloads = List.copyOf(workloads);
        loads = List.copyOf(loads);
        clusters = List.copyOf(clusters);
        policies = List.copyOf(policies);
        seeds = List.copyOf(seeds);
        if (workloads.isEmpty() || loads.isEmpty() || clusters.isEmpty() || policies.isEmpty() || seeds.isEmpty()) {
            throw new IllegalArgumentException("a suite needs at least one workload, load, cluster, policy and seed");
        }
        if (!policies.contains(baseline)) {
            throw new IllegalArgumentException("the baseline " + baseline.configValue() + " is not among the policies");
        }
        for (double load : loads) {
            if (!(load > 0) || Double.isInfinite(load)) {
                throw new IllegalArgumentException("a load factor must be > 0 and finite, was " + load);
            }
        }
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be >= 1, was " + jobs);
        }
    }

    /** How many simulation runs the suite makes. */
    public int runs() {
        return workloads.size() * loads.size() * clusters.size() * policies.size() * seeds.size();
    }
}
