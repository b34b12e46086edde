package io.gleaner.simulator.core;

/**
 * What a {@link Simulation} counts of decisions, attempts and data movement as it runs; read out as
 * {@link AttemptCounts}.
 */
final class AttemptTally {

    long tasks;
    long decisions;
    long duplicateDecisions;
    long attempts;
    long failedAttempts;
    long killedAttempts;
    long mapAttempts;
    long remoteMapAttempts;
    long remoteShuffleBytes;
    long chunkMoves;
    long movedBytes;

    /** The counts so far, with the {@code relaunchedTasks} the simulation tracks by task. */
    AttemptCounts counts(long relaunchedTasks) {
        return new AttemptCounts(tasks, decisions, duplicateDecisions, attempts, failedAttempts, killedAttempts,
                relaunchedTasks, mapAttempts, remoteMapAttempts, remoteShuffleBytes, chunkMoves, movedBytes);
    }
}
