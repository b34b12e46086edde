/**
 * The contract between Gleaner's stages: the topic catalogue ({@link io.gleaner.schemas.Topics}), the
 * Avro types generated from {@code src/main/avro} (package {@code io.gleaner.schemas.avro}) and, in
 * {@code io.gleaner.schemas.serde}, the serde that speaks Confluent's wire format to a schema registry. The
 * input topics' field rules are here too ({@link io.gleaner.schemas.InputChecks} with the bounds of
 * {@link io.gleaner.schemas.InputLimits}), so that every stage reading a topic applies the same ones.
 */
package io.gleaner.schemas;
