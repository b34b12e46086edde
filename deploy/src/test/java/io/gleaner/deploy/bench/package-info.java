/**
 * Benchmarks: mains that print numbers and assert nothing, run by hand (see each class), never by the
 * build's tests. {@link io.gleaner.deploy.bench.ReplayBenchmark} measures how fast a replay puts
 * utilization samples on the embedded broker.
 */
package io.gleaner.deploy.bench;
