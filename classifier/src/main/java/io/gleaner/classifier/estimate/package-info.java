/**
 * The pure core of job profiles and completion-time estimates: records in, records out, no Kafka, Avro or clock.
 * {@link io.gleaner.classifier.estimate.ProfileBuilder} turns successful task attempts
 * ({@link io.gleaner.classifier.estimate.TaskRun}) into the 13-field {@link io.gleaner.classifier.estimate.JobProfile}
 * of seed 002 §3.2.2 plus the online mean task length µ per phase and node type of seed 003 §3.3.1, and merges
 * runs of one job name; {@link io.gleaner.classifier.estimate.WaveBoundModel} is the wave-bound completion-time
 * model of seed 002 §3.4 (Eqs. 3.1–3.15, with ceilings); {@link io.gleaner.classifier.estimate.SlotsForDeadline}
 * sizes a job for a deadline (seed 002 §3.5, Eqs. 3.16–3.18, with the feasibility, rounding, caps and wave-exact
 * re-check of {@code reference/seed-002-notes.md} §3.4); {@link io.gleaner.classifier.estimate.SlotsNeeded} is the
 * slots-needed estimate of seed 003 Eq. 1; and {@link io.gleaner.classifier.estimate.ExecutionTimes} gives COSHH
 * §2.1–2.2's mean execution time and rate of a job on each node type. Durations are milliseconds as doubles.
 */
package io.gleaner.classifier.estimate;
