/**
 * The simulator's lockstep with the planner through Kafka (docs/simulator.md#lockstep):
 * {@link io.gleaner.simulator.lockstep.KafkaPlannerLink} produces each round's jobs, reports, heartbeats and
 * utilization, waits on the planner's committed offsets (and, with a forecaster stage, on the forecasts the planner
 * reads: {@link io.gleaner.simulator.lockstep.ForecastBarrier}) and reads its placements. The planner's events map
 * through the planner's {@link io.gleaner.planner.events.EventMapping}; what only the simulator publishes (the
 * executor's part of a task report, utilization samples) through {@link io.gleaner.simulator.lockstep.LockstepRecords}.
 */
package io.gleaner.simulator.lockstep;
