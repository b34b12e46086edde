package io.gleaner.simulator.report;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What the report says about how the runs were made, beyond what the runs themselves hold.
 *
 * @param trace     the workload as the user named it, e.g. {@code fb2009} or a path
 * @param jobs      jobs read from the trace
 * @param cluster   the cluster as the user named it, a preset or a path
 * @param notes     anything else a reader should know, e.g. trace rows that were rejected; one sentence each
 * @param wallTimes wall-clock time of each run, in run order, or empty when not measured: the overhead of
 *                  simulating on this machine, shown as such and never used in a metric
 */
public record EvaluationDescription(String trace, int jobs, String cluster, List<String> notes,
                                    List<Duration> wallTimes) {

    public EvaluationDescription {
        Objects.requireNonNull(trace, "trace");
        Objects.requireNonNull(cluster, "cluster");
        notes = List.copyOf(notes);
        wallTimes = List.copyOf(wallTimes);
    }
}
