/**
 * The agent's hands on the node: measurement from {@code /proc} ({@link io.gleaner.agent.host.ProcFs},
 * {@link io.gleaner.agent.host.NodeMeter}), attempts as process trees in directories of their own
 * ({@link io.gleaner.agent.host.AttemptProcess}), and the CPU limit by cgroup v2 {@code cpu.max} or by a
 * stop/continue duty cycle ({@link io.gleaner.agent.host.AttemptLimiter}). Why {@code /proc} and not OSHI:
 * docs/agent.md "Measuring the node".
 */
package io.gleaner.agent.host;
