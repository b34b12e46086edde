/**
 * The Bitbrains GWA-T-12 VM utilization traces (TU Delft Grid Workloads Archive; Shen, van Beek and
 * Iosup, CCGrid 2015) as {@link io.gleaner.schemas.avro.UtilizationSample}s of the owners' (REGULAR)
 * CPU and memory use: {@link io.gleaner.ingest.bitbrains.BitbrainsTraceReader} reads one VM's file,
 * {@link io.gleaner.ingest.bitbrains.BitbrainsDirectoryReader} merges a directory of them in time order
 * with one buffered row per file. A ten-VM, two-day excerpt of the Rnd 2013-8 trace is bundled under
 * {@code traces/bitbrains/}.
 */
package io.gleaner.ingest.bitbrains;
