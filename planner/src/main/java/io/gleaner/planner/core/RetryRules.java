package io.gleaner.planner.core;

import java.time.Duration;
import java.util.Objects;

/**
 * How the planner retries tasks and avoids nodes (docs/retries-and-reservations.md), as YARN and Spark do it.
 *
 * @param maxAttempts  FAILED attempts of one task after which its job fails (YARN's {@code mapreduce.map.maxattempts},
 *                     default 4); KILLED, PREEMPTED, REFUSED and lost attempts do not count
 * @param backoff      wait after a task's first FAILED attempt before its next attempt may be placed, doubled after
 *                     each further failure of the task; zero relaunches at once
 * @param maxBackoff   the most the doubled wait grows to
 * @param excludeAfter jobs, counted once each, whose attempts on a node FAILED, were KILLED or REFUSED in a row (a
 *                     SUCCEEDED resets the count) after which the node gets no new attempt for {@code excludeFor}
 *                     ({@link NodeStanding#jobsInARow}); 0 never excludes a node
 * @param excludeFor   how long an excluded node gets no new attempt, in event time
 */
public record RetryRules(int maxAttempts, Duration backoff, Duration maxBackoff, int excludeAfter,
                         Duration excludeFor) {

    /** YARN's {@code mapreduce.map.maxattempts} and {@code mapreduce.reduce.maxattempts}. */
    public static final int DEFAULT_MAX_ATTEMPTS = 4;
    /** Kubernetes' Job backoff: 10 s, doubled per failure ({@link #DEFAULT_BACKOFF}). */
    public static final long DEFAULT_BACKOFF_MS = 10_000;
    /** {@value #DEFAULT_BACKOFF_MS} ms. */
    public static final Duration DEFAULT_BACKOFF = Duration.ofMillis(DEFAULT_BACKOFF_MS);
    /** Kubernetes' Job backoff cap: 6 min ({@link #DEFAULT_MAX_BACKOFF}). */
    public static final long DEFAULT_MAX_BACKOFF_MS = 360_000;
    /** {@value #DEFAULT_MAX_BACKOFF_MS} ms. */
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofMillis(DEFAULT_MAX_BACKOFF_MS);
    /** MapReduce's {@code mapreduce.job.maxtaskfailures.per.tracker}: 3. */
    public static final int DEFAULT_EXCLUDE_AFTER = 3;
    /** 10 min: a sixth of Spark's {@code spark.excludeOnFailure.timeout} (1 h); docs/retries-and-reservations.md says why. */
    public static final long DEFAULT_EXCLUDE_FOR_MS = 600_000;
    /** {@value #DEFAULT_EXCLUDE_FOR_MS} ms. */
    public static final Duration DEFAULT_EXCLUDE_FOR = Duration.ofMillis(DEFAULT_EXCLUDE_FOR_MS);

    public RetryRules {
        Objects.requireNonNull(backoff, "backoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        Objects.requireNonNull(excludeFor, "excludeFor");
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1, was " + maxAttempts);
        }
        if (backoff.isNegative() || maxBackoff.isNegative() || maxBackoff.compareTo(backoff) < 0) {
            throw new IllegalArgumentException("backoff must be >= 0 and maxBackoff >= backoff, were " + backoff
                    + " and " + maxBackoff);
        }
        if (excludeAfter < 0) {
            throw new IllegalArgumentException("excludeAfter must be >= 0 (0: never exclude), was " + excludeAfter);
        }
        if (excludeFor.isNegative()) {
            throw new IllegalArgumentException("excludeFor must be >= 0, was " + excludeFor);
        }
    }

    /** Every rule at its default. */
    public static RetryRules defaults() {
        return new RetryRules(DEFAULT_MAX_ATTEMPTS, DEFAULT_BACKOFF, DEFAULT_MAX_BACKOFF, DEFAULT_EXCLUDE_AFTER,
                DEFAULT_EXCLUDE_FOR);
    }

    /**
     * The wait after the {@code failures}-th FAILED attempt of a task (from 1): {@code backoff * 2^(failures-1)}, at
     * most {@code maxBackoff}.
     */
    Duration backoffAfter(int failures) {
        if (failures < 1) {
            throw new IllegalArgumentException("failures must be >= 1, was " + failures);
        }
        var wait = backoff;
        for (int i = 1; i < failures && wait.compareTo(maxBackoff) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(maxBackoff) > 0 ? maxBackoff : wait;
    }

    /** These rules with another attempt limit. */
    RetryRules withMaxAttempts(int value) {
        return new RetryRules(value, backoff, maxBackoff, excludeAfter, excludeFor);
    }

    /** These rules with another backoff and cap. */
    RetryRules withBackoff(Duration value, Duration max) {
        return new RetryRules(maxAttempts, value, max, excludeAfter, excludeFor);
    }

    /** These rules with another node exclusion. */
    RetryRules withExclusion(int after, Duration duration) {
        return new RetryRules(maxAttempts, backoff, maxBackoff, after, duration);
    }
}
