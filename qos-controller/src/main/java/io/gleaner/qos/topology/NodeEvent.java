package io.gleaner.qos.topology;

import io.gleaner.runtime.Wire;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;

/**
 * One checked input record of a node, as it travels through {@link QosStores#NODE_EVENTS}: what the stage keeps of a
 * heartbeat, a utilization sample or a placement. Every event carries its node id and its event time in ms.
 */
sealed interface NodeEvent permits NodeEvent.Heartbeat, NodeEvent.Sample, NodeEvent.Placement {

    /** The node. */
    String nodeId();

    /** Event time in ms since the epoch. */
    long timeMs();

    /**
     * A heartbeat: the node's capacity and the decision ids of the attempts it runs.
     *
     * @param cpus            capacity in cores, finite and > 0
     * @param ramBytes        capacity in bytes, > 0
     * @param runningAttempts decision ids, distinct, none blank
     */
    record Heartbeat(String nodeId, long timeMs, double cpus, long ramBytes, List<String> runningAttempts)
            implements NodeEvent {
        public Heartbeat {
            Objects.requireNonNull(nodeId, "nodeId");
            runningAttempts = List.copyOf(runningAttempts);
        }
    }

    /** Which of a node's four tracked uses a sample gives. */
    enum Use {
        /** The owners' (REGULAR) CPU. */
        OWNERS_CPU,
        /** The owners' (REGULAR) RAM. */
        OWNERS_RAM,
        /** Gleaner's tasks' (EPHEMERAL) CPU. */
        TASKS_CPU,
        /** Gleaner's tasks' (EPHEMERAL) RAM. */
        TASKS_RAM
    }

    /**
     * A utilization sample of one tracked use.
     *
     * @param fraction the share of the node's capacity in use, in [0, 1]
     */
    record Sample(String nodeId, long timeMs, Use use, double fraction) implements NodeEvent {
        public Sample {
            Objects.requireNonNull(nodeId, "nodeId");
            Objects.requireNonNull(use, "use");
        }
    }

    /**
     * A placement decision on the node: the attempt's id, when it was scheduled ({@code notBefore}) and its demand.
     *
     * @param timeMs      the decision's epoch (the event time of the planner round that decided it)
     * @param notBeforeMs when the attempt was scheduled to start; the order of "latest-scheduled first"
     */
    record Placement(String nodeId, long timeMs, String decisionId, long notBeforeMs, double cpus, long ramBytes)
            implements NodeEvent {
        public Placement {
            Objects.requireNonNull(nodeId, "nodeId");
            Objects.requireNonNull(decisionId, "decisionId");
        }
    }

    /** The serde of {@link QosStores#NODE_EVENTS}. */
    static Serde<NodeEvent> serde() {
        // Format 2 writes strings with Wire.writeString; format 1 (writeUTF) is still read.
        return Wire.serde("qos node event", 2, NodeEvent::write, in -> read(in, Wire.TEXT),
                Map.of(1, in -> read(in, Wire.LEGACY_TEXT)));
    }

    private static void write(DataOutputStream out, NodeEvent event) throws IOException {
        if (event instanceof Heartbeat heartbeat) {
            out.writeByte(0);
            Wire.writeString(out, heartbeat.nodeId());
            out.writeLong(heartbeat.timeMs());
            out.writeDouble(heartbeat.cpus());
            out.writeLong(heartbeat.ramBytes());
            out.writeInt(heartbeat.runningAttempts().size());
            for (var id : heartbeat.runningAttempts()) {
                Wire.writeString(out, id);
            }
        } else if (event instanceof Sample sample) {
            out.writeByte(1);
            Wire.writeString(out, sample.nodeId());
            out.writeLong(sample.timeMs());
            out.writeByte(sample.use().ordinal());
            out.writeDouble(sample.fraction());
        } else if (event instanceof Placement placement) {
            out.writeByte(2);
            Wire.writeString(out, placement.nodeId());
            out.writeLong(placement.timeMs());
            Wire.writeString(out, placement.decisionId());
            out.writeLong(placement.notBeforeMs());
            out.writeDouble(placement.cpus());
            out.writeLong(placement.ramBytes());
        }
    }

    private static NodeEvent read(DataInputStream in, Wire.TextReader text) throws IOException {
        int type = in.readUnsignedByte();
        var nodeId = text.read(in);
        long timeMs = in.readLong();
        switch (type) {
            case 0 -> {
                double cpus = in.readDouble();
                long ram = in.readLong();
                int count = in.readInt();
                var ids = new ArrayList<String>(count);
                for (int i = 0; i < count; i++) {
                    ids.add(text.read(in));
                }
                return new Heartbeat(nodeId, timeMs, cpus, ram, ids);
            }
            case 1 -> {
                return new Sample(nodeId, timeMs, Use.values()[in.readUnsignedByte()], in.readDouble());
            }
            case 2 -> {
                return new Placement(nodeId, timeMs, text.read(in), in.readLong(), in.readDouble(), in.readLong());
            }
            default -> throw new IllegalArgumentException("unknown qos node event type " + type);
        }
    }
}
