/**
 * The per-node QoS controller (Salamander §III-D, Algorithm 3): every period of event time it throttles the CPU of
 * Gleaner's tasks on a node and kills them, latest-scheduled first, before the node's owners feel them; the old
 * Cuckoo controller (Salamander §II-C), which kills on any violation, stays as a baseline. The algorithm lives in
 * {@code core}; the Kafka Streams stage that runs it on heartbeats, utilization samples and placements and publishes
 * its actions on {@code qos.actions} lives in {@code topology}; {@link io.gleaner.qos.QosConfig} holds its settings
 * and {@link io.gleaner.qos.QosApp} runs it.
 */
package io.gleaner.qos;
