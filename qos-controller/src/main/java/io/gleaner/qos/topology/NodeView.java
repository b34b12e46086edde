package io.gleaner.qos.topology;

import io.gleaner.qos.core.NodeControl;
import io.gleaner.qos.core.NodeObservation;
import io.gleaner.qos.core.CpuRam;
import io.gleaner.qos.core.RunningAttempt;
import io.gleaner.runtime.Wire;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.Serde;

/**
 * What the stage knows of one node, the value of {@link QosStores#NODES}; it turns into the core's
 * {@link NodeObservation} at a tick. Mutable, one instance per record processed (read from the store, changed,
 * written back). The rules:
 * <ul>
 *   <li>Capacity and running attempts come from the node's newest heartbeat by event time; an older heartbeat
 *       arriving late changes nothing. Each running decision id remembers the time of the first heartbeat that
 *       listed it.</li>
 *   <li>Each of the four tracked uses (owners' CPU and RAM, tasks' CPU and RAM) is its newest sample by event time
 *       (a tie: the later record wins), whatever its age; fractions are turned into cores and bytes with the
 *       capacity in force at the tick.</li>
 *   <li>Placements of the node are kept by decision id (a duplicate replaces the earlier one) until the attempt,
 *       once listed as running, is no longer listed by a newer heartbeat (it ended), or, never listed, until a
 *       heartbeat is {@link #PENDING_RETENTION} past its not-before time (it never started here).</li>
 *   <li>A running attempt whose placement is unknown (the placement not seen yet, e.g. still in flight on another
 *       partition, or lost) is still controlled, so that the stage can kill it: it counts as scheduled at the first
 *       heartbeat that listed it, and the tasks' measured use not accounted for by known placements' demands is
 *       shared evenly among such attempts (0 when there is none). Dead-lettering it instead would leave its RAM on
 *       the node with no way to kill it.</li>
 *   <li>A node is observed (ticked) only once it has a heartbeat and both owners' samples (CPU and RAM): without
 *       them the owners' use is unknown, and taking it as 0 would raise the tasks' CPU limit blindly. A missing
 *       tasks' sample counts as 0 (nothing of Gleaner's measured yet).</li>
 * </ul>
 */
final class NodeView {

    /** How long after its not-before time a placement never listed as running is kept: one hour of event time. */
    static final Duration PENDING_RETENTION = Duration.ofHours(1);

    private static final int USES = NodeEvent.Use.values().length;

    /** A placement of the node: when it was scheduled and what it holds. */
    record PlacementInfo(long notBeforeMs, double cpus, long ramBytes) {
    }

    private long heartbeatMs = -1;
    private double capacityCpus;
    private long capacityRamBytes;
    private final TreeMap<String, Long> running = new TreeMap<>();
    private final TreeMap<String, PlacementInfo> placements = new TreeMap<>();
    private final double[] fractions = new double[USES];
    private final long[] sampleTimesMs = {-1, -1, -1, -1};
    private long lastTickMs = -1;
    private double cpuLimitCores;

    /** A node the stage knows nothing of. */
    static NodeView empty() {
        return new NodeView();
    }

    /** Takes {@code event} into the view by the rules above. */
    void apply(NodeEvent event) {
        if (event instanceof NodeEvent.Heartbeat heartbeat) {
            applyHeartbeat(heartbeat);
        } else if (event instanceof NodeEvent.Sample sample) {
            int i = sample.use().ordinal();
            if (sample.timeMs() >= sampleTimesMs[i]) {
                sampleTimesMs[i] = sample.timeMs();
                fractions[i] = sample.fraction();
            }
        } else if (event instanceof NodeEvent.Placement placement) {
            placements.put(placement.decisionId(),
                    new PlacementInfo(placement.notBeforeMs(), placement.cpus(), placement.ramBytes()));
        }
    }

    private void applyHeartbeat(NodeEvent.Heartbeat heartbeat) {
        if (heartbeat.timeMs() < heartbeatMs) {
            return;
        }
        heartbeatMs = heartbeat.timeMs();
        capacityCpus = heartbeat.cpus();
        capacityRamBytes = heartbeat.ramBytes();
        var listed = new TreeMap<String, Long>();
        for (var id : heartbeat.runningAttempts()) {
            listed.put(id, running.getOrDefault(id, heartbeat.timeMs()));
        }
        for (var id : running.keySet()) {
            if (!listed.containsKey(id)) {
                placements.remove(id);
            }
        }
        running.clear();
        running.putAll(listed);
        long horizon = heartbeat.timeMs() - PENDING_RETENTION.toMillis();
        placements.entrySet().removeIf(entry -> !running.containsKey(entry.getKey())
                && entry.getValue().notBeforeMs() < horizon);
    }

