package io.gleaner.classifier.topology;

import io.gleaner.runtime.Wire;
import java.util.Map;
import org.apache.kafka.common.serialization.Serde;

/**
 * How far a job's run is: how many of its tasks have succeeded (distinct tasks), whether its profile was built, and
 * when (in event time) the entry last changed. A profiled job keeps this small entry, so that a late duplicate
 * success is recognised as one and ignored, until {@link ProgressRetention} expires it.
 *
 * @param succeeded distinct tasks with a success
 * @param profiled  whether every task succeeded and the run's profile was merged
 * @param atMs      the stream time (the largest event time its task had seen, epoch ms) when the last new task
 *                  success was counted: for a profiled entry, when its run was profiled; {@link #UNKNOWN_TIME} for
 *                  an entry written by format 1, which had no time
 */
record ProfilingProgress(long succeeded, boolean profiled, long atMs) {

    /** The time of an entry read from format 1; {@link RunCollector} stamps it with the time of its first purge. */
    static final long UNKNOWN_TIME = -1;

    static final ProfilingProgress NONE = new ProfilingProgress(0, false, UNKNOWN_TIME);

    ProfilingProgress {
        if (atMs < 0 && atMs != UNKNOWN_TIME) {
            throw new IllegalArgumentException("atMs must be >= 0 or UNKNOWN_TIME, was " + atMs);
        }
    }

    /** Whether this entry has a time (format 1 entries have none until their first purge). */
    boolean timeKnown() {
        return atMs != UNKNOWN_TIME;
    }

    /** This entry with the time {@code ms}. */
    ProfilingProgress at(long ms) {
        return new ProfilingProgress(succeeded, profiled, ms);
    }

    /**
     * Format 2: succeeded, profiled, atMs. Format 1 (succeeded, profiled: written before markers expired) is still
     * read, with the time {@link #UNKNOWN_TIME}, so a store or changelog written by an older classifier restores.
     */
    static Serde<ProfilingProgress> serde() {
        return Wire.<ProfilingProgress>serde("ProfilingProgress", 2, (out, p) -> {
            out.writeLong(p.succeeded);
            out.writeBoolean(p.profiled);
            out.writeLong(p.atMs);
        }, in -> new ProfilingProgress(in.readLong(), in.readBoolean(), in.readLong()),
                Map.of(1, in -> new ProfilingProgress(in.readLong(), in.readBoolean(), UNKNOWN_TIME)));
    }

}
