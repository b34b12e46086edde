package io.gleaner.planner.core;

import java.time.Instant;
import java.util.Objects;

/**
 * Where a policy put a new job's input (Salamander §II-C: Cuckoo's data placement planner; COSHH §3.2: replicas on
 * the resources that suggest the job's class): the layout of the dataset its maps read, decided when the planner
 * took the job in, in place of the submitter's. The simulator lays the dataset out so; through Kafka it goes out on
 * {@code data.placements}.
 *
 * @param jobId   the job whose input it is
 * @param dataset the dataset its map group reads
 * @param layout  where the dataset's chunks are
 * @param time    when it was decided (the job's submit time)
 * @param policy  the policy that decided it
 */
public record InputPlacement(String jobId, String dataset, ChunkLayout layout, Instant time, PolicyName policy) {

    public InputPlacement {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(policy, "policy");
    }
}
