package io.gleaner.agent.core;

/**
 * One utilization sample (docs/executor-protocol.md §5): a fraction of the slice in [0, 1].
 *
 * @param metric {@code CPU} or {@code MEMORY}
 * @param source {@code REGULAR} (the owners), {@code EPHEMERAL} (Gleaner's attempts) or {@code TOTAL} (both)
 */
public record Sample(String metric, String source, double value) {
}
