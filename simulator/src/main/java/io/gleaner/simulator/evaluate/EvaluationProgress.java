package io.gleaner.simulator.evaluate;

import io.gleaner.simulator.core.SimulationProgress;

/**
 * How far an evaluation has got: which run of how many, and how far that run is.
 *
 * @param run    index of the current run, from 0
 * @param runs   runs in the evaluation (policies times seeds)
 * @param policy policy of the current run
 * @param seed   seed of the current run
 * @param within progress of the current run
 */
public record EvaluationProgress(int run, int runs, String policy, long seed, SimulationProgress within) {
}
