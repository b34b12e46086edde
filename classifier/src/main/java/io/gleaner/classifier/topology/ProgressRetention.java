package io.gleaner.classifier.topology;

import java.time.Duration;
import java.util.Objects;

/**
 * When an entry of {@link ClassifierStores#PROGRESS} expires, in event time: a profiled marker {@code profiled} after its
 * run was profiled, an unfinished run {@code unfinished} after its last new task success. An entry of
 * {@link ClassifierStores#JOBS} goes with its job's progress entry; a job with no progress entry (no success counted yet)
 * expires {@code unfinished} after its submission was stored. Expiry is checked by a purge every
 * {@link #purgeInterval()} of stream time, so an entry goes between its retention and its retention plus one
 * interval.
 *
 * @param profiled   how long a profiled marker is kept ({@code gleaner.classifier.profiled-retention})
 * @param unfinished how long an unfinished run is kept without a new success
 *                   ({@code gleaner.classifier.unfinished-retention})
 */
record ProgressRetention(Duration profiled, Duration unfinished) {

    /** The longest time between two purges: a purge scans the whole store, cheap once an hour against days. */
    static final Duration MAX_PURGE_INTERVAL = Duration.ofHours(1);

    ProgressRetention {
        Objects.requireNonNull(profiled, "profiled");
        Objects.requireNonNull(unfinished, "unfinished");
        if (profiled.isNegative() || profiled.isZero()) {
            throw new IllegalArgumentException("profiled retention must be > 0, was " + profiled);
        }
        if (unfinished.isNegative() || unfinished.isZero()) {
            throw new IllegalArgumentException("unfinished retention must be > 0, was " + unfinished);
        }
    }

    /**
     * Whether {@code entry} has expired at stream time {@code streamTimeMs}: its age (stream time minus its time)
     * has reached its retention. An entry without a time (format 1) never has; the purge stamps it first.
     */
    boolean expired(ProfilingProgress entry, long streamTimeMs) {
        if (!entry.timeKnown()) {
            return false;
        }
        var retention = entry.profiled() ? profiled : unfinished;
        return streamTimeMs - entry.atMs() >= retention.toMillis();
    }

    /**
     * Whether the entry of a job that has no progress entry (it never reported a success, or its progress entry
     * expired before it was submitted again) has expired at stream time {@code streamTimeMs}: its age since its
     * submission was stored has reached the unfinished retention, as for a run with no new success. An entry
     * without a time (format 1) never has; the purge stamps it first.
     */
    boolean expired(JobEntry job, long streamTimeMs) {
        return job.timeKnown() && streamTimeMs - job.atMs() >= unfinished.toMillis();
    }

    /** One hour of stream time, or the shorter retention if that is less. */
    Duration purgeInterval() {
        var shorter = profiled.compareTo(unfinished) <= 0 ? profiled : unfinished;
        return shorter.compareTo(MAX_PURGE_INTERVAL) < 0 ? shorter : MAX_PURGE_INTERVAL;
    }
}
