/**
 * The planner's Kafka Streams adapter: {@link io.gleaner.planner.topology.PlannerTopology} decodes jobs,
 * heartbeats and task reports (dead-lettering what it cannot use), applies them one at a time to the core's
 * {@link io.gleaner.planner.core.PlannerCell} over state stores, and publishes its placements keyed by node.
 * Events map to core records through {@link io.gleaner.planner.events.EventMapping}; the store values through
 * {@link io.gleaner.planner.topology.PlannerRecords}.
 *
 * <p>The job store's value, {@code PlannerJobState}, evolves by optional fields with defaults only, so that a
 * planner reads the changelog an older one wrote: {@code PhaseProgress.launchedBeyond} (tasks launched past the
 * leading run that {@code launched} counts; null, the default, for FIFO's in-order launches and for states written
 * before it existed) and {@code localityWaitSince} (the fair policy's delay-scheduling wait; null, the default, when
 * not waiting), and a job's {@code TaskGroup.layout} inside it (null, the default: no locality). An older planner
 * reading a state the fair policy wrote would skip {@code launchedBeyond} and take the out-of-order launched tasks
 * for fresh ones, so do not roll a planner back across this change while the fair policy's jobs are unfinished.
 */
package io.gleaner.planner.topology;
