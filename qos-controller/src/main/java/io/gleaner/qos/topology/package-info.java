/**
 * The QoS controller's Kafka side. For now only {@link io.gleaner.qos.topology.AvroMapping}, which turns the core's
 * {@link io.gleaner.qos.core.QosAction} into the {@code QosAction} Avro record of {@code qos.actions}; the Kafka
 * Streams topology that ticks the core on {@code nodes.utilization} and {@code nodes.heartbeats} is not written yet.
 */
package io.gleaner.qos.topology;
