package io.gleaner.qos;

import io.gleaner.qos.core.QosAction;
import io.gleaner.schemas.avro.QosActionKind;

/**
 * The {@code qos.actions} contract in core terms, Avro to core records and back: the QoS stage writes with it and
 * an executor in Java (the node agent) reads with it; the only file of the module that imports both.
 */
public final class QosRecords {

    private QosRecords() {
    }

    /** The {@code qos.actions} value for {@code action}: a CPU limit for throttle and raise, a decision id for a kill. */
    public static io.gleaner.schemas.avro.QosAction toAvro(QosAction action) {
        var kill = action.kind() == io.gleaner.qos.core.QosActionKind.KILL_TASK;
        return io.gleaner.schemas.avro.QosAction.newBuilder()
                .setNodeId(action.nodeId())
                .setTime(action.time())
                .setAction(QosActionKind.valueOf(action.kind().name()))
                .setCpuLimit(kill ? null : action.cpuLimitCores())
                .setDecisionId(kill ? action.decisionId() : null)
                .setReason(action.reason())
                .build();
    }

    /**
     * The core action for a {@code qos.actions} value.
     *
     * @throws IllegalArgumentException for an {@code UNKNOWN} kind (written by a newer producer) or a record whose
     *                                  fields do not fit its kind, naming the value
     */
    public static QosAction fromAvro(io.gleaner.schemas.avro.QosAction value) {
        return switch (value.getAction()) {
            case THROTTLE_CPU -> QosAction.throttle(value.getNodeId(), value.getTime(), cpuLimit(value),
                    value.getReason());
            case RAISE_CPU_LIMIT -> QosAction.raise(value.getNodeId(), value.getTime(), cpuLimit(value),
                    value.getReason());
            case KILL_TASK -> {
                if (value.getDecisionId() == null) {
                    throw new IllegalArgumentException("KILL_TASK on node " + value.getNodeId()
                            + " names no decisionId");
                }
                yield QosAction.kill(value.getNodeId(), value.getTime(), value.getDecisionId(), value.getReason());
            }
            default -> throw new IllegalArgumentException("unknown QoS action kind " + value.getAction()
                    + " on node " + value.getNodeId());
        };
    }

    private static double cpuLimit(io.gleaner.schemas.avro.QosAction value) {
        if (value.getCpuLimit() == null) {
            throw new IllegalArgumentException(value.getAction() + " on node " + value.getNodeId()
                    + " has no cpuLimit");
        }
        return value.getCpuLimit();
    }
}
