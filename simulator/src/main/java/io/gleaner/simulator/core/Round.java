package io.gleaner.simulator.core;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.NodeState;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What the simulated cluster tells the planner in one lockstep round at grid time {@code time}
 * (docs/simulator.md#lockstep, steps 2 and 3), in the order it is sent.
 *
 * @param time        the grid time g of the round
 * @param submitted   jobs submitted since the previous round, by (submit time, job id)
 * @param reports     task reports of attempts that launched or ended since the previous round, by event order;
 *                    every event time is before {@code time}
 * @param heartbeats  one per node, stamped {@code time}, by node id
 * @param utilization samples stamped {@code time}, by node id then metric
 */
public record Round(Instant time, List<Job> submitted, List<AttemptReport> reports, List<NodeState> heartbeats,
                    List<Utilization> utilization) {

    public Round {
        Objects.requireNonNull(time, "time");
        submitted = List.copyOf(submitted);
        reports = List.copyOf(reports);
        heartbeats = List.copyOf(heartbeats);
        utilization = List.copyOf(utilization);
    }
}
