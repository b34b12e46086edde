package io.gleaner.simulator.suite;

import java.util.Objects;

/**
 * One job of a SWIM trace as the trace gives it (SWIM {@code workloadSuite/README}).
 *
 * @param name          the job's name
 * @param submitSeconds seconds from the start of the trace
 * @param inputBytes    map input bytes
 * @param shuffleBytes  bytes the maps hand to the reduces
 * @param outputBytes   bytes the reduces write
 */
record SwimRow(String name, long submitSeconds, long inputBytes, long shuffleBytes, long outputBytes) {

    public SwimRow {
        Objects.requireNonNull(name, "name");
        if (submitSeconds < 0 || inputBytes < 0 || shuffleBytes < 0 || outputBytes < 0) {
            throw new IllegalArgumentException("a SWIM row's numbers are >= 0: " + submitSeconds + ", " + inputBytes
                    + ", " + shuffleBytes + ", " + outputBytes);
        }
    }
}
