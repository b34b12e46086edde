/**
 * What a running process shows its operators: Gleaner's own meters ({@link io.gleaner.runtime.metrics.GleanerMeters},
 * counted by the stages' adapters) and the port that serves them with the Kafka clients' and the JVM's, beside the
 * liveness and readiness probes ({@link io.gleaner.runtime.metrics.MetricsServer}; docs/operations.md#metrics-and-health).
 */
package io.gleaner.runtime.metrics;
