/**
 * The replayer behind {@code gleaner replay}: it takes the rows of a trace reader, waits until each
 * row's event time is due at the chosen speed (a {@link io.gleaner.ingest.replay.Pacer}), and hands
 * records and dead letters to {@link io.gleaner.ingest.replay.RecordSink}s. The Kafka sink and the
 * wall-clock pacer are the only adapters here; {@link io.gleaner.ingest.replay.WallClockPacer} is the
 * one place in ingest that reads a clock.
 */
package io.gleaner.ingest.replay;
