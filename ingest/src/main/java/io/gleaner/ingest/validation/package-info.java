/**
 * Validation of utilization samples before they reach {@code nodes.utilization}: a stateful
 * {@link io.gleaner.ingest.validation.SampleValidator} checks each sample against the
 * {@link io.gleaner.ingest.validation.ValidationRule}s (not a number, out of range, unknown unit, time
 * going backwards, duplicate, unknown node), counts what it accepted and rejected in a
 * {@link io.gleaner.ingest.validation.ValidationSummary}, and a
 * {@link io.gleaner.ingest.validation.ValidatingReader} wraps any trace reader so that rows failing a
 * rule become dead letters with the reason and the source position. State is one timestamp per
 * (node, metric, source), so memory is bounded by the number of nodes, not by the length of the trace.
 */
package io.gleaner.ingest.validation;
