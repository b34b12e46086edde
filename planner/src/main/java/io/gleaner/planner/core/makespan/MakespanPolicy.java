package io.gleaner.planner.core.makespan;

import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.OrderedFill;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * {@code johnson} and {@code balanced-pools}: the unfinished jobs as one batch (2015 thesis ch. 5), ordered by
 * {@link JohnsonRule} on the whole cluster or split by {@link BalancedPools} into two pools of nodes, each in its
 * Johnson order; a heartbeat fills the node with runnable tasks in that order, as FIFO fills it in submit order.
 *
 * <p>Arrivals over time (docs/policies/makespan.md, deviations): the batch is the jobs queued when it forms, and it
 * forms when the last job of the previous batch has left the queue. A job that arrives meanwhile waits for the next
 * batch, served after the batch's jobs in submit order, as a job Johnson's rule puts last would otherwise wait behind
 * every later arrival. A node that joins or is lost re-plans the batch from what its jobs have left
 * ({@link QueueBatch}). A node serves its own pool's jobs first and then, rather than stay idle, the other pool's.
 */
public final class MakespanPolicy implements PlacementPolicy {

    private final PolicyName name;
    private final boolean split;
    /** The nodes seen, by id, as of their last heartbeat: the cluster the batch is planned on. */
    private final SortedMap<String, NodeState> nodes = new TreeMap<>();
    /** Job ids in the order each pool runs them; one list for Johnson alone. */
    private List<List<String>> orders = List.of();
    /** The pool each node serves first, by node id; absent is pool 0. */
    private final Map<String, Integer> nodePool = new HashMap<>();
    /** The ids of the current batch's jobs still in the queue. */
    private final Set<String> batch = new HashSet<>();
    /** Whether the batch must be planned again on the next heartbeat: a new batch, or a node joined or was lost. */
    private boolean replan = true;

    private MakespanPolicy(PolicyName name, boolean split) {
        this.name = name;
        this.split = split;
    }

    /** Johnson's rule on the whole cluster (2015 thesis §5.5.1). */
    public static MakespanPolicy johnson() {
        return new MakespanPolicy(PolicyName.JOHNSON, false);
    }

    /** BalancedPools (2015 thesis §5.5.3). */
    public static MakespanPolicy balancedPools() {
        return new MakespanPolicy(PolicyName.BALANCED_POOLS, true);
    }

    @Override
    public void onNodeLost(String nodeId, Instant at) {
        nodes.remove(nodeId);
        replan = true;
    }

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        var node = state.node();
        var previous = nodes.put(node.nodeId(), node);
        if (previous == null || previous.slots() != node.slots()) {
            replan = true;
        }
        var byId = new HashMap<String, JobProgress>();
        state.queue().forEach(progress -> byId.put(progress.jobId(), progress));
        batch.retainAll(byId.keySet());
        if (batch.isEmpty() && !byId.isEmpty()) {
            byId.keySet().forEach(batch::add);
            replan = true;
        }
        if (replan) {
            plan(state.queue().stream().filter(progress -> batch.contains(progress.jobId())).toList(),
                    state.history());
            replan = false;
        }
        var jobs = new ArrayList<JobProgress>();
        for (var jobId : servingOrder(node.nodeId(), state.queue())) {
            var progress = byId.remove(jobId);
            if (progress != null) {
                jobs.add(progress);
            }
        }
        return OrderedFill.fill(jobs, state, now, name);
    }

    /** The node's pool's order, then the other pool's, then any job the plan does not know, in queue order. */
    private List<String> servingOrder(String nodeId, List<JobProgress> queue) {
        var order = new ArrayList<String>();
        int own = nodePool.getOrDefault(nodeId, 0);
        if (own < orders.size()) {
            order.addAll(orders.get(own));
        }
        for (int p = 0; p < orders.size(); p++) {
            if (p != own) {
                order.addAll(orders.get(p));
            }
        }
        queue.forEach(progress -> order.add(progress.jobId()));
        return order;
    }

    private void plan(List<JobProgress> queue, JobHistory history) {
        nodePool.clear();
        int slots = nodes.values().stream().mapToInt(NodeState::slots).sum();
        if (slots == 0) {
            orders = List.of();
            return;
        }
        double speed = nodes.values().stream().mapToDouble(n -> n.slots() * n.speedGflops()).sum() / slots;
        var batch = QueueBatch.of(queue, history, speed);
        var ids = new ArrayList<>(nodes.keySet());
        int[] prefix = new int[ids.size() + 1];
        for (int k = 0; k < ids.size(); k++) {
            prefix[k + 1] = prefix[k] + nodes.get(ids.get(k)).slots();
        }
        var result = split
                ? BalancedPools.split(batch, slots, poolSizes(prefix, slots))
                : new PoolSplit(List.of(SlotPool.johnson(batch, slots)));
        orders = result.pools().stream()
                .map(pool -> pool.order().stream().map(StageLengths::jobId).toList())
                .toList();
        if (result.pools().size() == 2) {
            int poolA = result.pools().get(0).slots();
            for (int k = 0; k < ids.size(); k++) {
                nodePool.put(ids.get(k), prefix[k + 1] <= poolA ? 0 : 1);
            }
        }
    }

    /** The sizes pool a can take when it is the first nodes by id: the distinct prefix sums below the total. */
    private static int[] poolSizes(int[] prefix, int slots) {
        return Arrays.stream(prefix).filter(s -> s > 0 && s < slots).distinct().sorted().toArray();
    }
}
