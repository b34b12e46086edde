package io.gleaner.simulator.owners;

import java.util.List;
import java.util.Objects;

/**
 * What reading one VM file found: nothing it leaves out goes uncounted.
 *
 * @param source          the file's name
 * @param rowsKept        rows in the series
 * @param malformedLines  lines that did not parse (no row)
 * @param outOfOrderRows  rows whose time was not after the previous kept row's (no row)
 * @param cpuRejected     kept rows with no usable CPU value (capacity not above 0, negative usage, usage above 1.25
 *                        times capacity)
 * @param memoryRejected  kept rows with no usable memory value, for the same reasons
 * @param clampedValues   values whose usage was above capacity (at most 1.25 times) and counted as the capacity
 * @param firstProblems   the first few problems, each naming the file, the line and the reason
 */
public record VmReadCounts(String source, long rowsKept, long malformedLines, long outOfOrderRows, long cpuRejected,
                           long memoryRejected, long clampedValues, List<String> firstProblems) {

    public VmReadCounts {
        Objects.requireNonNull(source, "source");
        firstProblems = List.copyOf(firstProblems);
    }

    /** Whether any line or value was left out (clamping is not a problem). */
    public boolean hasProblems() {
        return malformedLines + outOfOrderRows + cpuRejected + memoryRejected > 0;
    }
}
