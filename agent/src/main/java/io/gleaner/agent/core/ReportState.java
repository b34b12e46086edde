package io.gleaner.agent.core;

/** The states an agent reports on {@code tasks.reports} (docs/executor-protocol.md §7), the Avro {@code TaskState}'s. */
public enum ReportState { LAUNCHED, SUCCEEDED, FAILED, KILLED, REFUSED }
