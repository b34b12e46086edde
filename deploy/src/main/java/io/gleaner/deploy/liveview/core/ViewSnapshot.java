package io.gleaner.deploy.liveview.core;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The live view at one moment, what its JSON carries: times of points as epoch milliseconds, to keep the JSON small.
 *
 * @param eventTime   the latest event time read (the view's "now"; replayed traces run in their own time)
 * @param records     records folded in
 * @param skipped     records skipped because they did not decode, by topic
 * @param stopped     why reading the topics stopped, or empty while it goes on
 * @param nodesHidden nodes beyond {@link ViewLimits#nodes()}, counted but not shown
 * @param nodes       each node, by id
 * @param queues      each user's jobs waiting, running and ended, by user
 * @param placements  the placements read last, newest (in event time) first
 * @param qosActions  the QoS actions read last, newest first
 * @param deadLetters the dead letters read last, newest first
 * @param jobs        the jobs first read last, newest first
 */
public record ViewSnapshot(Instant eventTime, long records, Map<String, Long> skipped, String stopped,
                           long nodesHidden, List<Node> nodes, List<Queue> queues, List<LiveEvent.Placement> placements,
                           List<LiveEvent.QosAction> qosActions, List<LiveEvent.DeadLetter> deadLetters,
                           List<Job> jobs) {

    /**
     * One node: its capacity and latest state from its last heartbeat (zero before one), its recent owners' CPU use
     * ({@code [epoch ms, fraction]}), Gleaner's running attempts ({@code [epoch ms, count]}) and its latest CPU
     * forecast, if any.
     */
    public record Node(String nodeId, double cpus, long memoryBytes, int slots, int runningAttempts, double freeCpus,
                       List<double[]> ownersUse, List<long[]> attempts, Band forecast) {
    }

    /** A forecast band: from {@code start}, every {@code stepMillis}, the owners' use's {@code quantile} quantile. */
    public record Band(long issuedAt, double quantile, long start, long stepMillis, double[] utilization) {
    }

    /** A user's followed jobs: waiting (submitted, not started), running, ended (succeeded, failed, rejected). */
    public record Queue(String user, int waiting, int running, int ended) {
    }

    /**
     * A job and its goal: {@code goal} is empty without a deadline, else "met" or "missed" once ended (failed or
     * rejected is missed), "late" while open past it, "open" before it.
     */
    public record Job(String jobId, String jobName, String user, String queue, Instant submitted, int tasks,
                      int succeededTasks, String state, Instant deadline, Instant ended, String goal) {
    }
}
