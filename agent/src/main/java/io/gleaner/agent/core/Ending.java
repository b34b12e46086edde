package io.gleaner.agent.core;

/**
 * How an attempt's process ended, as the host saw it.
 *
 * @param exitCode   its exit status (128 + n after signal n, as a shell reports it), or null when nobody knows:
 *                   the process ended while the agent was away and left no exit file
 * @param stderrTail the last bytes of its stderr, stripped; may be empty
 * @param cpuSeconds core-seconds it used, as last measured
 * @param memoryBytes the most RAM it was seen to hold
 */
public record Ending(Integer exitCode, String stderrTail, double cpuSeconds, long memoryBytes) {
}
