package io.gleaner.planner.core.cells;

import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PhaseTasks;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one cell publishes about itself for the router (docs/cells.md#the-router), as of {@code time}.
 *
 * @param cell           the cell's index
 * @param time           event time of the status
 * @param nodes          the ids of the nodes the cell knows (alive)
 * @param shapes         the distinct capacities of those nodes: a task fits the cell when it fits one of them
 * @param capacity       those nodes' capacities, summed
 * @param forecastCpus   the forecast spare CPU of those nodes at {@code time}, summed (a node without a forecast
 *                       counts its free CPU)
 * @param queuedCpus     the CPU demand of the cell's queued tasks that are not running or done, summed
 */
public record CellStatus(int cell, Instant time, Set<String> nodes, List<CpuMemory> shapes, CpuMemory capacity,
                         double forecastCpus, double queuedCpus) {

    /** The least event time between two statuses of a cell ({@link #due}). */
    public static final Duration INTERVAL = Duration.ofSeconds(1);

    public CellStatus {
        if (cell < 0) {
            throw new IllegalArgumentException("cell must be >= 0, was " + cell);
        }
        Objects.requireNonNull(time, "time");
        nodes = Set.copyOf(nodes);
        shapes = List.copyOf(shapes);
        Objects.requireNonNull(capacity, "capacity");
        if (!(forecastCpus >= 0) || !(queuedCpus >= 0)) {
            throw new IllegalArgumentException("forecastCpus and queuedCpus must be >= 0, were " + forecastCpus
                    + " and " + queuedCpus);
        }
    }

    /** The status of a cell that knows no node and holds no job. */
    public static CellStatus empty(int cell, Instant time) {
        return new CellStatus(cell, time, Set.of(), List.of(), CpuMemory.NONE, 0, 0);
    }

    /**
     * The status of cell {@code cell} at {@code time} whose nodes are {@code nodes} (their last heartbeats) and whose
     * queue is {@code queue}, reading their spare CPU from {@code outlook}.
     */
    public static CellStatus of(int cell, Instant time, Collection<NodeState> nodes, List<JobProgress> queue,
                                CapacityOutlook outlook) {
        var ids = new TreeSet<String>();
        var shapes = new LinkedHashSet<CpuMemory>();
        var capacity = CpuMemory.NONE;
        double forecast = 0;
        for (var node : nodes) {
            ids.add(node.nodeId());
            shapes.add(node.capacity());
            capacity = capacity.plus(node.capacity());
            forecast += outlook.spare(node.nodeId(), CapacityOutlook.Resource.CPU, time)
                    .stream().map(share -> share * node.capacity().cpus()).findFirst().orElse(node.free().cpus());
        }
        double queued = 0;
        for (var progress : queue) {
            for (var group : progress.job().taskGroups()) {
                queued += group.demand().cpus() * progress.phase(group.kind()).unstarted();
            }
        }
        return new CellStatus(cell, time, ids, List.copyOf(shapes), capacity, forecast, queued);
    }

    /** This status with {@code job}'s tasks queued too: what the router assumes until the cell publishes again. */
    public CellStatus withRouted(Job job) {
        return withQueued(cpus(job));
    }

    /** This status with {@code cpus} more of queued demand. */
    public CellStatus withQueued(double cpus) {
        return cpus == 0 ? this : new CellStatus(cell, time, nodes, shapes, capacity, forecastCpus, queuedCpus + cpus);
    }

    /**
     * Whether a cell whose last status was taken at {@code last} (null: none yet) takes a new one before the heartbeat
     * it receives at {@code heartbeat}: at most one every {@link #INTERVAL} of event time, so that the router reads a
     * status per cell and period rather than one per heartbeat (docs/cells.md#the-topology).
     */
    public static boolean due(Instant last, Instant heartbeat) {
        return last == null || !heartbeat.isBefore(last.plus(INTERVAL));
    }

    /** Whether some node of the cell can run each task group of {@code job}. */
    public boolean fits(Job job) {
        return job.taskGroups().stream().allMatch(group -> shapes.stream().anyMatch(s -> s.fits(group.demand())));
    }

    /** The CPU demand of all of {@code job}'s tasks. */
    public static double cpus(Job job) {
        double total = 0;
        for (PhaseTasks group : job.taskGroups()) {
            total += group.demand().cpus() * group.count();
        }
        return total;
    }
}
