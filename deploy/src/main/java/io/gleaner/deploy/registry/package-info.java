/**
 * The embedded schema registry of the all-in-one runner: {@link io.gleaner.deploy.registry.EmbeddedSchemaRegistry}
 * serves the subset of Confluent's REST API that the serde of {@code io.gleaner.schemas.serde} uses (and a few
 * read-only endpoints more) on a local port, and keeps every registration in a compacted Kafka topic so that ids
 * survive a restart. It takes Avro schemas only and checks no compatibility ({@code GET /config} answers
 * {@code NONE}); in production, point the stages at a real registry instead.
 */
package io.gleaner.deploy.registry;
