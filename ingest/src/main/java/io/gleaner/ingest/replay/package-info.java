/**
 * The replayer behind {@code gleaner replay}: it takes the rows of a trace reader (one file, or a directory
 * read as a {@link io.gleaner.ingest.replay.TraceSequence}), keeps those inside a window of trace time
 * ({@link io.gleaner.ingest.replay.ReplayWindow}) whose key a seeded sample keeps
 * ({@link io.gleaner.ingest.replay.KeySampler}), passes them through an optional check (validation), waits
 * until each is due at the chosen speed (a {@link io.gleaner.ingest.replay.Pacer}), and hands records and dead
 * letters, each with its trace name and position ({@link io.gleaner.ingest.replay.TracePosition}), to
 * {@link io.gleaner.ingest.replay.RecordSink}s (one per record type with a
 * {@link io.gleaner.ingest.replay.RoutingSink}). A replay resumes without duplicates by reading back the last
 * position per partition ({@link io.gleaner.ingest.replay.KafkaReplayedPositions}). The Kafka sink, the
 * position reader and the wall-clock pacer are the only adapters here;
 * {@link io.gleaner.ingest.replay.WallClockPacer} is the one place in ingest that reads a clock (the position
 * reader also waits a second for a topic to settle before it reads).
 */
package io.gleaner.ingest.replay;
