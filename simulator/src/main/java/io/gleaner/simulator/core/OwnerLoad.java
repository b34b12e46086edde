package io.gleaner.simulator.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The owners' workload of every node: per node id, a step function of {@link OwnerSample}s in time order (each
 * sample holds until the next). Before a node's first sample, and on a node without samples, the owners use
 * nothing.
 *
 * <p>A load may also say what the owners used before the run ({@link #history()}): a trace that wraps around knows
 * the days before its start. The simulation never plays those samples (its nodes start at the first sample of
 * {@link #byNode()}); {@link OwnerForecasts} warms up on them, as a forecaster that had been running before would
 * have.
 *
 * @param byNode  samples per node id, each list strictly increasing in time
 * @param history samples per node id before the run, each list strictly increasing in time and, for a node with
 *                samples in {@code byNode}, before its first one; the last holds until that first one
 */
public record OwnerLoad(Map<String, List<OwnerSample>> byNode, Map<String, List<OwnerSample>> history) {

    /** No owners anywhere: the whole cluster is spare. */
    public static final OwnerLoad NONE = new OwnerLoad(Map.of());

    public OwnerLoad {
        Objects.requireNonNull(byNode, "byNode");
        Objects.requireNonNull(history, "history");
        byNode = increasing(byNode, "owner samples");
        history = increasing(history, "owner history samples");
        for (var entry : history.entrySet()) {
            var samples = entry.getValue();
            var run = byNode.getOrDefault(entry.getKey(), List.of());
            if (!samples.isEmpty() && !run.isEmpty() && !samples.get(samples.size() - 1).time()
                    .isBefore(run.get(0).time())) {
                throw new IllegalArgumentException("owner history of node " + entry.getKey() + " must end before its "
                        + "first sample at " + run.get(0).time() + ", its last is at "
                        + samples.get(samples.size() - 1).time());
            }
        }
    }

    /**
     * The owners' use before the run as the nodes would have reported it: CPU and memory of each {@link #history()}
     * sample at the sample's own time, source REGULAR, capped to [0, 1]; in time order across nodes, as live telemetry
     * comes. Through Kafka it goes on {@code nodes.utilization} before the first round, in-process into the
     * forecasts' warm-up, so that both warm up on the same samples.
     */
    public List<Utilization> historyUse() {
        var uses = new ArrayList<Utilization>();
        history.forEach((node, samples) -> samples.forEach(sample -> {
            uses.add(Utilization.clamped(node, sample.time(), Utilization.Metric.CPU, Utilization.Source.REGULAR,
                    sample.cpu()));
            uses.add(Utilization.clamped(node, sample.time(), Utilization.Metric.MEMORY, Utilization.Source.REGULAR,
                    sample.memory()));
        }));
        uses.sort(Comparator.comparing(Utilization::time).thenComparing(Utilization::nodeId)
                .thenComparing(Utilization::metric));
        return uses;
    }

    /** A load without history. */
    public OwnerLoad(Map<String, List<OwnerSample>> byNode) {
        this(byNode, Map.of());
    }

    /** The samples of {@code nodeId}, empty when it has none. */
    public List<OwnerSample> of(String nodeId) {
        return byNode.getOrDefault(nodeId, List.of());
    }

    /** The samples of {@code nodeId} before the run, empty when there are none. */
    public List<OwnerSample> historyOf(String nodeId) {
        return history.getOrDefault(nodeId, List.of());
    }

    private static Map<String, List<OwnerSample>> increasing(Map<String, List<OwnerSample>> byNode, String what) {
        var copy = new TreeMap<String, List<OwnerSample>>();
        byNode.forEach((node, samples) -> {
            var list = List.copyOf(samples);
            for (int i = 1; i < list.size(); i++) {
                if (!list.get(i).time().isAfter(list.get(i - 1).time())) {
                    throw new IllegalArgumentException(what + " of node " + node + " must increase in time: "
                            + list.get(i).time() + " follows " + list.get(i - 1).time());
                }
            }
            copy.put(node, list);
        });
        return Collections.unmodifiableMap(copy);
    }
}
