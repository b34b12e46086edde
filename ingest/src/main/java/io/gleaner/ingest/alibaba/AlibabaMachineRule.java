package io.gleaner.ingest.alibaba;

import java.time.Instant;
import java.util.Objects;

/**
 * How Alibaba cluster-trace-v2018 machine rows become Gleaner records: where trace time 0 lands, what
 * the normalised memory size stands for, and what the trace does not say (core speed, node id prefix).
 *
 * @param traceEpoch the instant of trace time 0; the trace gives seconds from the start of its 8-day
 *        period and no date
 * @param memoryBytesAt100 bytes of a machine whose normalised {@code mem_size} is 100; the trace
 *        normalises memory to the largest machine's (= 100) and publishes no absolute size
 * @param speedGflops speed of one core in GFLOP/s for every machine; the trace has no speed
 * @param nodeIdPrefix put before {@code machine_id} to make the node id, e.g. {@code "alibaba-"}; may be empty
 */
public record AlibabaMachineRule(Instant traceEpoch, long memoryBytesAt100, double speedGflops, String nodeIdPrefix) {

    /**
     * Default trace time 0: 2018-01-01T00:00:00Z. The v2018 trace covers 8 days of an undisclosed period
     * (it was published at the end of 2018); a fixed, documented epoch keeps replays repeatable, and
     * 2018-01-01 is a Monday, so day and week boundaries of trace time fall on calendar ones.
     */
    public static final Instant DEFAULT_TRACE_EPOCH = Instant.parse("2018-01-01T00:00:00Z");

    /**
     * Default bytes of {@code mem_size} 100: 100 GiB, so one normalised unit is 1 GiB. An assumption, not
     * in the trace; batch task memory ({@code plan_mem}) is normalised on the same scale.
     */
    public static final long DEFAULT_MEMORY_BYTES_AT_100 = 100L * 1024 * 1024 * 1024;

    /** Default core speed, GFLOP/s: the fast nodes of the simulator's COSHH preset. An assumption, not in the trace. */
    public static final double DEFAULT_SPEED_GFLOPS = 8.0;

    public AlibabaMachineRule {
        Objects.requireNonNull(traceEpoch, "traceEpoch");
        Objects.requireNonNull(nodeIdPrefix, "nodeIdPrefix");
        if (memoryBytesAt100 <= 0) {
            throw new IllegalArgumentException("memoryBytesAt100 must be > 0, was " + memoryBytesAt100);
        }
        if (!(speedGflops > 0) || Double.isInfinite(speedGflops)) {
            throw new IllegalArgumentException("speedGflops must be a finite number > 0, was " + speedGflops);
        }
    }

    /** The defaults: epoch 2018-01-01T00:00:00Z, 100 GiB at 100, 8 GFLOP/s, no node id prefix. */
    public static AlibabaMachineRule defaults() {
        return new AlibabaMachineRule(DEFAULT_TRACE_EPOCH, DEFAULT_MEMORY_BYTES_AT_100, DEFAULT_SPEED_GFLOPS, "");
    }

    /** The same rule with another node id prefix. */
    public AlibabaMachineRule withNodeIdPrefix(String prefix) {
        return new AlibabaMachineRule(traceEpoch, memoryBytesAt100, speedGflops, prefix);
    }

    /** The same rule with another trace epoch. */
    public AlibabaMachineRule withTraceEpoch(Instant epoch) {
        return new AlibabaMachineRule(epoch, memoryBytesAt100, speedGflops, nodeIdPrefix);
    }

    /** The node id of a machine: prefix + {@code machine_id}. */
    public String nodeId(String machineId) {
        return nodeIdPrefix + machineId;
    }

    /**
     * The instant of a trace time in seconds: traceEpoch + seconds, to the millisecond (rounded half up).
     *
     * @throws ArithmeticException if it does not fit in epoch milliseconds
     */
    public Instant time(double seconds) {
        long millis = Math.round(seconds * 1000);
        if (millis == Long.MAX_VALUE || millis == Long.MIN_VALUE) {
            throw new ArithmeticException("trace time " + seconds + " s is out of range");
        }
        var time = traceEpoch.plusMillis(millis);
        time.toEpochMilli();
        return time;
    }

    /** Bytes of a normalised memory size in [0, 100]: size / 100 x memoryBytesAt100, rounded. */
    public long memoryBytes(double normalisedSize) {
        return Math.round(normalisedSize / 100.0 * memoryBytesAt100);
    }
}
