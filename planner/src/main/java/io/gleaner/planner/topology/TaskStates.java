package io.gleaner.planner.topology;

import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.planner.core.RetryRules;
import io.gleaner.planner.core.PlacementPolicy;
import java.io.File;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.kafka.streams.processor.api.ProcessingContext;

/**
 * The {@link StorePlannerState} of each stream task, shared by the task's processors (jobs, reports, heartbeats),
 * which all write the same stores: one decoded copy of the unfinished jobs per task, kept right by every write.
 *
 * <p>Kafka Streams initializes a task's processors after restoring its stores and closes them before it suspends
 * the task or wipes its stores (a dirty close under exactly-once). So every {@link #forget} from
 * {@code init} and {@code close} drops the task's copy, and the first record after that reads it again
 * ({@link #of}): a copy never outlives the store contents it was read from.
 */
final class TaskStates {

    private final Supplier<PlacementPolicy> policies;
    private final NodeLiveness liveness;
    private final RetryRules retries;
    private final String policyName;
    private final int cells;
    /**
     * By the task's state directory, not its task id: two instances running one built topology (each with its own
     * state directory) have tasks of the same ids, and must not share a cell.
     */
    private final Map<File, StorePlannerState> byTask = new ConcurrentHashMap<>();
    private final Map<File, PlacementPolicy> policyByTask = new ConcurrentHashMap<>();

    /**
     * @param policies   makes the policy of each task
     * @param policyName its name, as metrics label it
     * @param liveness when the task's cell loses a node
     * @param retries  how the task's cell retries tasks and excludes nodes
     * @param cells    how many cells the planner runs, each task one (docs/cells.md)
     */
    TaskStates(Supplier<PlacementPolicy> policies, String policyName, NodeLiveness liveness, RetryRules retries,
               int cells) {
        this.policies = policies;
        this.cells = cells;
        this.policyName = policyName;
        this.liveness = liveness;
        this.retries = retries;
    }

    /** The name of the tasks' policy, as metrics label it. */
    String policyName() {
        return policyName;
    }

    /** How many cells the planner runs. */
    int cells() {
        return cells;
    }

    /** How the cells retry tasks and exclude nodes. */
    RetryRules retries() {
        return retries;
    }

    /** When the cells lose a node. */
    NodeLiveness liveness() {
        return liveness;
    }

    /** The state of {@code context}'s task, read from its stores on the first call after {@link #forget}. */
    StorePlannerState of(ProcessingContext context) {
        return byTask.computeIfAbsent(context.stateDir(), task -> StorePlannerState.load(context));
    }

    /**
     * The policy of {@code context}'s task, one instance for all its processors, so that a policy that keeps an
     * index of the queue ({@link PlacementPolicy#onProgress}) hears of every change; new after {@link #forget}, when
     * it starts again from the state it is given.
     */
    PlacementPolicy policy(ProcessingContext context) {
        return policyByTask.computeIfAbsent(context.stateDir(), task -> policies.get());
    }

    /** Drops the copy of {@code context}'s task and its policy. */
    void forget(ProcessingContext context) {
        byTask.remove(context.stateDir());
        policyByTask.remove(context.stateDir());
    }
}
