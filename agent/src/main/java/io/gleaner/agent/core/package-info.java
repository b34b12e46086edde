/**
 * What the agent decides, over plain records: the attempts it holds, what it offers (free = slice - owners' use - the
 * QoS safety margin - what the attempts hold, docs/executor-protocol.md §5), the refusal rules and their reasons
 * (§8), the report each event produces (§7), and the CPU duty cycle that stands in for a cgroup quota. No Kafka, no
 * clock, no processes.
 */
package io.gleaner.agent.core;
