package io.gleaner.simulator.workload;

import io.gleaner.planner.core.Pool;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * The users of a workload, in file order (the order {@link UserAssignment} breaks ties by).
 *
 * @param name  name of the workload (the file's name)
 * @param users at least one user, each named once
 */
public record Workload(String name, List<WorkloadUser> users) {

    public Workload {
        Objects.requireNonNull(name, "name");
        users = List.copyOf(users);
        if (users.isEmpty()) {
            throw new IllegalArgumentException("workload " + name + " has no users");
        }
        var seen = new HashSet<String>();
        for (var user : users) {
            if (!seen.add(user.user())) {
                throw new IllegalArgumentException("user " + user.user() + " appears twice in workload " + name);
            }
        }
    }

    /** The users' pools, in file order. */
    public List<Pool> pools() {
        return users.stream().map(WorkloadUser::pool).toList();
    }
}
