package io.gleaner.planner.core.salamander.solver;

import java.util.List;

/**
 * A MapReduce job: its reduces depend on all of its maps (D(i, j) = 1 for every map i and reduce j of the job,
 * Salamander §III-B1 Eq. 5), and it is scheduled whole or not at all.
 */
public record Job(String id, List<Task> maps, List<Task> reduces) {

    public Job {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("job id must not be blank, was '" + id + "'");
        }
        maps = List.copyOf(maps);
        reduces = List.copyOf(reduces);
        if (maps.isEmpty() && reduces.isEmpty()) {
            throw new IllegalArgumentException("job " + id + " has no task");
        }
    }

    /** The job's tasks, maps first (the order of Algorithm 1's {@code job.getTasks()}). */
    public List<Task> tasks() {
        var all = new java.util.ArrayList<Task>(maps.size() + reduces.size());
        all.addAll(maps);
        all.addAll(reduces);
        return List.copyOf(all);
    }
}
