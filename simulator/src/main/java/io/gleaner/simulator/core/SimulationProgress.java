package io.gleaner.simulator.core;

import java.time.Instant;

/**
 * How far a run has got, after each round: enough for a progress bar.
 *
 * @param rounds        rounds done
 * @param virtualTime   grid time of the last round
 * @param jobsCompleted jobs whose every task has succeeded
 * @param jobsTotal     jobs in the workload
 */
public record SimulationProgress(long rounds, Instant virtualTime, int jobsCompleted, int jobsTotal) {
}
