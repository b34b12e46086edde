package io.gleaner.planner.core;

import java.util.Objects;

/** One chunk of a dataset: what a map task reads. */
public record Chunk(String dataset, long index) {

    public Chunk {
        Objects.requireNonNull(dataset, "dataset");
        if (dataset.isBlank()) {
            throw new IllegalArgumentException("dataset must not be blank");
        }
        if (index < 0) {
            throw new IllegalArgumentException("chunk index must be >= 0, was " + index + " in " + dataset);
        }
    }
}
