/**
 * The Bitbrains GWA-T-12 VM utilization traces (TU Delft Grid Workloads Archive; Shen, van Beek and
 * Iosup, CCGrid 2015). {@link io.gleaner.ingest.bitbrains.BitbrainsLine#parse} is the one parser of a line into a
 * {@link io.gleaner.ingest.bitbrains.BitbrainsRow} (absolute values, and the rules that reject a resource); on it,
 * {@link io.gleaner.ingest.bitbrains.BitbrainsTraceReader} reads one VM's file as
 * {@link io.gleaner.schemas.avro.UtilizationSample}s of the owners' (REGULAR) CPU and memory use,
 * {@link io.gleaner.ingest.bitbrains.BitbrainsDirectoryReader} merges a directory of them in time order
 * with one buffered row per file, and {@link io.gleaner.ingest.bitbrains.BitbrainsRowReader} gives the rows'
 * usage and capacity for summing several VMs onto one simulated node. Two excerpts of the Rnd 2013-8 trace are
 * bundled: ten VMs for two days under {@code traces/bitbrains/} (replay and tests) and 99 VMs for seven days under
 * {@code traces/bitbrains-owners/} ({@link io.gleaner.ingest.bitbrains.BitbrainsOwnerExcerpt}, the simulator's
 * owner load).
 */
package io.gleaner.ingest.bitbrains;
