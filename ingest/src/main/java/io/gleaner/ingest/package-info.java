/**
 * Gleaner ingest: readers that turn public traces and telemetry into the canonical Avro events of
 * DESIGN.md section 2, and the replayer that puts them on the canonical topics at a chosen speed.
 * Rows a reader cannot use become {@link io.gleaner.schemas.avro.DeadLetter}s, never exceptions.
 * Subpackages: {@code trace} (line reading, gzip, classpath resources, the row type shared by all
 * readers), {@code swim} (the SWIM MapReduce job traces) and {@code replay} (pacing and sinks).
 */
package io.gleaner.ingest;
