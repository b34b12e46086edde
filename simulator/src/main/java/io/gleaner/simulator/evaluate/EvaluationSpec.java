package io.gleaner.simulator.evaluate;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.qos.core.QosMode;
import io.gleaner.simulator.core.ClusterSpec;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an evaluation runs: one workload on one cluster under every policy, once per seed.
 *
 * @param jobs      the workload, each job with its user
 * @param cluster   the simulated cluster
 * @param owners    the owners' load of each node, per seed
 * @param pools     the users' min shares and weights: the Fair policy's pools and COSHH's share metrics
 * @param policies  the policies, in report order; the first is the baseline ratios are taken to
 * @param seeds     seeds of the runs, each policy running once per seed
 * @param qos       the QoS controller every run's nodes obey; empty for none
 */
public record EvaluationSpec(List<Job> jobs, ClusterSpec cluster, OwnerSource owners, List<Pool> pools,
                             List<PolicyName> policies, List<Long> seeds, Optional<QosMode> qos) {

    public EvaluationSpec {
        jobs = List.copyOf(jobs);
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(owners, "owners");
        pools = List.copyOf(pools);
        policies = List.copyOf(policies);
        seeds = List.copyOf(seeds);
        Objects.requireNonNull(qos, "qos");
        if (policies.isEmpty()) {
            throw new IllegalArgumentException("an evaluation needs at least one policy");
        }
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException("an evaluation needs at least one seed");
        }
    }

    /** An evaluation without a QoS controller. */
    public EvaluationSpec(List<Job> jobs, ClusterSpec cluster, OwnerSource owners, List<Pool> pools,
                          List<PolicyName> policies, List<Long> seeds) {
        this(jobs, cluster, owners, pools, policies, seeds, Optional.empty());
    }

    /** An evaluation without owners, without users' entitlements and without a QoS controller. */
    public EvaluationSpec(List<Job> jobs, ClusterSpec cluster, List<PolicyName> policies, List<Long> seeds) {
        this(jobs, cluster, OwnerSource.NONE, List.of(), policies, seeds);
    }
}
