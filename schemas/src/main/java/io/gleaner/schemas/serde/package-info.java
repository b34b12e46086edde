/**
 * Confluent's wire format and schema registry protocol, spoken without Confluent's jars: {@link
 * io.gleaner.schemas.serde.WireFormat} frames an Avro body behind a magic byte and a schema id, {@link
 * io.gleaner.schemas.serde.AvroSerde} (with its serializer and deserializer) turns Avro records into those
 * bytes and back, and {@link io.gleaner.schemas.serde.SchemaRegistryClient} is the seam to the registry, with an
 * in-memory implementation for {@code TopologyTestDriver} tests and a REST implementation for a real registry
 * (Confluent's, or the embedded one of {@code deploy}). This package is the only place the wire format lives.
 */
package io.gleaner.schemas.serde;
