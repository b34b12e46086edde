/**
 * Google cluster-data 2011 (clusterdata-2011-2; Reiss, Wilkes, Hellerstein, "Google cluster-usage traces:
 * format + schema", CC-BY-4.0): {@link io.gleaner.ingest.google.GoogleMachineEventReader} turns
 * {@code machine_events} into node heartbeats, {@link io.gleaner.ingest.google.GoogleTaskEventReader} turns
 * {@code task_events} into single-task jobs and task reports, and
 * {@link io.gleaner.ingest.google.GoogleTaskUsageReader} sums {@code task_usage} per machine and 5-minute window
 * into utilization samples, each by the rule in {@link io.gleaner.ingest.google.GoogleTraceRule} and its own
 * Javadoc.
 */
package io.gleaner.ingest.google;
