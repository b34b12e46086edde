/**
 * Kafka Streams building blocks every stage shares: {@link io.gleaner.schemas.streams.DecodeOrDeadLetter}
 * decodes a source's raw bytes in a step that sees the record's metadata and turns what it cannot decode into
 * a {@link io.gleaner.schemas.avro.DeadLetter} (CONVENTIONS §4), so that bad input never stops a stage.
 */
package io.gleaner.schemas.streams;
