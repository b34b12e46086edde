package io.gleaner.simulator.core;

import java.time.Duration;
import java.util.Objects;

/**
 * How the submitted jobs that carry a deadline fared (seed 002 section 4; seed 003). A job unfinished at the end of
 * the run is late if the run ended past its deadline, and its tardiness runs to the end of the run.
 *
 * @param jobs          submitted jobs with a deadline
 * @param late          of those, jobs that finished (or were still unfinished) after it
 * @param meanTardiness mean over the jobs with a deadline of max(0, finish - deadline)
 */
public record Deadlines(int jobs, int late, Duration meanTardiness) {

    public Deadlines {
        Objects.requireNonNull(meanTardiness, "meanTardiness");
    }

    /** Share of jobs with a deadline that missed it; NaN when no job had one. */
    public double lateShare() {
        return jobs == 0 ? Double.NaN : (double) late / jobs;
    }
}
