/**
 * The contract between Gleaner's stages: the topic catalogue ({@link io.gleaner.schemas.Topics}), the
 * Avro types generated from {@code src/main/avro} (package {@code io.gleaner.schemas.avro}) and, in
 * {@code io.gleaner.schemas.serde}, the serde that speaks Confluent's wire format to a schema registry.
 */
package io.gleaner.schemas;
