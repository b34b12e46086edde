/**
 * The QoS controller's Kafka side: {@link io.gleaner.qos.topology.QosTopology} builds, per node, a view of its
 * heartbeats ({@code nodes.heartbeats}), utilization samples ({@code nodes.utilization}) and placements
 * ({@code placements}), co-partitioned by node id through one named repartition topic, ticks the core's
 * {@link io.gleaner.qos.core.QosController} on each record's event time and publishes the actions on
 * {@code qos.actions}; {@link io.gleaner.qos.QosRecords} turns the core's actions into that topic's Avro
 * record. Bad input becomes a dead letter.
 */
package io.gleaner.qos.topology;
