package io.gleaner.planner.topology;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobOrder;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PlannerState;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlannerJobState;
import java.time.Instant;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * {@link PlannerState} over the planner's state stores ({@link StoreNames}). The queue is a range scan of the
 * FIFO index, whose keys ({@link JobOrder}) sort as RocksDB sorts bytes; its jobs are read from the jobs store
 * only when the policy reaches them.
 */
final class StorePlannerState implements PlannerState {

    private final KeyValueStore<String, PlannerJobState> jobs;
    private final KeyValueStore<String, String> jobOrder;
    private final KeyValueStore<String, Long> completedJobs;
    private final KeyValueStore<String, NodeHeartbeat> nodes;

    StorePlannerState(KeyValueStore<String, PlannerJobState> jobs, KeyValueStore<String, String> jobOrder,
                      KeyValueStore<String, Long> completedJobs, KeyValueStore<String, NodeHeartbeat> nodes) {
        this.jobs = jobs;
        this.jobOrder = jobOrder;
        this.completedJobs = completedJobs;
        this.nodes = nodes;
    }

    /** The state over the stores that {@code context}'s processor was connected to. */
    static StorePlannerState of(ProcessingContext context) {
        return new StorePlannerState(context.getStateStore(StoreNames.JOBS), context.getStateStore(StoreNames.JOB_ORDER),
                context.getStateStore(StoreNames.COMPLETED_JOBS), context.getStateStore(StoreNames.NODES));
    }

    @Override
    public List<JobProgress> queue() {
        var ids = new ArrayList<String>();
        try (var entries = jobOrder.all()) {
            entries.forEachRemaining(entry -> ids.add(entry.value));
        }
        return new AbstractList<>() {
            private final JobProgress[] loaded = new JobProgress[ids.size()];

            @Override
            public JobProgress get(int index) {
                if (loaded[index] == null) {
                    var id = ids.get(index);
                    loaded[index] = job(id).orElseThrow(() -> new IllegalStateException(
                            "job " + id + " is in " + StoreNames.JOB_ORDER + " but not in " + StoreNames.JOBS));
                }
                return loaded[index];
            }

            @Override
            public int size() {
                return ids.size();
            }
        };
    }

    @Override
    public Optional<JobProgress> job(String jobId) {
        return Optional.ofNullable(jobs.get(jobId)).map(AvroMapping::toProgress);
    }

    @Override
    public void putJob(JobProgress progress) {
        jobs.put(progress.jobId(), AvroMapping.toAvro(progress));
        jobOrder.put(JobOrder.key(progress.job()), progress.jobId());
    }

    @Override
    public void deleteJob(Job job) {
        jobs.delete(job.jobId());
        jobOrder.delete(JobOrder.key(job));
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
    }
}
