package io.gleaner.evaluators.forecasts;

import io.gleaner.forecaster.core.GridResampler;
import io.gleaner.forecaster.core.Series;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * CPU and memory samples of many nodes, gathered in any order and resampled onto one grid of the forecast step: the
 * one resampling rule of {@code forecast-eval}, whatever the trace format.
 *
 * <p><b>Grid.</b> It starts at the earliest sample (of any node, CPU or memory), floored to the step, and ends with
 * the step that holds the latest one. Every node gets a CPU and a memory {@link TraceSeries} of that length, in the
 * order the nodes were first named ({@link #node} or {@link #add}), CPU first.
 *
 * <p><b>Resampling</b>: the forecaster's one rule, {@link GridResampler} (a step's mean, else the latest earlier
 * sample held for at most {@code maxHold}, else a gap). A node's samples of one metric are sorted by time first
 * (stable: samples with the same time keep the order they were added in) and of several samples with the same time
 * only the last counts, as a redelivered sample replaces the first in the stage's window store.
 *
 * <p><b>Memory.</b> Samples are kept as a time array ({@code long}, epoch milliseconds) and a value array
 * ({@code double}) per node and metric, 16 bytes a sample, not as objects. Not thread-safe.
 */
final class SampleGrid {

    /** The resources a series is built for; the names are {@link TraceSeries#metric()}. */
    enum Resource {
        CPU("cpu"), MEMORY("memory");

        private final String metric;

        Resource(String metric) {
            this.metric = metric;
        }

        /** The series' metric name: {@code cpu} or {@code memory}. */
        String metric() {
            return metric;
        }
    }

    private final Duration step;
    private final long stepMillis;
    private final Duration maxHold;
    private final Map<String, Samples[]> nodes = new LinkedHashMap<>();
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    /**
     * @param step    the grid step, a whole number of milliseconds &gt; 0
     * @param maxHold how long a sample may be held over steps without one, &gt;= 0
     */
    SampleGrid(Duration step, Duration maxHold) {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(maxHold, "maxHold");
        if (step.isNegative() || step.isZero() || step.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException("step must be a whole number of milliseconds > 0, was " + step);
        }
        if (maxHold.isNegative()) {
            throw new IllegalArgumentException("maxHold must be >= 0, was " + maxHold);
        }
        this.step = step;
        this.stepMillis = step.toMillis();
        this.maxHold = maxHold;
    }

    /** Names a node, so that it gets its series (all gaps if it has no sample) in this place of the order. */
    void node(String node) {
        samples(node);
    }

    /** Adds a sample: a fraction of the node's capacity in use at {@code timeMillis} (epoch milliseconds). */
    void add(String node, Resource resource, long timeMillis, double value) {
        samples(node)[resource.ordinal()].add(timeMillis, value);
        first = Math.min(first, timeMillis);
        last = Math.max(last, timeMillis);
    }

    /** Samples added so far. */
    long samples() {
        long total = 0;
        for (Samples[] node : nodes.values()) {
            for (Samples s : node) {
                total += s.size;
            }
        }
        return total;
    }

    /**
     * The series: per node, in the order the nodes were first named, CPU then memory, all on one grid; empty when no
     * sample was added.
     *
     * @throws IllegalArgumentException when the grid would have more than {@link Integer#MAX_VALUE} steps
     */
    List<TraceSeries> series() {
        List<TraceSeries> series = new ArrayList<>();
        if (first == Long.MAX_VALUE) {
            return series;
        }
        long start = Math.floorDiv(first, stepMillis) * stepMillis;
        long steps = (last - start) / stepMillis + 1;
        if (steps > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the trace spans " + steps + " steps of " + step + ", more than "
                    + Integer.MAX_VALUE);
        }
        int length = (int) steps;
        for (var node : nodes.entrySet()) {
            for (Resource resource : Resource.values()) {
                Samples s = node.getValue()[resource.ordinal()];
                s.sort();
                series.add(new TraceSeries(node.getKey(), resource.metric(), s.resample(start, length)));
            }
        }
        return series;
    }

    private Samples[] samples(String node) {
        Objects.requireNonNull(node, "node");
        return nodes.computeIfAbsent(node, n -> new Samples[] {new Samples(), new Samples()});
    }

    /** One node's samples of one metric, in the order added until {@link #sort()}. */
    private final class Samples {
        long[] times = new long[16];
        double[] values = new double[16];
        int size;
        boolean sorted = true;

        void add(long time, double value) {
            if (size == times.length) {
                times = Arrays.copyOf(times, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            if (size > 0 && time < times[size - 1]) {
                sorted = false;
            }
            times[size] = time;
            values[size] = value;
            size++;
        }

        /** The sorted samples on the grid of {@code length} steps from {@code start}; of equal times, the last. */
        Series resample(long start, int length) {
            var grid = new GridResampler(Instant.ofEpochMilli(start), step, length, maxHold);
            for (int i = 0; i < size; i++) {
                if (i + 1 == size || times[i + 1] != times[i]) {
                    grid.add(times[i], values[i]);
                }
            }
            return grid.series();
        }

        /** Sorts by time, keeping the order of equal times (the JDK's object sort is stable). */
        void sort() {
            if (sorted) {
                return;
            }
            int[] order = IntStream.range(0, size).boxed()
                    .sorted(Comparator.comparingLong(i -> times[i]))
                    .mapToInt(Integer::intValue)
                    .toArray();
            long[] sortedTimes = new long[size];
            double[] sortedValues = new double[size];
            for (int i = 0; i < size; i++) {
                sortedTimes[i] = times[order[i]];
                sortedValues[i] = values[order[i]];
            }
            times = sortedTimes;
            values = sortedValues;
            sorted = true;
        }
    }
}
