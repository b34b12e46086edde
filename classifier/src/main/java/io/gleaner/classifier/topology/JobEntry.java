package io.gleaner.classifier.topology;

import io.gleaner.schemas.streams.Wire;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;

/**
 * What the classifier keeps of a submitted job: its name (the profile's key) and how many tasks of each kind it has,
 * so that it knows when the run is complete.
 *
 * @param jobName the job name
 * @param maps    map tasks, &gt;= 0
 * @param reduces reduce tasks, &gt;= 0
 */
record JobEntry(String jobName, int maps, int reduces) {

    JobEntry {
        Objects.requireNonNull(jobName, "jobName");
        if (maps < 0 || reduces < 0) {
            throw new IllegalArgumentException("task counts must be >= 0, were " + maps + " maps and " + reduces
                    + " reduces");
        }
    }

    /** Tasks of the job. */
    long tasks() {
        return (long) maps + reduces;
    }

    static Serde<JobEntry> serde() {
        return Wire.serde("JobEntry", 1, (out, job) -> {
            out.writeUTF(job.jobName);
            out.writeInt(job.maps);
            out.writeInt(job.reduces);
        }, in -> new JobEntry(in.readUTF(), in.readInt(), in.readInt()));
    }
}
