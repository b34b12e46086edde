/**
 * The node agent ({@code gleaner agent}): runs the placements addressed to its node as processes on what the owners
 * leave of its slice of the node, reports them on {@code tasks.reports}, heartbeats and samples the node, and applies
 * the QoS controller's actions (docs/agent.md; the contract is docs/executor-protocol.md). {@code core} decides
 * (pure), {@code host} measures and runs processes, {@code kafka} talks to the topics, {@link io.gleaner.agent.Agent}
 * wires them.
 */
package io.gleaner.agent;
