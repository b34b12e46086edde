package io.gleaner.planner.core;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** {@link PlannerState} in maps: for the simulator's in-process mode and for tests. Not thread-safe. */
public final class InMemoryPlannerState implements PlannerState {

    private final Map<String, JobProgress> jobs = new HashMap<>();
    private final TreeMap<String, String> order = new TreeMap<>(JobOrder.KEYS);
    private final Map<String, Instant> completed = new HashMap<>();
    private final Map<String, NodeState> nodes = new HashMap<>();

    @Override
    public List<JobProgress> queue() {
        return order.values().stream().map(jobs::get).toList();
    }

    @Override
    public Optional<JobProgress> job(String jobId) {
        return Optional.ofNullable(jobs.get(jobId));
    }

    @Override
    public void putJob(JobProgress progress) {
        jobs.put(progress.jobId(), progress);
        order.put(JobOrder.key(progress.job()), progress.jobId());
    }

    @Override
    public void deleteJob(Job job) {
        jobs.remove(job.jobId());
        order.remove(JobOrder.key(job));
    }

    @Override
    public Optional<Instant> completedAt(String jobId) {
        return Optional.ofNullable(completed.get(jobId));
    }

    @Override
    public void markCompleted(String jobId, Instant time) {
        completed.put(jobId, time);
    }

    @Override
    public Optional<NodeState> node(String nodeId) {
        return Optional.ofNullable(nodes.get(nodeId));
    }

    @Override
    public void putNode(NodeState node) {
        nodes.put(node.nodeId(), node);
    }
}
