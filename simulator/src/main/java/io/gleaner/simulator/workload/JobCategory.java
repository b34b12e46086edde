package io.gleaner.simulator.workload;

import java.util.Objects;

/**
 * A job category by its data signature, as COSHH Table 4 (from Chen et al.'s k-means over the Facebook and Yahoo!
 * traces) gives it: the bytes a job of the category reads, shuffles and writes.
 *
 * @param name         the category, e.g. {@code Small jobs}
 * @param inputBytes   map input bytes
 * @param shuffleBytes bytes the maps hand to the reduces
 * @param outputBytes  bytes the job writes
 */
public record JobCategory(String name, long inputBytes, long shuffleBytes, long outputBytes) {

    public JobCategory {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("category name must not be blank");
        }
        if (inputBytes < 0 || shuffleBytes < 0 || outputBytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0, were input " + inputBytes + ", shuffle "
                    + shuffleBytes + ", output " + outputBytes + " in category " + name);
        }
    }
}
