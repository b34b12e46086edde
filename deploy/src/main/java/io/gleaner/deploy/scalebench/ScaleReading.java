package io.gleaner.deploy.scalebench;

import io.gleaner.deploy.executorbench.ExecutorBench;
import java.util.Map;

/**
 * What the bench reads at one moment: its {@link System#nanoTime()}, the process's CPU time and its Kafka Streams
 * threads' (the stages' own work, without the broker's and the simulated nodes'), the heap in use, the bench's counts,
 * and for each stage (by consumer group) its committed offsets and the end offsets of the same partitions, summed.
 */
public record ScaleReading(long nanos, long cpuNanos, long streamsCpuNanos, long heapBytes, double loadAverage,
                           ExecutorBench.Progress progress, Map<String, GroupOffsets.Position> groups) {
    public ScaleReading {
        groups = Map.copyOf(groups);
    }
}
