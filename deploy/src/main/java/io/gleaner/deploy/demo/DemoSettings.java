package io.gleaner.deploy.demo;

import io.gleaner.planner.core.PolicyName;
import java.time.Duration;
import java.util.Objects;

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
 */
public record DemoSettings(int jobs, long seed, String cluster, String trace, PolicyName policy,
                           Duration heartbeatPeriod, long commitIntervalMs) {

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
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be >= 1, was " + jobs);
        }
        if (commitIntervalMs < 0) {
            throw new IllegalArgumentException("commitIntervalMs must be >= 0, was " + commitIntervalMs);
        }
    }
}
