package io.gleaner.qos.core;

import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;

/**
 * A task attempt running on a node, as the QoS controller sees it.
 *
 * @param decisionId  the placement decision that launched it (one attempt per {@code PlacementDecision}); the id a
 *                    {@code KILL_TASK} action names
 * @param scheduledAt when it was scheduled on the node, the order of Algorithm 3's "latest-scheduled first"
 * @param cpus        the cores it uses now, finite and >= 0 (only the Cuckoo baseline, which kills on CPU, reads it)
 * @param ramBytes    the RAM it holds now, >= 0 (Algorithm 3 line 11 subtracts it from the tasks' RAM use)
 */
public record RunningAttempt(String decisionId, Instant scheduledAt, double cpus, long ramBytes) {

    /**
     * The kill order of Algorithm 3 line 10, {@code killLastScheduledTask()}: latest {@link #scheduledAt} first
     * (the paper: "so to avoid killing tasks that may almost finish their execution"); attempts scheduled at the same
     * instant go in ascending {@link #decisionId} order, so the order never depends on how they were listed.
     */
    public static final Comparator<RunningAttempt> LATEST_SCHEDULED_FIRST =
            Comparator.comparing(RunningAttempt::scheduledAt).reversed()
                    .thenComparing(RunningAttempt::decisionId);

    public RunningAttempt {
        Objects.requireNonNull(decisionId, "decisionId");
        Objects.requireNonNull(scheduledAt, "scheduledAt");
        if (decisionId.isBlank()) {
            throw new IllegalArgumentException("decisionId must not be blank");
        }
        if (!Double.isFinite(cpus) || cpus < 0) {
            throw new IllegalArgumentException("cpus of attempt " + decisionId + " must be finite and >= 0, was "
                    + cpus);
        }
        if (ramBytes < 0) {
            throw new IllegalArgumentException("ramBytes of attempt " + decisionId + " must be >= 0, was " + ramBytes);
        }
    }
}
