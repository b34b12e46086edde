package io.gleaner.planner.core.cuckoo;

import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.DataPlacements;
import io.gleaner.planner.core.HeartbeatLaunches;
import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Cuckoo, the baseline of Salamander (§II-C, §IV), as one policy: its data placement planner deals a new job's
 * chunks to the nodes by weighted round robin over their forecast spare CPU ({@link #placeInput}), and its task
 * placement takes jobs oldest first and, within a job, a map whose chunk is on the node first, then any map, then
 * reduces, without waiting for locality. Cuckoo's controller (kill on any violation) is the QoS controller's
 * {@code cuckoo} mode.
 *
 * <p>Fit, as in {@code FifoPolicy}: a job whose next task does not fit what the node has left is passed over for the
 * rest of the heartbeat.
 */
public final class CuckooPolicy implements PlacementPolicy {

    /**
     * How far ahead the data placement looks: the mean forecast spare CPU over the next hour, in the forecaster's
     * 3-minute steps, weighs a node; a chunk written now is read within minutes to an hour on the bench.
     */
    static final Duration PLACEMENT_HORIZON = Duration.ofHours(1);
    static final Duration FORECAST_STEP = Duration.ofMinutes(3);

    private final boolean placeData;
    /** The nodes seen, by id, as of their last heartbeat: where data can go. */
    private final SortedMap<String, NodeState> nodes = new TreeMap<>();

    /** Cuckoo with its data placement on or off (off leaves a new job's input where its submitter wrote it). */
    public CuckooPolicy(boolean placeData) {
        this.placeData = placeData;
    }

    /**
     * Weighted round robin ({@link DataPlacements#weightedRoundRobin}) over the nodes seen, each weighed by its spare
     * processing rate: the mean of the forecast spare CPU share over {@link #PLACEMENT_HORIZON} times its cores
     * times its per-core speed (Cuckoo weighs by CPU forecasts only, Salamander §IV-B). A node without a forecast
     * is weighed by the cores it has free now. Before any node beat, the input stays where it was written.
     */
    @Override
    public Optional<InputPlacement> placeInput(Job job, String dataset, CapacityOutlook outlook, JobHistory history) {
        if (!placeData || nodes.isEmpty()) {
            return Optional.empty();
        }
        var ids = new ArrayList<>(nodes.keySet());
        double[] weights = new double[ids.size()];
        for (int k = 0; k < ids.size(); k++) {
            var node = nodes.get(ids.get(k));
            weights[k] = spareCores(node, outlook, job.submitTime()) * node.speedGflops();
        }
        int replication = Math.min(ChunkLayout.DEFAULT_REPLICATION, ids.size());
        return DataPlacements.weightedRoundRobin(ids, weights, replication, dataset)
                .map(layout -> new InputPlacement(job.jobId(), dataset, layout, job.submitTime(),
                        PolicyName.CUCKOO));
    }

    private static double spareCores(NodeState node, CapacityOutlook outlook, Instant now) {
        double sum = 0;
        int forecast = 0;
        for (var t = now; t.isBefore(now.plus(PLACEMENT_HORIZON)); t = t.plus(FORECAST_STEP)) {
            var spare = outlook.spare(node.nodeId(), CapacityOutlook.Resource.CPU, t);
            if (spare.isPresent()) {
                sum += spare.getAsDouble();
                forecast++;
            }
        }
        return forecast == 0 ? node.free().cpus() : sum / forecast * node.capacity().cpus();
    }

    /** A lost node is no place for new data: it leaves the nodes the input is dealt to. */
    @Override
    public void onNodeLost(String nodeId, Instant at) {
        nodes.remove(nodeId);
    }

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        var node = state.node();
        nodes.put(node.nodeId(), node);
        var free = node.free();
        int freeSlots = node.freeSlots();
        var heartbeat = new HeartbeatLaunches(node.nodeId(), now, Duration.ZERO, PolicyName.CUCKOO);
        for (var progress : state.queue()) {
            if (freeSlots == 0 || !free.fits(state.leastDemand())) {
                break;
            }
            Placement placement;
            while (freeSlots > 0 && (placement = heartbeat.launch(progress, free, freeSlots)) != null) {
                free = free.minus(placement.demand());
                freeSlots--;
            }
        }
        return heartbeat.result();
    }
}
