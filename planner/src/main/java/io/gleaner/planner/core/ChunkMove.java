package io.gleaner.planner.core;

import java.util.Objects;
import java.util.Optional;

/**
 * Copy a chunk to a node before an attempt starts (Salamander section III-C: each map's chunk goes to where its task
 * is planned).
 *
 * @param fromNode the node to copy from; empty lets the executor pick a replica
 * @param toNode   the node that gets a replica
 */
public record ChunkMove(Chunk chunk, Optional<String> fromNode, String toNode) {

    public ChunkMove {
        Objects.requireNonNull(chunk, "chunk");
        Objects.requireNonNull(fromNode, "fromNode");
        Objects.requireNonNull(toNode, "toNode");
        if (toNode.isBlank()) {
            throw new IllegalArgumentException("toNode must not be blank");
        }
        if (fromNode.isPresent() && fromNode.get().equals(toNode)) {
            throw new IllegalArgumentException("a chunk move of " + chunk + " goes from " + toNode + " to itself");
        }
    }
}
