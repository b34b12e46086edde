/**
 * Will hold the per-node QoS controller (Salamander section III-D, Algorithm 3): throttle the CPU of
 * Gleaner's tasks and kill them before the owners of a node feel anything, published on {@code qos.actions}.
 * Nothing lives here yet.
 */
package io.gleaner.qoscontroller;
