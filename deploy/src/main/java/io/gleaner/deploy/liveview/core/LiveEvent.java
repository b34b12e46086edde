package io.gleaner.deploy.liveview.core;

import java.time.Instant;

/** One record of a topic the live view reads, as plain values; times are the records' event times. */
public sealed interface LiveEvent {

    /** A node's heartbeat ({@code nodes.heartbeats}): its capacity, what is free, Gleaner's running attempts. */
    record Heartbeat(String nodeId, Instant time, double cpus, long memoryBytes, int slots, double freeCpus,
                     long freeMemoryBytes, int runningAttempts) implements LiveEvent {
    }

    /** The owners' CPU use of a node ({@code nodes.utilization}, source REGULAR), a fraction of its capacity. */
    record OwnersUse(String nodeId, Instant time, double fraction) implements LiveEvent {
    }

    /**
     * The forecast of a node's owners' CPU use ({@code forecasts}): at each step from {@code start}, the use the owners
     * stay under with probability {@code quantile}, as fractions of capacity.
     */
    record Forecast(String nodeId, Instant issuedAt, double quantile, Instant start, long stepMillis,
                    double[] utilization) implements LiveEvent {
    }

    /** One task attempt placed ({@code placements}), at {@code time}, the record's time. */
    record Placement(String decisionId, String jobId, String nodeId, Instant time, String policy, double cpus,
                     long memoryBytes) implements LiveEvent {
    }

    /** An action of the QoS controller ({@code qos.actions}): a throttle, a raise or a kill. */
    record QosAction(String nodeId, Instant time, String action, Double cpuLimit, String decisionId,
                     String reason) implements LiveEvent {
    }

    /** A record some stage could not use ({@code deadletter}). */
    record DeadLetter(Instant time, String stage, String sourceTopic, int partition, long offset, String reason)
            implements LiveEvent {
    }

    /** A job submitted ({@code jobs.submitted}) by a user to a queue, with its deadline if it has one. */
    record JobSubmitted(String jobId, String jobName, String user, String queue, Instant submitTime, int tasks,
                        Instant deadline) implements LiveEvent {
    }

    /**
     * A step of a job's life cycle ({@code jobs.events}): {@code type} is the JobEventType's name (SUBMITTED,
     * ADMITTED, REJECTED, STARTED, ATTEMPT_LOST, SUCCEEDED, FAILED).
     */
    record JobEvent(String jobId, String type, Instant time, int tasks, int succeededTasks, String reason)
            implements LiveEvent {
    }
}
