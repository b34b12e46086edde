/**
 * The SWIM job traces (Statistical Workload Injector for MapReduce; Chen, Ganapathi, Griffith, Katz,
 * MASCOTS 2011), e.g. the bundled Facebook 2009 day {@code traces/swim/FB-2009_samples_24_times_1hr_0.tsv}:
 * {@link io.gleaner.ingest.swim.SwimTraceReader} turns each row into a
 * {@link io.gleaner.schemas.avro.JobSubmitted} by the rule in {@link io.gleaner.ingest.swim.SwimJobRule}.
 */
package io.gleaner.ingest.swim;
