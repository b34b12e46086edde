/**
 * Kafka Streams building blocks every stage shares: {@link io.gleaner.runtime.DecodedSource} reads an
 * input topic on event time and decodes each value once, in a step that sees the record's metadata and turns what
 * it cannot decode into a {@link io.gleaner.schemas.avro.DeadLetter} (CONVENTIONS §4), so that bad input never stops
 * a stage; the stages' shared settings, lifecycle and internal record framing live here too.
 */
package io.gleaner.runtime;
