package io.gleaner.simulator.evaluate;

import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.planner.core.salamander.SalamanderSettings;
import io.gleaner.qos.core.QosSettings;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.InProcessPlannerLink;
import io.gleaner.simulator.core.NodeFailures;
import io.gleaner.simulator.core.OwnerForecasts;
import io.gleaner.simulator.core.SimulationSettings;
import java.time.Duration;
import java.time.Instant;
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
 * @param qos       the QoS controller each policy's runs obey
 * @param margin    the safety margin S(m) of every run ({@link SimulationSettings#safetyMargin()})
 * @param placeData whether the policies that place a new job's input do ({@link PolicySettings#placeData()})
 * @param localityDelay the Fair policy's delay scheduling wait ({@link PolicySettings#localityDelay()}), &gt;= 0
 * @param forecaster the learner of the in-process forecasts of the owners' use that the policies read
 *                  ({@link InProcessPlannerLink#forecasts})
 * @param reaction  how those forecasts react to their misses, or empty for forecasts refit on the schedule only
 * @param failures  the nodes that fail in each run ({@link NodeFailures#of}, from the first job's arrival and the
 *                  run's seed)
 * @param salamanderRepairMoveLimit Salamander's local-search moves per repaired plan
 *                  ({@link SalamanderSettings#repairMoveLimit()}), &gt;= 0
 */
public record EvaluationSpec(List<Job> jobs, ClusterSpec cluster, OwnerSource owners, List<Pool> pools,
                             List<PolicyName> policies, List<Long> seeds, Controllers qos, double margin,
                             boolean placeData, Duration localityDelay, Forecaster forecaster,
                             Optional<MissReaction> reaction, NodeFailures failures, long salamanderRepairMoveLimit) {

    public EvaluationSpec {
        jobs = List.copyOf(jobs);
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(owners, "owners");
        pools = List.copyOf(pools);
        policies = List.copyOf(policies);
        seeds = List.copyOf(seeds);
        Objects.requireNonNull(qos, "qos");
        if (!(margin >= 0 && margin < 1)) {
            throw new IllegalArgumentException("margin must be in [0, 1), was " + margin);
        }
        if (policies.isEmpty()) {
            throw new IllegalArgumentException("an evaluation needs at least one policy");
        }
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException("an evaluation needs at least one seed");
        }
        Objects.requireNonNull(localityDelay, "localityDelay");
        if (localityDelay.isNegative()) {
            throw new IllegalArgumentException("localityDelay must be >= 0, was " + localityDelay);
        }
        Objects.requireNonNull(forecaster, "forecaster");
        Objects.requireNonNull(reaction, "reaction");
        Objects.requireNonNull(failures, "failures");
        if (salamanderRepairMoveLimit < 0) {
            throw new IllegalArgumentException("salamanderRepairMoveLimit must be >= 0, was "
                    + salamanderRepairMoveLimit);
        }
        if (!jobs.isEmpty()) {
            // A schedule that names a node the cluster does not have is bad configuration: say so before any run.
            failures.of(cluster, start(jobs), seeds.get(0));
        }
    }

    /** An evaluation with Salamander's default repair budget. */
    public EvaluationSpec(List<Job> jobs, ClusterSpec cluster, OwnerSource owners, List<Pool> pools,
                          List<PolicyName> policies, List<Long> seeds, Controllers qos, double margin,
                          boolean placeData, Duration localityDelay, Forecaster forecaster,
                          Optional<MissReaction> reaction, NodeFailures failures) {
        this(jobs, cluster, owners, pools, policies, seeds, qos, margin, placeData, localityDelay, forecaster,
                reaction, failures, SalamanderSettings.DEFAULT_REPAIR_MOVE_LIMIT);
    }

    /** An evaluation without node failures. */
    public EvaluationSpec(List<Job> jobs, ClusterSpec cluster, OwnerSource owners, List<Pool> pools,
                          List<PolicyName> policies, List<Long> seeds, Controllers qos, double margin,
                          boolean placeData, Duration localityDelay, Forecaster forecaster,
                          Optional<MissReaction> reaction) {
        this(jobs, cluster, owners, pools, policies, seeds, qos, margin, placeData, localityDelay, forecaster,
                reaction, NodeFailures.NONE);
    }

    /** An evaluation whose in-process forecasts are refit on the schedule only. */
    public EvaluationSpec(List<Job> jobs, ClusterSpec cluster, OwnerSource owners, List<Pool> pools,
                          List<PolicyName> policies, List<Long> seeds, Controllers qos, double margin,
                          boolean placeData, Duration localityDelay, Forecaster forecaster) {
        this(jobs, cluster, owners, pools, policies, seeds, qos, margin, placeData, localityDelay, forecaster,
                Optional.empty());
    }

    /** This evaluation with in-process forecasts that react to their misses. */
    public EvaluationSpec withReaction(MissReaction value) {
        return new EvaluationSpec(jobs, cluster, owners, pools, policies, seeds, qos, margin, placeData, localityDelay,
                forecaster, Optional.of(value), failures, salamanderRepairMoveLimit);
    }

    /** This evaluation with nodes that fail in each run. */
    public EvaluationSpec withFailures(NodeFailures value) {
        return new EvaluationSpec(jobs, cluster, owners, pools, policies, seeds, qos, margin, placeData, localityDelay,
                forecaster, reaction, value, salamanderRepairMoveLimit);
    }

    /** This evaluation with Salamander repairing each plan with {@code value} local-search moves. */
    public EvaluationSpec withSalamanderRepairMoveLimit(long value) {
        return new EvaluationSpec(jobs, cluster, owners, pools, policies, seeds, qos, margin, placeData, localityDelay,
                forecaster, reaction, failures, value);
    }

    /** An evaluation with the policies' own data placement and locality delay, and the stage's learner. */
    public EvaluationSpec(List<Job> jobs, ClusterSpec cluster, OwnerSource owners, List<Pool> pools,
                          List<PolicyName> policies, List<Long> seeds, Controllers qos, double margin) {
        this(jobs, cluster, owners, pools, policies, seeds, qos, margin, true, PolicySettings.DEFAULT_LOCALITY_DELAY,
                OwnerForecasts.defaultForecaster());
    }

    /** An evaluation without a QoS controller. */
    public EvaluationSpec(List<Job> jobs, ClusterSpec cluster, OwnerSource owners, List<Pool> pools,
                          List<PolicyName> policies, List<Long> seeds) {
        this(jobs, cluster, owners, pools, policies, seeds, Controllers.NONE, QosSettings.DEFAULT_SAFETY_MARGIN);
    }

    /** The settings of the run of {@code policy} with {@code seed}. */
    public SimulationSettings settings(PolicyName policy, long seed) {
        var settings = SimulationSettings.withSeed(seed).withQos(qos.of(policy)).withSafetyMargin(margin);
        return jobs.isEmpty() ? settings : settings.withNodeFailures(failures.of(cluster, start(jobs), seed));
    }

    /** When the first job arrives: where a failure schedule's durations count from. */
    private static Instant start(List<Job> jobs) {
        return jobs.stream().map(Job::submitTime).min(Instant::compareTo).orElseThrow();
    }

    /** An evaluation without owners, without users' entitlements and without a QoS controller. */
    public EvaluationSpec(List<Job> jobs, ClusterSpec cluster, List<PolicyName> policies, List<Long> seeds) {
        this(jobs, cluster, OwnerSource.NONE, List.of(), policies, seeds);
    }
}
