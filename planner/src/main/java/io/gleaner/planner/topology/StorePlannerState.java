package io.gleaner.planner.topology;

import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobOrder;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeCapacities;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PlannerState;
import io.gleaner.planner.core.Resources;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlannerJobState;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * {@link PlannerState} over the planner's state stores ({@link StoreNames}), with the unfinished jobs also held
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
    private final InMemoryPlannerState unfinished = new InMemoryPlannerState();
    /** Read from the nodes store on first use (a job's submission), then kept by {@link #putNode}. */
    private NodeCapacities capacities;

    private StorePlannerState(KeyValueStore<String, PlannerJobState> jobs, KeyValueStore<String, String> jobOrder,
                              KeyValueStore<String, Long> completedJobs, KeyValueStore<String, NodeHeartbeat> nodes) {
        this.jobs = jobs;
        this.jobOrder = jobOrder;
        this.completedJobs = completedJobs;
        this.nodes = nodes;
    }

    /**
     * The state over the stores that {@code context}'s processor is connected to, with every unfinished job read
     * from them in FIFO order.
     *
     * @throws IllegalStateException when the FIFO index names a job that the jobs store does not hold
     */
    static StorePlannerState load(ProcessingContext context) {
        var state = new StorePlannerState(context.getStateStore(StoreNames.JOBS),
                context.getStateStore(StoreNames.JOB_ORDER), context.getStateStore(StoreNames.COMPLETED_JOBS),
                context.getStateStore(StoreNames.NODES));
        try (var entries = state.jobOrder.all()) {
            entries.forEachRemaining(entry -> {
                var stored = state.jobs.get(entry.value);
                if (stored == null) {
                    throw new IllegalStateException("job " + entry.value + " is in " + StoreNames.JOB_ORDER
                            + " but not in " + StoreNames.JOBS);
                }
                state.unfinished.putJob(AvroMapping.toProgress(stored));
            });
        }
        return state;
    }

    @Override
    public List<JobProgress> queue() {
        return unfinished.queue();
    }

    @Override
    public Resources leastDemand() {
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
        jobs.put(progress.jobId(), AvroMapping.toAvro(progress));
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
        return Optional.ofNullable(nodes.get(nodeId)).map(AvroMapping::nodeFromStore);
    }

    @Override
    public void putNode(NodeState node) {
        nodes.put(node.nodeId(), EventMapping.nodeHeartbeat(node));
        if (capacities != null) {
            capacities.put(node);
        }
    }

    @Override
    public NodeCapacities capacities() {
        if (capacities == null) {
            var read = new NodeCapacities();
            try (var entries = nodes.all()) {
                entries.forEachRemaining(entry -> read.put(AvroMapping.nodeFromStore(entry.value)));
            }
            capacities = read;
        }
        return capacities;
    }
}
