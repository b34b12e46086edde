/**
 * The per-node QoS controller (Salamander §III-D, Algorithm 3): every period of event time it throttles the CPU of
 * Gleaner's tasks on a node and kills them, latest-scheduled first, before the node's owners feel them; the old
 * Cuckoo controller (Salamander §II-C), which kills on any violation, stays as a baseline. The algorithm lives in
 * {@code core}; its actions are published on {@code qos.actions}.
 */
package io.gleaner.qos;
