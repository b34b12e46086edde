package io.gleaner.simulator.core;

/**
 * What happened to the tasks of a run.
 *
 * @param tasks              tasks of the submitted jobs (maps and reduces)
 * @param decisions          placements received from the planner, duplicates excluded
 * @param duplicateDecisions placements whose decision id had been received before; ignored
 * @param attempts           attempts that took their node (the placement fitted)
 * @param failedAttempts     placements refused by their node (did not fit, unknown node or job)
 * @param killedAttempts     attempts killed: by their node when the owners took its memory back, or by the QoS
 *                           controller ({@link QosCounts} tells them apart)
 * @param relaunchedTasks    tasks that lost a running attempt and had to run again (Salamander section IV): killed,
 *                           or lost with their node ({@link NodeFailure})
 * @param mapAttempts        map attempts that took their node
 * @param remoteMapAttempts  map attempts on a node without a replica of their chunk, which copied it first
 * @param remoteShuffleBytes bytes reduces fetched from maps on other nodes
 * @param chunkMoves         chunk copies the planner asked for with its placements (Salamander section III-C)
 * @param movedBytes         bytes those copies moved
 */
public record AttemptCounts(long tasks, long decisions, long duplicateDecisions, long attempts, long failedAttempts,
                            long killedAttempts, long relaunchedTasks, long mapAttempts, long remoteMapAttempts,
                            long remoteShuffleBytes, long chunkMoves, long movedBytes) {

    /** Share of map attempts that were remote (Salamander section IV); NaN when no map ran. */
    public double remoteMapShare() {
        return mapAttempts == 0 ? Double.NaN : (double) remoteMapAttempts / mapAttempts;
    }

    /** Share of tasks relaunched after losing a running attempt; NaN without tasks. */
    public double relaunchedShare() {
        return tasks == 0 ? Double.NaN : (double) relaunchedTasks / tasks;
    }
}
