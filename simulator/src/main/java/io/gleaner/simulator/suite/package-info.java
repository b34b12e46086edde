/**
 * The suite bench ({@code gleaner evaluate-suite}; docs/simulator.md#suite-bench): every policy on several workloads,
 * load factors, clusters and seeds, each (cluster, workload, load) one {@link io.gleaner.simulator.evaluate.Evaluation},
 * reported as ratios to a baseline policy with the tuning part of the suite apart from the report part
 * ({@link io.gleaner.simulator.suite.SuiteWorkload}). The workloads: the bundled FB-2009 day; synthetic SWIM-like
 * workloads resampled from it with a seed (Chen et al., "The case for evaluating MapReduce performance using workload
 * suites", MASCOTS 2011, §5); and Google 2011 jobs ({@code GoogleJobs}). {@link io.gleaner.simulator.suite.LoadFactor}
 * scales a workload's arrivals. All pure but the two readers ({@code SwimRows}, {@code GoogleTaskEvents}), which go
 * through the ingest's trace readers.
 */
package io.gleaner.simulator.suite;
