package io.gleaner.simulator.owners;

import io.gleaner.simulator.core.OwnerLoad;
import io.gleaner.simulator.core.OwnerSample;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The owners' load of every node over one pass of a VM trace, on a grid of {@link #steps()} points
 * {@link #step()} apart from {@link #start()}, as {@link OwnerTraces} built it: per node a CPU and a memory
 * fraction per grid point (floats, 8 bytes a point), which VMs each node carries, and what was filled in or left
 * out. {@link #ownerLoad(Duration)} turns it into the simulator's {@link OwnerLoad}, wrapping around when the run
 * is longer than the trace.
 */
public final class OwnerTrace {

    private final OwnerTraceSettings settings;
    private final Instant traceStart;
    private final int steps;
    private final Map<String, List<VmSlot>> assignment;
    private final Map<String, float[]> cpu;
    private final Map<String, float[]> memory;
    private final Map<String, NodeCoverage> coverage;
    private final Map<String, String> excludedVms;
    private final Map<String, VmReadCounts> readCounts;

    OwnerTrace(OwnerTraceSettings settings, Instant traceStart, int steps, Map<String, List<VmSlot>> assignment,
            Map<String, float[]> cpu, Map<String, float[]> memory, Map<String, NodeCoverage> coverage,
            Map<String, String> excludedVms, Map<String, VmReadCounts> readCounts) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.traceStart = Objects.requireNonNull(traceStart, "traceStart");
        if (steps < 1) {
            throw new IllegalArgumentException("steps must be >= 1, was " + steps);
        }
        this.steps = steps;
        this.assignment = Collections.unmodifiableMap(new LinkedHashMap<>(assignment));
        this.cpu = Map.copyOf(cpu);
        this.memory = Map.copyOf(memory);
        this.coverage = Collections.unmodifiableMap(new LinkedHashMap<>(coverage));
        this.excludedVms = Collections.unmodifiableMap(new TreeMap<>(excludedVms));
        this.readCounts = Collections.unmodifiableMap(new TreeMap<>(readCounts));
    }

    /** The settings it was built with. */
    public OwnerTraceSettings settings() {
        return settings;
    }

    /** Simulation time of grid point 0. */
    public Instant start() {
        return settings.start();
    }

    /** Time between grid points. */
    public Duration step() {
        return settings.step();
    }

    /** Grid points in one pass of the trace. */
    public int steps() {
        return steps;
    }

    /** Length of one pass, {@code steps * step}: the period of the wrap-around. */
    public Duration length() {
        return settings.step().multipliedBy(steps);
    }

    /** Trace time (the VM files' own clock) of grid point 0: the trace's first usable row plus the trace offset. */
    public Instant traceStart() {
        return traceStart;
    }

    /** The VMs of each node, nodes in the cluster's order. */
    public Map<String, List<VmSlot>> assignment() {
        return assignment;
    }

    /** Per node (in the cluster's order), the grid points filled in because none of its VMs had a value. */
    public Map<String, NodeCoverage> coverage() {
        return coverage;
    }

    /** VMs that were read but not used, by id, with the reason. */
    public Map<String, String> excludedVms() {
        return excludedVms;
    }

    /** What reading each VM's file found, by VM id (used and excluded VMs alike). */
    public Map<String, VmReadCounts> readCounts() {
        return readCounts;
    }

    /**
     * The owners' use of a node at grid point {@code k}, at simulation time {@code start + k * step}.
     *
     * @throws NoSuchElementException if the node is not in the cluster
     */
    public OwnerSample sample(String nodeId, int k) {
        var c = cpu.get(nodeId);
        if (c == null) {
            throw new NoSuchElementException("no node " + nodeId + "; nodes are " + assignment.keySet());
        }
        if (k < 0 || k >= steps) {
            throw new IndexOutOfBoundsException("grid point " + k + " outside [0, " + steps + ")");
        }
        return new OwnerSample(start().plus(step().multipliedBy(k)), c[k], memory.get(nodeId)[k]);
    }

    /** One pass of the trace: {@link #steps()} samples per node; after the last, {@link OwnerLoad} holds it. */
    public OwnerLoad ownerLoad() {
        return ownerLoad(length());
    }

    /**
     * The owners' load over {@code [start, start + horizon)}: one sample per node every step, the trace wrapping
     * around when the horizon is longer than {@link #length()} (grid point {@code j mod steps} at
     * {@code start + j * step}, so every pass starts again at the trace's first grid point). After the last sample
     * {@link OwnerLoad} holds it, so a run longer than the horizon sees the last value for ever: pass a horizon at
     * least as long as the run.
     *
     * @param horizon how long the load must cover; rounded up to whole steps
     */
    public OwnerLoad ownerLoad(Duration horizon) {
        return ownerLoad(horizon, Duration.ZERO);
    }

    /**
     * The owners' load over {@code [start, start + horizon)} as {@link #ownerLoad(Duration)} gives it, with
     * {@code history} before the start ({@link OwnerLoad#history()}): the trace wrapped around backwards, grid point
     * {@code j mod steps} (taken non-negative) at {@code start + j * step} for the negative j down to
     * {@code -ceil(history / step)}. The trace is periodic in this model, so the day before the start is the trace's
     * last day, as the day after its end is its first.
     *
     * @param horizon how long the load must cover; rounded up to whole steps
     * @param history how long before the start the history covers, >= 0 (0: none); rounded up to whole steps
     */
    public OwnerLoad ownerLoad(Duration horizon, Duration history) {
        return ownerLoad(horizon, history, Duration.ZERO);
    }

    /**
     * The owners' load as {@link #ownerLoad(Duration, Duration)} gives it, but with the start {@code into} the trace:
     * grid point {@code (j + into / step) mod steps} at {@code start + j * step}. With {@code into} at least the
     * history, the history is the stretch of the trace just before that point instead of the trace's end wrapped
     * around, so that forecasts warm up on the day that really came before.
     *
     * @param into how far into the trace the start is, in [0, {@link #length()}); rounded down to whole steps
     */
    public OwnerLoad ownerLoad(Duration horizon, Duration history, Duration into) {
        Objects.requireNonNull(horizon, "horizon");
        Objects.requireNonNull(history, "history");
        Objects.requireNonNull(into, "into");
        if (horizon.isNegative() || horizon.isZero()) {
            throw new IllegalArgumentException("horizon must be > 0, was " + horizon);
        }
        if (history.isNegative()) {
            throw new IllegalArgumentException("history must be >= 0, was " + history);
        }
        if (into.isNegative() || into.compareTo(length()) >= 0) {
            throw new IllegalArgumentException("the start into the owners' trace must be in [0, " + length()
                    + "), the trace's length, was " + into);
        }
        int count = stepsIn(horizon, "horizon");
        int before = stepsIn(history, "history");
        int shift = (int) (into.toNanos() / step().toNanos());
        var byNode = new LinkedHashMap<String, List<OwnerSample>>();
        var earlier = new LinkedHashMap<String, List<OwnerSample>>();
        for (var node : assignment.keySet()) {
            byNode.put(node, samples(node, shift, 0, count));
            if (before > 0) {
                earlier.put(node, samples(node, shift, -before, 0));
            }
        }
        return new OwnerLoad(byNode, earlier);
    }

    /** Whole steps in {@code length}, rounded up. */
    private int stepsIn(Duration length, String name) {
        long stepNanos = step().toNanos();
        long count = (length.toNanos() + stepNanos - 1) / stepNanos;
        if (count > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + " " + length + " is more than " + Integer.MAX_VALUE + " steps");
        }
        return (int) count;
    }

    /**
     * The samples of {@code node} at {@code start + j * step} for j in [from, to), grid point {@code j + shift}
     * wrapping around the trace.
     */
    private List<OwnerSample> samples(String node, int shift, int from, int to) {
        var c = cpu.get(node);
        var m = memory.get(node);
        var samples = new ArrayList<OwnerSample>(to - from);
        for (int j = from; j < to; j++) {
            int k = Math.floorMod(j + shift, steps);
            samples.add(new OwnerSample(start().plus(step().multipliedBy(j)), c[k], m[k]));
        }
        return samples;
    }
}
