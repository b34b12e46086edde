package io.gleaner.planner.core.fifo;

import io.gleaner.planner.core.OrderedFill;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import java.time.Instant;

/**
 * Hadoop's FIFO: fill the node's spare capacity with runnable tasks of the oldest job first, then the next job, and
 * so on (jobs in (submitTime, jobId) order, the queue's); how a job's tasks are taken and when one is passed over is
 * {@link OrderedFill}'s rule.
 */
public final class FifoPolicy implements PlacementPolicy {

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        return OrderedFill.fill(state.queue(), state, now, PolicyName.FIFO);
    }
}
