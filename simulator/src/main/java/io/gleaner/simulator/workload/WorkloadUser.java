package io.gleaner.simulator.workload;

import io.gleaner.planner.core.Pool;
import java.util.Objects;

/**
 * A user of a workload: her entitlements and the job category she submits (COSHH section 5.2: "each user submits
 * jobs from one of the job classes in Table 4").
 *
 * @param user     the user, as in {@link io.gleaner.planner.core.Job#user()}
 * @param minShare least number of slots she must get whenever she has work waiting (COSHH Table 5, MinimumShare)
 * @param weight   her share beyond the min shares relative to other users (COSHH Table 5's priority, used as the
 *                 weight as COSHH section 2.1 allows)
 * @param category the job category she submits
 */
public record WorkloadUser(String user, int minShare, double weight, JobCategory category) {

    public WorkloadUser {
        Objects.requireNonNull(category, "category");
        // The pool validates user, minShare and weight with the planner's own messages.
        new Pool(user, minShare, weight);
    }

    /** Her pool, as the planner's Fair and COSHH policies take it. */
    public Pool pool() {
        return new Pool(user, minShare, weight);
    }
}
