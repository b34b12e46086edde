package io.gleaner.planner.core;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * <p>Fit, as in {@link FifoPolicy}: a job whose next task does not fit what the node has left is passed over for the
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
    /** Jobs that arrived before any node beat, by id in arrival order: their input is not placed yet. */
    private final Map<String, Job> waiting = new LinkedHashMap<>();
    private Instant firstBeat;

    /** Cuckoo with its data placement on or off ({@link PolicySettings#placeData()}). */
    public CuckooPolicy(PolicySettings settings) {
        this.placeData = settings.placeData();
    }

    /**
     * Weighted round robin ({@link DataPlacements#weightedRoundRobin}) over the nodes seen, each weighed by its spare
     * processing rate: the mean of the forecast spare CPU share over {@link #PLACEMENT_HORIZON} times its cores
     * times its per-core speed (Cuckoo weighs by CPU forecasts only, Salamander §IV-B). A node without a forecast
     * is weighed by the cores it has free now. A job that arrives before any node beat waits for its input to be
     * placed once a round of heartbeats is known ({@link #place}).
     */
    @Override
    public Optional<DataPlacement> placeInput(Job job, CapacityOutlook outlook, JobHistory history) {
        if (!placeData || job.group(TaskKind.MAP).flatMap(TaskGroup::dataset).isEmpty()) {
            return Optional.empty();
        }
        if (nodes.isEmpty()) {
            waiting.put(job.jobId(), job);
            return Optional.empty();
        }
        return placeData(job, outlook, job.submitTime());
    }

    private Optional<DataPlacement> placeData(Job job, CapacityOutlook outlook, Instant now) {
        var dataset = job.group(TaskKind.MAP).flatMap(TaskGroup::dataset).orElseThrow();
        var ids = new ArrayList<>(nodes.keySet());
        double[] weights = new double[ids.size()];
        for (int k = 0; k < ids.size(); k++) {
            var node = nodes.get(ids.get(k));
            weights[k] = spareCores(node, outlook, now) * node.speedGflops();
        }
        int replication = Math.min(ChunkLayout.DEFAULT_REPLICATION, ids.size());
        return DataPlacements.weightedRoundRobin(ids, weights, replication, dataset)
                .map(layout -> new DataPlacement(job.jobId(), dataset, layout, now, PolicyName.CUCKOO));
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

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        var node = state.node();
        nodes.put(node.nodeId(), node);
        if (firstBeat == null) {
            firstBeat = now;
        }
        var placedNow = placeWaiting(state, now);
        var free = node.free();
        int freeSlots = node.freeSlots();
        var heartbeat = new HeartbeatLaunches(node.nodeId(), now, Duration.ZERO, PolicyName.CUCKOO);
        for (var queued : state.queue()) {
            if (freeSlots == 0 || !free.fits(state.leastDemand())) {
                break;
            }
            var jobId = queued.job().jobId();
            if (waiting.containsKey(jobId)) {
                continue;
            }
            var placedData = placedNow.get(jobId);
            var progress = placedData == null ? queued : queued.withMapLayout(placedData.layout());
            Placement placement;
            while (freeSlots > 0 && (placement = heartbeat.launch(progress, free, freeSlots)) != null) {
                free = free.minus(placement.demand());
                freeSlots--;
            }
        }
        var result = heartbeat.result();
        return new PlacementResult(result.placed(), result.rejected(), result.localityWaits(),
                List.copyOf(placedNow.values()));
    }

    /**
     * The input of the jobs that arrived before any node beat, placed once a whole round of heartbeats is known (at
     * the first heartbeat later than the first): until then their tasks wait, as they would for their upload.
     */
    private Map<String, DataPlacement> placeWaiting(PlanningState state, Instant now) {
        if (waiting.isEmpty() || !now.isAfter(firstBeat)) {
            return Map.of();
        }
        var queued = new HashSet<String>();
        state.queue().forEach(progress -> queued.add(progress.job().jobId()));
        var placed = new LinkedHashMap<String, DataPlacement>();
        for (var job : waiting.values()) {
            if (queued.contains(job.jobId())) {
                placeData(job, state.outlook(), now).ifPresent(data -> placed.put(job.jobId(), data));
            }
        }
        waiting.clear();
        return placed;
    }
}
