package io.gleaner.ingest.google;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.Resources;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The capacity of each machine over time, from {@code machine_events}: what {@link GoogleTaskUsageReader} divides
 * a machine's usage by to get the fraction a utilization sample holds.
 *
 * <p>The capacity of a machine at time t is the one of its latest heartbeat at or before t (a REMOVE gives 0).
 * It holds every heartbeat, so it grows with the machine_events file, which is small (one part of some 37,000
 * rows for the whole 29-day trace); the usage file it serves is read as a stream.
 */
public final class GoogleMachineCapacities {

    private final Map<String, TreeMap<Instant, Resources>> byNode;
    private final Resources everywhere;
    private final long rejectedLines;

    private GoogleMachineCapacities(Map<String, TreeMap<Instant, Resources>> byNode, Resources everywhere,
            long rejectedLines) {
        this.byNode = byNode;
        this.everywhere = everywhere;
        this.rejectedLines = rejectedLines;
    }

    /**
     * No table: every machine is taken to be the largest one, so a fraction is the usage normalised by the largest
     * machine. That understates the load of smaller machines (most of the trace's have half the largest's CPU);
     * use it only when the machine_events table is not at hand.
     */
    public static GoogleMachineCapacities largestEverywhere(GoogleTraceRule rule) {
        return new GoogleMachineCapacities(Map.of(),
                new Resources(rule.machineCpus(), rule.machineMemoryBytes()), 0);
    }

    /** Reads every row of a machine_events reader, which it then closes; rejected rows are counted, not kept. */
    public static GoogleMachineCapacities read(GoogleMachineEventReader reader) {
        Objects.requireNonNull(reader, "reader");
        var byNode = new HashMap<String, TreeMap<Instant, Resources>>();
        long rejected = 0;
        try (reader) {
            while (reader.hasNext()) {
                var row = reader.next();
                if (row instanceof TraceRow.Parsed<NodeHeartbeat> parsed) {
                    var heartbeat = parsed.value();
                    byNode.computeIfAbsent(heartbeat.getNodeId(), node -> new TreeMap<>())
                            .put(heartbeat.getTime(), heartbeat.getCapacity());
                } else {
                    rejected++;
                }
            }
        }
        return new GoogleMachineCapacities(byNode, null, rejected);
    }

    /** The capacity of {@code nodeId} at {@code time}; empty when no heartbeat of it is that early. */
    public Optional<Resources> at(String nodeId, Instant time) {
        if (everywhere != null) {
            return Optional.of(everywhere);
        }
        var timeline = byNode.get(nodeId);
        if (timeline == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(timeline.floorEntry(time)).map(Map.Entry::getValue);
    }

    /** Whether every machine is taken to be the largest ({@link #largestEverywhere}). */
    public boolean isLargestEverywhere() {
        return everywhere != null;
    }

    /** Machines with at least one heartbeat. */
    public int nodes() {
        return byNode.size();
    }

    /** Rows of the machine_events file that were rejected while reading it. */
    public long rejectedLines() {
        return rejectedLines;
    }
}
