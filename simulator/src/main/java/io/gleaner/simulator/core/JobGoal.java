package io.gleaner.simulator.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One submitted job with a deadline and when it finished: at its completion, or at the end of the run if it did not
 * complete (then it is late if the run ended past its deadline).
 *
 * @param finished   whether the job completed; {@code finish} is the end of the run otherwise
 * @param standAlone its estimated time alone on the cluster ({@link StandAloneTime})
 */
public record JobGoal(String jobId, Instant submitTime, Instant deadline, Instant finish, boolean finished,
                      Duration standAlone) {

    public JobGoal {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(submitTime, "submitTime");
        Objects.requireNonNull(deadline, "deadline");
        Objects.requireNonNull(finish, "finish");
        Objects.requireNonNull(standAlone, "standAlone");
    }

    /** T_goal: the time from submission the job had. */
    public Duration goal() {
        return Duration.between(submitTime, deadline);
    }

    /** T_exec: the time from submission to the finish. */
    public Duration execution() {
        return Duration.between(submitTime, finish);
    }

    /** Whether the job finished after its deadline. */
    public boolean late() {
        return finish.isAfter(deadline);
    }

    /** max(0, finish - deadline). */
    public Duration tardiness() {
        return late() ? Duration.between(deadline, finish) : Duration.ZERO;
    }

    /**
     * The 2014 thesis's "relative time beyond deadline" (§5.3.5.1, Table 5.7): (T_exec - T_goal) / T_exec, the
     * share of the job's execution spent past its goal (seed 003 notes §3 derive the formula from Tables 5.7 and
     * 5.8), and 0 for a job that met its goal, where the formula would go negative.
     */
    public double relativeTimeBeyond() {
        long exec = execution().toMillis();
        return late() && exec > 0 ? (double) tardiness().toMillis() / exec : 0;
    }
}
