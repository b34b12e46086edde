/**
 * The reference executor: a simulated cluster that consumes placements and produces heartbeats, task reports and
 * utilization (DESIGN.md section 4). Cluster presets ({@link io.gleaner.simulator.ClusterPresets}) are YAML files
 * under {@code presets/}; the model is in {@code core}, the Kafka lockstep link in {@code lockstep}.
 */
package io.gleaner.simulator;
