/**
 * Gleaner ingest: readers that turn public traces and telemetry into the canonical Avro events of
 * DESIGN.md section 2, and the replayer that puts them on the canonical topics at a chosen speed.
 * Rows a reader cannot use become {@link io.gleaner.schemas.avro.DeadLetter}s, never exceptions.
 * Subpackages: {@code trace} (line reading, gzip, classpath resources, the row type shared by all
 * readers), {@code swim} (SWIM MapReduce job traces), {@code bitbrains} (Bitbrains GWA-T-12 VM
 * utilization), {@code alibaba} (Alibaba cluster-trace-v2018 machines and batch workload),
 * {@code google} (Google cluster-data 2011), {@code mapping} (declarative CSV/JSON/OTLP field mappings),
 * {@code validation} (the rules every utilization sample passes), {@code adapter} (the Kafka Streams
 * application that maps live telemetry onto {@code nodes.utilization}) and {@code replay} (pacing,
 * windows, sampling, resume and sinks).
 */
package io.gleaner.ingest;