    /**
     * The node at {@code time} for a tick, or null when it cannot be observed yet (no heartbeat, or no owners'
     * sample of CPU or of RAM).
     */
    NodeObservation observation(String nodeId, Instant time) {
        if (heartbeatMs < 0 || sampleTimesMs[NodeEvent.Use.OWNERS_CPU.ordinal()] < 0
                || sampleTimesMs[NodeEvent.Use.OWNERS_RAM.ordinal()] < 0) {
            return null;
        }
        var owners = use(NodeEvent.Use.OWNERS_CPU, NodeEvent.Use.OWNERS_RAM);
        var tasks = use(NodeEvent.Use.TASKS_CPU, NodeEvent.Use.TASKS_RAM);
        double knownCpus = 0;
        long knownRam = 0;
        int unknown = 0;
        for (var id : running.keySet()) {
            var placement = placements.get(id);
            if (placement == null) {
                unknown++;
            } else {
                knownCpus += placement.cpus();
                knownRam += placement.ramBytes();
            }
        }
        double unknownCpus = unknown == 0 ? 0 : Math.max(0, tasks.cpus() - knownCpus) / unknown;
        long unknownRam = unknown == 0 ? 0 : Math.max(0, tasks.ramBytes() - knownRam) / unknown;
        var attempts = new ArrayList<RunningAttempt>(running.size());
        for (Map.Entry<String, Long> entry : running.entrySet()) {
            var placement = placements.get(entry.getKey());
            attempts.add(placement == null
                    ? new RunningAttempt(entry.getKey(), Instant.ofEpochMilli(entry.getValue()), unknownCpus,
                            unknownRam)
                    : new RunningAttempt(entry.getKey(), Instant.ofEpochMilli(placement.notBeforeMs()),
                            placement.cpus(), placement.ramBytes()));
        }
        double limit = lastTickMs < 0 ? capacityCpus : cpuLimitCores;
        return new NodeObservation(nodeId, time, new CpuRam(capacityCpus, capacityRamBytes), owners, tasks,
                attempts, limit);
    }

    private CpuRam use(NodeEvent.Use cpu, NodeEvent.Use ram) {
        // Rounded to a billionth of a core: tasks held at a limit L report L / capacity, and L / c * c is more than L
        // for about 3% of limits and capacities, which the controller would take for an excess every tick.
        double cpus = Math.round(fractions[cpu.ordinal()] * capacityCpus * 1e9) / 1e9;
        long ramBytes = Math.round(fractions[ram.ordinal()] * capacityRamBytes);
        return new CpuRam(cpus, ramBytes);
    }

    /** What the controller remembers of the node; empty before its first tick. */
    Optional<NodeControl> control() {
        return lastTickMs < 0 ? Optional.empty()
                : Optional.of(new NodeControl(Instant.ofEpochMilli(lastTickMs), cpuLimitCores));
    }

    /** Records a tick: what the controller remembers of the node after it. */
    void ticked(NodeControl control) {
        lastTickMs = control.lastTick().toEpochMilli();
        cpuLimitCores = control.cpuLimitCores();
    }

    /** How many placements the view holds (for tests of the pruning rule). */
    int placementCount() {
        return placements.size();
    }

    /** The serde of {@link QosStores#NODES}. */
    static Serde<NodeView> serde() {
        // Format 2 writes strings with Wire.writeString; format 1 (writeUTF) is still read.
        return Wire.serde("qos node view", 2, NodeView::write, in -> read(in, Wire.TEXT),
                Map.of(1, in -> read(in, Wire.LEGACY_TEXT)));
    }

    private static void write(DataOutputStream out, NodeView view) throws IOException {
        out.writeLong(view.heartbeatMs);
        out.writeDouble(view.capacityCpus);
        out.writeLong(view.capacityRamBytes);
        out.writeInt(view.running.size());
        for (var entry : view.running.entrySet()) {
            Wire.writeString(out, entry.getKey());
            out.writeLong(entry.getValue());
        }
        out.writeInt(view.placements.size());
        for (var entry : view.placements.entrySet()) {
            Wire.writeString(out, entry.getKey());
            out.writeLong(entry.getValue().notBeforeMs());
            out.writeDouble(entry.getValue().cpus());
            out.writeLong(entry.getValue().ramBytes());
        }
        for (int i = 0; i < USES; i++) {
            out.writeDouble(view.fractions[i]);
            out.writeLong(view.sampleTimesMs[i]);
        }
        out.writeLong(view.lastTickMs);
        out.writeDouble(view.cpuLimitCores);
    }

    private static NodeView read(DataInputStream in, Wire.TextReader text) throws IOException {
        var view = new NodeView();
        view.heartbeatMs = in.readLong();
        view.capacityCpus = in.readDouble();
        view.capacityRamBytes = in.readLong();
        int running = in.readInt();
        for (int i = 0; i < running; i++) {
            view.running.put(text.read(in), in.readLong());
        }
        int placements = in.readInt();
        for (int i = 0; i < placements; i++) {
            view.placements.put(text.read(in), new PlacementInfo(in.readLong(), in.readDouble(), in.readLong()));
        }
        for (int i = 0; i < USES; i++) {
            view.fractions[i] = in.readDouble();
            view.sampleTimesMs[i] = in.readLong();
        }
        view.lastTickMs = in.readLong();
        view.cpuLimitCores = in.readDouble();
        return view;
    }
}
