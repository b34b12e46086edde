/**
 * The agent's Kafka side: its own partitions of {@code placements} and {@code qos.actions} read
 * {@code read_committed}, heartbeats, samples and reports written, through Gleaner's serde and registry client
 * (docs/executor-protocol.md §1–§3); {@link io.gleaner.agent.kafka.AvroMapping} is the only file that knows both the
 * Avro records and the core's.
 */
package io.gleaner.agent.kafka;
