/**
 * The simulator's pure core: a discrete-event model of a heterogeneous cluster (nodes, chunk replicas, task
 * attempts whose run time is work over speed, plus a transfer when remote) that runs in virtual time in lockstep
 * with a planner behind {@link io.gleaner.simulator.core.PlannerLink}, and the
 * {@link io.gleaner.simulator.core.SimulationReport} of a run. The in-process planner reads forecasts of the owners'
 * use from {@link io.gleaner.simulator.core.OwnerForecasts}, the forecaster's core run on the rounds' utilization.
 * No Kafka, no Avro, no clock.
 */
package io.gleaner.simulator.core;
