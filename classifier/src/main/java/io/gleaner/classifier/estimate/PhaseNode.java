package io.gleaner.classifier.estimate;

import java.util.Comparator;
import java.util.Objects;

/**
 * The key of an online mean task length: a phase on a node type, written {@code MAP/<nodeType>} or
 * {@code REDUCE/<nodeType>} as in the {@code meanTaskMillisByNode} map of {@code JobProfile.avsc}.
 *
 * @param phase    map or reduce
 * @param nodeType the node type the tasks ran on; not blank
 */
public record PhaseNode(Phase phase, String nodeType) implements Comparable<PhaseNode> {

    private static final Comparator<PhaseNode> ORDER =
            Comparator.comparing(PhaseNode::phase).thenComparing(PhaseNode::nodeType);

    public PhaseNode {
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(nodeType, "nodeType");
        if (nodeType.isBlank()) {
            throw new IllegalArgumentException("nodeType must not be blank");
        }
    }

    /** The Avro map key, e.g. {@code MAP/large}. */
    public String key() {
        return phase.name() + "/" + nodeType;
    }

    /** Parses a key written by {@link #key()}; the node type may itself contain {@code /}. */
    public static PhaseNode parse(String key) {
        Objects.requireNonNull(key, "key");
        int slash = key.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("key must look like MAP/<nodeType> or REDUCE/<nodeType>, was '"
                    + key + "'");
        }
        String phase = key.substring(0, slash);
        for (Phase p : Phase.values()) {
            if (p.name().equals(phase)) {
                return new PhaseNode(p, key.substring(slash + 1));
            }
        }
        throw new IllegalArgumentException("unknown phase '" + phase + "' in key '" + key
                + "'; expected one of MAP, REDUCE");
    }

    @Override
    public int compareTo(PhaseNode other) {
        return ORDER.compare(this, other);
    }
}
