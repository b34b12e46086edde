package io.gleaner.qos.core;

/** What a {@link QosAction} tells a node to do; the symbols of {@code QosActionKind} in {@code QosAction.avsc}. */
public enum QosActionKind {
    /** Lower the CPU limit of the tasks (Algorithm 3 line 5). */
    THROTTLE_CPU,
    /** Raise the CPU limit of the tasks (Algorithm 3 line 6). */
    RAISE_CPU_LIMIT,
    /** Kill one attempt (Algorithm 3 lines 10 and 14; any violation under Cuckoo). */
    KILL_TASK
}
