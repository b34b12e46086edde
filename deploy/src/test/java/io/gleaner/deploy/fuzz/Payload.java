package io.gleaner.deploy.fuzz;

/** What the values of a fuzzed topic are: one Avro event type of the catalogue, or the adapter's telemetry JSON. */
public enum Payload {
    JOB, HEARTBEAT, SAMPLE, REPORT, FORECAST, PROFILE, PLACEMENT, TELEMETRY;

    /** Whether values are Confluent-framed Avro (every payload but the adapter's telemetry). */
    public boolean avro() {
        return this != TELEMETRY;
    }
}
