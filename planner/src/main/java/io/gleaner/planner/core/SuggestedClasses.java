package io.gleaner.planner.core;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One classification's LP matching of classes to nodes (COSHH section 3.2): λ, the non-zero δ_ij, and the suggested
 * classes SC_j (or SC'_j) of every node.
 *
 * @param planId      the classification: {@code "P"} (primary, SC) or {@code "S"} (secondary, SC')
 * @param issuedAt    event time of the heartbeat on which the LP was solved
 * @param lambda      the LP's optimum; +∞ when no class was in the LP
 * @param allocations δ_ij above the tolerance: class id to node id to share of the node
 * @param suggested   node id to the ids of the classes it suggests, ascending; every known node, maybe empty
 */
public record SuggestedClasses(String planId, Instant issuedAt, double lambda,
                               SortedMap<String, SortedMap<String, Double>> allocations,
                               SortedMap<String, List<String>> suggested) {

    /** No classes yet: nothing suggested anywhere. */
    public static SuggestedClasses none(String planId) {
        return new SuggestedClasses(planId, Instant.EPOCH, Double.POSITIVE_INFINITY, new TreeMap<>(), new TreeMap<>());
    }

    public SuggestedClasses {
        Objects.requireNonNull(planId, "planId");
        Objects.requireNonNull(issuedAt, "issuedAt");
        var copied = new TreeMap<String, SortedMap<String, Double>>();
        allocations.forEach((classId, shares) -> copied.put(classId, new TreeMap<>(shares)));
        allocations = copied;
        var lists = new TreeMap<String, List<String>>();
        suggested.forEach((nodeId, classIds) -> lists.put(nodeId, List.copyOf(classIds)));
        suggested = lists;
    }
}
