package io.gleaner.agent.host;

/**
 * How the agent holds its attempts together to a CPU limit, and each to its memory where the mechanism can
 * (docs/executor-protocol.md §9, docs/agent.md "CPU limits"): cgroup v2 {@code cpu.max} and {@code memory.max} where
 * the agent may write a cgroup ({@link CgroupLimiter}), else a stop/continue duty cycle ({@link DutyCycleLimiter})
 * with memory left to the agent's check at each measurement.
 */
public interface AttemptLimiter extends AutoCloseable {

    /** One line for the start-up log: which mechanism, and where. */
    String mechanism();

    /**
     * Puts a newly started attempt under the limit, and under {@code memoryBytes} (its placed RAM; 0 for none) where
     * the mechanism can hold one attempt to its memory; where it cannot, the agent checks it at each measurement.
     */
    void add(AttemptProcess attempt, long memoryBytes);

    /** Takes an ended attempt out. */
    void remove(AttemptProcess attempt);

    /** The limit in cores for all attempts together; infinite for none. */
    void limit(double cores);

    /** What the attempts were measured to use, in cores, since the previous call (the duty cycle's feedback). */
    void measured(double cores);

    @Override
    void close();
}
