package io.gleaner.simulator.suite;

import java.time.Instant;
import java.util.Objects;

/**
 * One event of one task of the Google 2011 trace, as much of it as {@link GoogleJobs} needs.
 *
 * @param jobId     the trace's job ID
 * @param taskIndex the task's index within its job
 * @param step      what happened
 * @param time      when
 * @param user      the job's (hashed) user; only SUBMITs carry it, empty otherwise
 */
record GoogleTaskRecord(long jobId, int taskIndex, Step step, Instant time, String user) {

    /** The events the rule tells apart; every other end (evict, fail, kill, lost) is {@link #OTHER_END}. */
    public enum Step { SUBMIT, SCHEDULE, FINISH, OTHER_END }

    public GoogleTaskRecord {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(user, "user");
    }
}
