/**
 * The QoS controller's pure core (Salamander §III-D, Algorithm 3; the Cuckoo baseline of §II-C): a
 * {@link io.gleaner.qos.core.NodeObservation} of one node at one period tick goes in, a
 * {@link io.gleaner.qos.core.QosDecision} (throttle the tasks' CPU, raise their limit, kill attempts, each with the
 * numbers that made it) comes out. {@link io.gleaner.qos.core.QosController} remembers, per node, the CPU limit in
 * force and the last tick, on event time only. No Kafka, no Avro, no clock.
 */
package io.gleaner.qos.core;
