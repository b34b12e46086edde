package io.gleaner.planner.core;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@link PlannerState} in maps: for the simulator's in-process mode and for tests, and the planner topology's
 * copy of its stores. Not thread-safe.
 *
 * <p>The queue is a view of a map sorted by {@link JobOrder} key, so a heartbeat pays only for the jobs its
 * policy reads; the least demand is kept in counts updated as jobs come and go; a job's progress is replaced
 * in place, so that an update costs no search of the order.
 */
public final class InMemoryPlannerState implements PlannerState {

    private final Map<String, Slot> jobs = new HashMap<>();
    private final TreeMap<String, Slot> byOrder = new TreeMap<>(JobOrder.KEYS);
    private final DemandCounts demands = new DemandCounts();
    private final Map<String, Instant> completed = new HashMap<>();
    private final Map<String, NodeState> nodes = new HashMap<>();
    /** The nodes by latest heartbeat, for {@link #heardBefore}. */
    private final TreeSet<NodeState> byHeartbeat = new TreeSet<>(
            Comparator.comparing(NodeState::time).thenComparing(NodeState::nodeId));
    private final Map<String, Instant> lost = new HashMap<>();
    private final NodeCapacities capacities = new NodeCapacities();
    private final Map<String, NodeStanding> standings = new HashMap<>();
    /** Jobs with a task waiting out a retry backoff, by (its earliest release, job id): for {@link #retriesDue}. */
    private final TreeMap<Map.Entry<Instant, String>, JobProgress> byRelease = new TreeMap<>(
            Map.Entry.<Instant, String>comparingByKey().thenComparing(Map.Entry.comparingByValue()));

    @Override
    public List<JobProgress> queue() {
        return new SequentialView<>(byOrder.values(), Slot::progress);
    }

    @Override
    public CpuMemory leastDemand() {
        return demands.least();
    }

    @Override
    public Optional<JobProgress> job(String jobId) {
        var slot = jobs.get(jobId);
        return slot == null ? Optional.empty() : Optional.of(slot.progress);
    }

    @Override
    public void putJob(JobProgress progress) {
        var slot = jobs.get(progress.jobId());
        if (slot == null) {
            slot = new Slot(JobOrder.key(progress.job()));
            jobs.put(progress.jobId(), slot);
            byOrder.put(slot.orderKey, slot);
            demands.add(progress.job());
        } else {
            slot.progress.nextRelease().ifPresent(time -> byRelease.remove(Map.entry(time, progress.jobId())));
        }
        slot.progress = progress;
        progress.nextRelease().ifPresent(time -> byRelease.put(Map.entry(time, progress.jobId()), progress));
    }

    @Override
    public void deleteJob(Job job) {
        var slot = jobs.remove(job.jobId());
        if (slot != null) {
            byOrder.remove(slot.orderKey);
            demands.remove(slot.progress.job());
            slot.progress.nextRelease().ifPresent(time -> byRelease.remove(Map.entry(time, job.jobId())));
        }
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
        var before = nodes.put(node.nodeId(), node);
        if (before != null) {
            byHeartbeat.remove(before);
        }
        byHeartbeat.add(node);
        capacities.put(node);
    }

    @Override
    public List<NodeState> heardBefore(Instant cutoff) {
        var result = new ArrayList<NodeState>();
        for (var node : byHeartbeat) {
            if (!node.time().isBefore(cutoff)) {
                break;
            }
            result.add(node);
        }
        return result;
    }

    @Override
    public void deleteNode(String nodeId) {
        var before = nodes.remove(nodeId);
        if (before != null) {
            byHeartbeat.remove(before);
        }
        capacities.remove(nodeId);
        standings.remove(nodeId);
    }

    @Override
    public Optional<NodeStanding> standing(String nodeId) {
        return Optional.ofNullable(standings.get(nodeId));
    }

    @Override
    public void putStanding(NodeStanding standing) {
        standings.put(standing.nodeId(), standing);
    }

    @Override
    public List<JobProgress> retriesDue(Instant now) {
        var due = new ArrayList<JobProgress>();
        for (var entry : byRelease.entrySet()) {
            if (entry.getKey().getKey().isAfter(now)) {
                break;
            }
            due.add(entry.getValue());
        }
        return due;
    }

    @Override
    public Optional<Instant> lostAt(String nodeId) {
        return Optional.ofNullable(lost.get(nodeId));
    }

    @Override
    public void markLost(String nodeId, Instant time) {
        lost.put(nodeId, time);
    }

    @Override
    public NodeCapacities capacities() {
        return capacities;
    }

    /** Where an unfinished job sits in both maps: an update of its progress touches neither map. */
    private static final class Slot {
        private final String orderKey;
        private JobProgress progress;

        Slot(String orderKey) {
            this.orderKey = orderKey;
        }

        JobProgress progress() {
            return progress;
        }
    }
}
