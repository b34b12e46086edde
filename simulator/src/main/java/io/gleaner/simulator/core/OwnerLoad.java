package io.gleaner.simulator.core;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The owners' workload of every node: per node id, a step function of {@link OwnerSample}s in time order (each
 * sample holds until the next). Before a node's first sample, and on a node without samples, the owners use
 * nothing.
 *
 * @param byNode samples per node id, each list strictly increasing in time
 */
public record OwnerLoad(Map<String, List<OwnerSample>> byNode) {

    /** No owners anywhere: the whole cluster is spare. */
    public static final OwnerLoad NONE = new OwnerLoad(Map.of());

    public OwnerLoad {
        Objects.requireNonNull(byNode, "byNode");
        var copy = new TreeMap<String, List<OwnerSample>>();
        byNode.forEach((node, samples) -> {
            var list = List.copyOf(samples);
            for (int i = 1; i < list.size(); i++) {
                if (!list.get(i).time().isAfter(list.get(i - 1).time())) {
                    throw new IllegalArgumentException("owner samples of node " + node + " must increase in time: "
                            + list.get(i).time() + " follows " + list.get(i - 1).time());
                }
            }
            copy.put(node, list);
        });
        byNode = Collections.unmodifiableMap(copy);
    }

    /** The samples of {@code nodeId}, empty when it has none. */
    public List<OwnerSample> of(String nodeId) {
        return byNode.getOrDefault(nodeId, List.of());
    }
}
