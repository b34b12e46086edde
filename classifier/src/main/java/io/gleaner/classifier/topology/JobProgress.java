package io.gleaner.classifier.topology;

import io.gleaner.schemas.streams.Wire;
import org.apache.kafka.common.serialization.Serde;

/**
 * How far a job's run is: how many of its tasks have succeeded (distinct tasks), and whether its profile was built.
 * A profiled job keeps this small entry, so that a late duplicate success is recognised as one and ignored.
 *
 * @param succeeded distinct tasks with a success
 * @param profiled  whether every task succeeded and the run's profile was merged
 */
record JobProgress(long succeeded, boolean profiled) {

    static final JobProgress NONE = new JobProgress(0, false);

    static Serde<JobProgress> serde() {
        return Wire.serde("JobProgress", 1, (out, p) -> {
            out.writeLong(p.succeeded);
            out.writeBoolean(p.profiled);
        }, in -> new JobProgress(in.readLong(), in.readBoolean()));
    }
}
