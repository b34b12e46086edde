package io.gleaner.planner.core.salamander;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The running attempts a {@link SalamanderPolicy} launched, by task id, indexed by job and by node: a job's end
 * forgets its launches and a node's heartbeat sums what its launches hold without a pass over every launch of the
 * cluster.
 */
final class Launches {

    private final Map<String, HolisticPlanning.Launch> byTask = new HashMap<>();
    private final Map<String, Set<String>> tasksByJob = new HashMap<>();
    private final Map<String, Set<String>> tasksByNode = new HashMap<>();

    /** Records {@code launch} of task {@code taskId}, in place of the task's previous launch. */
    void put(String taskId, HolisticPlanning.Launch launch) {
        var previous = byTask.put(taskId, launch);
        if (previous != null) {
            unindex(taskId, previous);
        }
        tasksByJob.computeIfAbsent(launch.jobId(), id -> new HashSet<>()).add(taskId);
        tasksByNode.computeIfAbsent(launch.nodeId(), id -> new HashSet<>()).add(taskId);
    }

    /** Forgets every launch of {@code jobId}. */
    void removeJob(String jobId) {
        var tasks = tasksByJob.get(jobId);
        if (tasks != null) {
            for (var taskId : List.copyOf(tasks)) {
                unindex(taskId, byTask.remove(taskId));
            }
        }
    }

    /** Forgets every launch on {@code nodeId}. */
    void removeNode(String nodeId) {
        var tasks = tasksByNode.get(nodeId);
        if (tasks != null) {
            for (var taskId : List.copyOf(tasks)) {
                unindex(taskId, byTask.remove(taskId));
            }
        }
    }

    /** Keeps only the launches whose job {@code keep} accepts. */
    void retainJobs(Predicate<String> keep) {
        for (var jobId : List.copyOf(tasksByJob.keySet())) {
            if (!keep.test(jobId)) {
                removeJob(jobId);
            }
        }
    }

    /** The launches on {@code nodeId}. */
    Collection<HolisticPlanning.Launch> onNode(String nodeId) {
        var tasks = tasksByNode.getOrDefault(nodeId, Set.of());
        var launches = new ArrayList<HolisticPlanning.Launch>(tasks.size());
        tasks.forEach(taskId -> launches.add(byTask.get(taskId)));
        return launches;
    }

    /** Every launch by task id, read-only. */
    Map<String, HolisticPlanning.Launch> byTask() {
        return Collections.unmodifiableMap(byTask);
    }

    private void unindex(String taskId, HolisticPlanning.Launch launch) {
        removeFrom(tasksByJob, launch.jobId(), taskId);
        removeFrom(tasksByNode, launch.nodeId(), taskId);
    }

    private static void removeFrom(Map<String, Set<String>> index, String key, String taskId) {
        var tasks = index.get(key);
        if (tasks != null && tasks.remove(taskId) && tasks.isEmpty()) {
            index.remove(key);
        }
    }
}
