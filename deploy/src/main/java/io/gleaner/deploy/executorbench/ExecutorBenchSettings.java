package io.gleaner.deploy.executorbench;

import java.time.Duration;

/**
 * What {@link ExecutorBench} simulates: {@code nodes} identical nodes heartbeating every {@code heartbeat}, for
 * {@code warmUp} (not measured) then {@code duration}, while {@code jobs} jobs are submitted evenly over the whole run,
 * each with 1..{@code maxMapsPerJob} maps and 0..{@code maxReducesPerJob} reduces of one demand, drawn from
 * {@code seed}; each attempt runs for a time drawn between {@code taskMin} and {@code taskMax}.
 */
public record ExecutorBenchSettings(int nodes, Duration heartbeat, Duration warmUp, Duration duration, int jobs,
                                    long seed, double nodeCpus, long nodeMemoryBytes, int nodeSlots, double taskCpus,
                                    long taskMemoryBytes, Duration taskMin, Duration taskMax, int maxMapsPerJob,
                                    int maxReducesPerJob) {
    public ExecutorBenchSettings {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be >= 1, was " + nodes);
        }
        if (heartbeat.toMillis() < 1) {
            throw new IllegalArgumentException("heartbeat must be >= 1 ms, was " + heartbeat);
        }
        if (warmUp.isNegative() || duration.toMillis() < 1) {
            throw new IllegalArgumentException("warmUp must be >= 0 and duration >= 1 ms, were " + warmUp + ", "
                    + duration);
        }
        if (jobs < 0) {
            throw new IllegalArgumentException("jobs must be >= 0, was " + jobs);
        }
        if (!(taskCpus > 0) || taskCpus > nodeCpus || taskMemoryBytes <= 0 || taskMemoryBytes > nodeMemoryBytes) {
            throw new IllegalArgumentException("a task's demand must be > 0 and fit a node: " + taskCpus + " of "
                    + nodeCpus + " cores, " + taskMemoryBytes + " of " + nodeMemoryBytes + " bytes");
        }
        if (taskMin.isNegative() || taskMax.compareTo(taskMin) < 0) {
            throw new IllegalArgumentException("task times need 0 <= min <= max, were " + taskMin + ", " + taskMax);
        }
        if (maxMapsPerJob < 1 || maxReducesPerJob < 0) {
            throw new IllegalArgumentException("maxMapsPerJob must be >= 1 and maxReducesPerJob >= 0, were "
                    + maxMapsPerJob + ", " + maxReducesPerJob);
        }
    }
}
