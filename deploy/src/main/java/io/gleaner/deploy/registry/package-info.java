/**
 * The embedded schema registry of the all-in-one runner: {@link io.gleaner.deploy.registry.EmbeddedSchemaRegistry}
 * serves the part of Confluent's REST API that stock clients call (docs/schema-registry.md) on a local port, enforces
 * compatibility levels at registration, and keeps its registrations and settings in a compacted Kafka topic so that
 * ids and levels survive a restart. It takes Avro schemas only; in production, point the stages at a real registry
 * instead.
 */
package io.gleaner.deploy.registry;
