package io.gleaner.classifier.topology;

import io.gleaner.runtime.Wire;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;

/**
 * What the classifier keeps of a submitted job: its name (the profile's key), how many tasks of each kind it has, so
 * that it knows when the run is complete, and when (in event time) it was stored, so that {@link ProgressRetention}
 * can expire a job that never reported a success.
 *
 * @param jobName the job name
 * @param maps    map tasks, &gt;= 0
 * @param reduces reduce tasks, &gt;= 0
 * @param atMs    the stream time (the largest event time its task had seen, epoch ms) when the submission was stored;
 *                {@link #UNKNOWN_TIME} for an entry written by format 1, which had no time, until the purge stamps it
 */
record JobEntry(String jobName, int maps, int reduces, long atMs) {

    /** The time of an entry read from format 1, or not stamped yet. */
    static final long UNKNOWN_TIME = -1;

    JobEntry {
        Objects.requireNonNull(jobName, "jobName");
        if (maps < 0 || reduces < 0) {
            throw new IllegalArgumentException("task counts must be >= 0, were " + maps + " maps and " + reduces
                    + " reduces");
        }
        if (atMs < 0 && atMs != UNKNOWN_TIME) {
            throw new IllegalArgumentException("atMs must be >= 0 or UNKNOWN_TIME, was " + atMs);
        }
    }

    /** A job as its submission describes it, not stored yet (no time). */
    JobEntry(String jobName, int maps, int reduces) {
        this(jobName, maps, reduces, UNKNOWN_TIME);
    }

    /** Tasks of the job. */
    long tasks() {
        return (long) maps + reduces;
    }

    /** Whether this entry has a time (format 1 entries have none until their first purge). */
    boolean timeKnown() {
        return atMs != UNKNOWN_TIME;
    }

    /** This entry with the time {@code ms}. */
    JobEntry at(long ms) {
        return new JobEntry(jobName, maps, reduces, ms);
    }

    /**
     * Format 3: jobName ({@link Wire#writeString}), maps, reduces, atMs. Format 2 (the same with the name written by
     * {@code writeUTF}, which refuses names over 64 KiB) and format 1 (jobName, maps, reduces: written before job
     * entries expired) are still read, format 1 with the time {@link #UNKNOWN_TIME}, so a store or changelog written
     * by an older classifier restores.
     */
    static Serde<JobEntry> serde() {
        return Wire.<JobEntry>serde("JobEntry", 3, (out, job) -> {
            Wire.writeString(out, job.jobName);
            out.writeInt(job.maps);
            out.writeInt(job.reduces);
            out.writeLong(job.atMs);
        }, in -> new JobEntry(Wire.readString(in), in.readInt(), in.readInt(), in.readLong()),
                Map.of(2, in -> new JobEntry(in.readUTF(), in.readInt(), in.readInt(), in.readLong()),
                        1, in -> new JobEntry(in.readUTF(), in.readInt(), in.readInt(), UNKNOWN_TIME)));
    }

}
