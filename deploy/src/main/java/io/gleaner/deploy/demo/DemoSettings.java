package io.gleaner.deploy.demo;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.qos.core.QosMode;
import io.gleaner.planner.core.Pool;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.NodeFailures;
import io.gleaner.simulator.evaluate.OwnerSource;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * What the demo runs: the first {@code jobs} jobs of a SWIM trace on a simulated cluster, through the planner.
 *
 * @param jobs             how many jobs of the trace, from its start
 * @param seed             seed of the simulation (chunk replica layout)
 * @param cluster          cluster preset name or YAML file
 * @param trace            SWIM trace location: a path or {@code classpath:<resource>}
 * @param policy           the planner's placement policy
 * @param heartbeatPeriod  event time between heartbeat rounds
 * @param commitIntervalMs the planner's commit interval; every lockstep round waits for one commit
 * @param users            gives each job of the trace its user
 * @param pools            the users' min shares and weights (the Fair policy's pools, COSHH's share metrics)
 * @param owners           the owners' load of the cluster for the trace's jobs
 * @param qos              the QoS controller the simulated nodes obey (empty: none)
 * @param failures         the simulated nodes that fail, counted from the first job's arrival, drawn with
 *                         {@code seed} ({@link NodeFailures#of})
 */
public record DemoSettings(int jobs, long seed, String cluster, String trace, PolicyName policy,
                           Duration heartbeatPeriod, long commitIntervalMs, UnaryOperator<Job> users,
                           List<Pool> pools, BiFunction<ClusterSpec, List<Job>, OwnerSource> owners,
                           Optional<QosMode> qos, NodeFailures failures) {

    /** A cluster whose whole capacity is spare. */
    public static final BiFunction<ClusterSpec, List<Job>, OwnerSource> NO_OWNERS = (cluster, jobs) -> OwnerSource.NONE;

    /** Jobs the demo runs by default. */
    public static final int DEFAULT_JOBS = 200;
    /** Seed the demo uses by default. */
    public static final long DEFAULT_SEED = 42;
    /**
     * Commit interval of the demo's planner. Kafka's exactly-once default is 100 ms; the demo pays one commit per
     * round, so a shorter interval finishes sooner at the cost of more, smaller transactions.
     */
    public static final long DEFAULT_COMMIT_INTERVAL_MS = 20;

    public DemoSettings {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(trace, "trace");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(heartbeatPeriod, "heartbeatPeriod");
        Objects.requireNonNull(users, "users");
        Objects.requireNonNull(owners, "owners");
        Objects.requireNonNull(qos, "qos");
        Objects.requireNonNull(failures, "failures");
        pools = List.copyOf(pools);
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be >= 1, was " + jobs);
        }
        if (commitIntervalMs < 0) {
            throw new IllegalArgumentException("commitIntervalMs must be >= 0, was " + commitIntervalMs);
        }
    }

    /** A demo in which no node fails. */
    public DemoSettings(int jobs, long seed, String cluster, String trace, PolicyName policy, Duration heartbeatPeriod,
                        long commitIntervalMs, UnaryOperator<Job> users, List<Pool> pools,
                        BiFunction<ClusterSpec, List<Job>, OwnerSource> owners, Optional<QosMode> qos) {
        this(jobs, seed, cluster, trace, policy, heartbeatPeriod, commitIntervalMs, users, pools, owners, qos,
                NodeFailures.NONE);
    }

    /** This demo with nodes that fail. */
    public DemoSettings withFailures(NodeFailures value) {
        return new DemoSettings(jobs, seed, cluster, trace, policy, heartbeatPeriod, commitIntervalMs, users, pools,
                owners, qos, value);
    }

    /** A demo whose nodes obey no QoS controller. */
    public DemoSettings(int jobs, long seed, String cluster, String trace, PolicyName policy, Duration heartbeatPeriod,
                        long commitIntervalMs, UnaryOperator<Job> users, List<Pool> pools,
                        BiFunction<ClusterSpec, List<Job>, OwnerSource> owners) {
        this(jobs, seed, cluster, trace, policy, heartbeatPeriod, commitIntervalMs, users, pools, owners,
                Optional.empty());
    }

    /** A demo without owners, with the trace's users and no pools. */
    public DemoSettings(int jobs, long seed, String cluster, String trace, PolicyName policy, Duration heartbeatPeriod,
                        long commitIntervalMs) {
        this(jobs, seed, cluster, trace, policy, heartbeatPeriod, commitIntervalMs, job -> job, List.of(),
                NO_OWNERS);
    }
}
