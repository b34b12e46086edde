package io.gleaner.planner.topology;

import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobOrder;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeCapacities;
import io.gleaner.planner.core.NodeStanding;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PlannerState;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlannerJobState;
import io.gleaner.schemas.avro.PlannerNodeState;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * {@link PlannerState} over the planner's state stores ({@link PlannerStores}), with the unfinished jobs also held
 * decoded in an {@link InMemoryPlannerState}: read from the stores once ({@link #load}), then written to both.
 * So a heartbeat neither scans the FIFO index nor decodes the jobs it passes, and costs what it costs in-process.
 * The copy is right only while every write to the jobs and the FIFO index goes through this instance: the
 * topology shares one instance among a task's processors ({@link TaskStates}).
 */
final class StorePlannerState implements PlannerState {

    private final KeyValueStore<String, PlannerJobState> jobs;
    private final KeyValueStore<String, String> jobOrder;
    private final KeyValueStore<String, Long> completedJobs;
    private final KeyValueStore<String, NodeHeartbeat> nodes;
    private final KeyValueStore<String, Long> lostNodes;
    private final KeyValueStore<String, PlannerNodeState> standings;
    /** The unfinished jobs, and the nodes once {@link #nodesRead} (so heartbeats find silent nodes in memory). */
    private final InMemoryPlannerState unfinished = new InMemoryPlannerState();
    /** Whether the nodes store was read into {@link #unfinished}: on first use, then kept by {@link #putNode}. */
    private boolean nodesRead;

    private StorePlannerState(KeyValueStore<String, PlannerJobState> jobs, KeyValueStore<String, String> jobOrder,
                              KeyValueStore<String, Long> completedJobs, KeyValueStore<String, NodeHeartbeat> nodes,
                              KeyValueStore<String, Long> lostNodes,
                              KeyValueStore<String, PlannerNodeState> standings) {
        this.jobs = jobs;
        this.jobOrder = jobOrder;
        this.completedJobs = completedJobs;
        this.nodes = nodes;
        this.lostNodes = lostNodes;
        this.standings = standings;
    }

    /**
     * The state over the stores that {@code context}'s processor is connected to, with every unfinished job read
     * from them in FIFO order.
     *
     * @throws IllegalStateException when the FIFO index names a job that the jobs store does not hold
     */
    static StorePlannerState load(ProcessingContext context) {
        var state = new StorePlannerState(context.getStateStore(PlannerStores.JOBS),
                context.getStateStore(PlannerStores.JOB_ORDER), context.getStateStore(PlannerStores.COMPLETED_JOBS),
                context.getStateStore(PlannerStores.NODES), context.getStateStore(PlannerStores.LOST_NODES),
                context.getStateStore(PlannerStores.NODE_STANDINGS));
        try (var entries = state.jobOrder.all()) {
            entries.forEachRemaining(entry -> {
                var stored = state.jobs.get(entry.value);
                if (stored == null) {
                    throw new IllegalStateException("job " + entry.value + " is in " + PlannerStores.JOB_ORDER
                            + " but not in " + PlannerStores.JOBS);
                }
                state.unfinished.putJob(PlannerRecords.toProgress(stored));
            });
        }
        return state;
    }

    @Override
    public List<JobProgress> queue() {
        return unfinished.queue();
    }

    @Override
    public CpuMemory leastDemand() {
        return unfinished.leastDemand();
    }

    @Override
    public Optional<JobProgress> job(String jobId) {
        return unfinished.job(jobId);
    }

    @Override
    public void putJob(JobProgress progress) {
        if (unfinished.job(progress.jobId()).isEmpty()) {
            jobOrder.put(JobOrder.key(progress.job()), progress.jobId());
        }
        jobs.put(progress.jobId(), PlannerRecords.toAvro(progress));
        unfinished.putJob(progress);
    }

    @Override
    public void deleteJob(Job job) {
        jobs.delete(job.jobId());
        jobOrder.delete(JobOrder.key(job));
        unfinished.deleteJob(job);
    }

    @Override
    public Optional<Instant> completedAt(String jobId) {
        return Optional.ofNullable(completedJobs.get(jobId)).map(Instant::ofEpochMilli);
    }

    @Override
    public void markCompleted(String jobId, Instant time) {
        completedJobs.put(jobId, time.toEpochMilli());
    }

    @Override
    public Optional<NodeState> node(String nodeId) {
        return nodesRead().node(nodeId);
    }

    @Override
    public void putNode(NodeState node) {
        nodes.put(node.nodeId(), EventMapping.nodeHeartbeat(node));
        nodesRead().putNode(node);
    }

    @Override
    public List<NodeState> heardBefore(Instant cutoff) {
        return nodesRead().heardBefore(cutoff);
    }

    @Override
    public void deleteNode(String nodeId) {
        nodes.delete(nodeId);
        standings.delete(nodeId);
        nodesRead().deleteNode(nodeId);
    }

    @Override
    public Optional<NodeStanding> standing(String nodeId) {
        return Optional.ofNullable(standings.get(nodeId)).map(PlannerRecords::toStanding);
    }

    @Override
    public void putStanding(NodeStanding standing) {
        standings.put(standing.nodeId(), PlannerRecords.toAvro(standing));
    }

    @Override
    public List<JobProgress> retriesDue(Instant now) {
        return unfinished.retriesDue(now);
    }

    @Override
    public Optional<Instant> lostAt(String nodeId) {
        return Optional.ofNullable(lostNodes.get(nodeId)).map(Instant::ofEpochMilli);
    }

    @Override
    public void markLost(String nodeId, Instant time) {
        lostNodes.put(nodeId, time.toEpochMilli());
    }

    @Override
    public NodeCapacities capacities() {
        return nodesRead().capacities();
    }

    /** The in-memory copy, with every node of the nodes store read into it on the first call. */
    private InMemoryPlannerState nodesRead() {
        if (!nodesRead) {
            try (var entries = nodes.all()) {
                entries.forEachRemaining(entry -> unfinished.putNode(PlannerRecords.nodeFromStore(entry.value)));
            }
            nodesRead = true;
        }
        return unfinished;
    }
}
