package io.gleaner.planner.topology;

import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.Verdict;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.NodeHeartbeat;
import java.time.Instant;
import java.util.Optional;

/** Answers each node's heartbeat with the policy's placements for that node. */
final class HeartbeatProcessor extends CellProcessor<NodeHeartbeat, NodeState> {

    HeartbeatProcessor(String sourceTopic, TaskStates states) {
        super(sourceTopic, states, "heartbeat");
    }

    @Override
    Checked<NodeState> toCore(NodeHeartbeat event) {
        return EventMapping.nodeState(event);
    }

    @Override
    KeyedBy keyedBy(NodeHeartbeat event) {
        return new KeyedBy("the heartbeat's node id", event.getNodeId());
    }

    @Override
    Verdict apply(PlannerCell cell, NodeState node) {
        return cell.onHeartbeat(node);
    }

    @Override
    Optional<Instant> heartbeatTime(NodeState node) {
        return Optional.of(node.time());
    }
}
