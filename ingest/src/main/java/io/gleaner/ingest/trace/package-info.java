/**
 * What every line-oriented trace reader shares: opening a trace from a file or the classpath (plain
 * or gzip, told apart by the gzip magic bytes), reading it one bounded line at a time, and the
 * {@link io.gleaner.ingest.trace.TraceRow} each line becomes: a parsed record with its event time and
 * key, or a rejection carrying a dead letter; and the strict reading of a decimal field
 * ({@link io.gleaner.ingest.trace.TraceNumbers}). Nothing here holds more than one line in memory.
 */
package io.gleaner.ingest.trace;
