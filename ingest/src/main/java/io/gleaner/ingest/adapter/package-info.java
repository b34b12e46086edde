/**
 * The live telemetry adapter: a Kafka Streams application that reads telemetry already flowing in Kafka
 * (Telegraf's JSON output, the OpenTelemetry collector's OTLP/JSON, or any JSON or CSV a mapping file
 * describes), turns each record into {@link io.gleaner.schemas.avro.UtilizationSample}s with the same
 * {@link io.gleaner.ingest.mapping.Mapping} the file readers use, validates them with the rules of
 * {@link io.gleaner.ingest.validation.SampleValidator} (last times in a persistent, changelogged store), and
 * writes them to {@code nodes.utilization}, everything rejected to {@code deadletter}.
 * {@link io.gleaner.ingest.adapter.AdapterTopology} builds the topology,
 * {@link io.gleaner.ingest.adapter.AdapterConfig} holds the settings and
 * {@link io.gleaner.ingest.adapter.AdapterApp} runs it.
 */
package io.gleaner.ingest.adapter;
