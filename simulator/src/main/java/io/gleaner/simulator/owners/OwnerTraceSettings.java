package io.gleaner.simulator.owners;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How {@link OwnerTraces} turns VM traces into the owners' load of the simulated nodes; the rules are in
 * {@link OwnerTraces}.
 *
 * @param seed         seed of the shuffle that deals VMs to nodes
 * @param start        simulation time that the first grid point of the trace maps to
 * @param step         grid step: every node gets one sample per step (the Bitbrains traces sample every 300 s)
 * @param maxHold      longest time a VM's last value is held over a gap in its samples; beyond it the VM counts as
 *                     absent (it leaves its node's sums) until its next sample. At least {@code step}.
 * @param traceOffset  time from the trace's first sample to the trace time that maps to {@code start}
 * @param loadScale    factor applied to every node fraction: above 1 makes owners heavier, below 1 lighter
 * @param vmsPerNode   VMs per node; 0 deals every VM once (each node gets the floor or ceiling of VMs / nodes, and at
 *                     least one)
 * @param reuseShift   phase shift of a VM's r-th reuse (r = 1, 2, ...): r times this, wrapped within the trace, so
 *                     that nodes sharing a VM do not move in lockstep; 0 reuses VMs unshifted
 * @param minCoverage  least share of grid points at which a VM must have a value (CPU and memory each) to be used;
 *                     a VM with no value at any grid point is never used
 */
public record OwnerTraceSettings(long seed, Instant start, Duration step, Duration maxHold, Duration traceOffset,
                                 double loadScale, int vmsPerNode, Duration reuseShift, double minCoverage) {

    /** The Bitbrains traces' sampling period. */
    public static final Duration DEFAULT_STEP = Duration.ofSeconds(300);

    /**
     * One hour: the longest gap between two valid samples of a VM in the Rnd 2013-8 trace is 3979 s, so a few gaps
     * in the month are longer and show the absent rule at work.
     */
    public static final Duration DEFAULT_MAX_HOLD = Duration.ofHours(1);

    /** One day: a reused VM is shifted by a whole day, so its daily pattern lines up but its days differ. */
    public static final Duration DEFAULT_REUSE_SHIFT = Duration.ofDays(1);

    /** Half the trace: keeps VMs that start late in the month (VM 446 of Rnd 2013-8 starts on day 15). */
    public static final double DEFAULT_MIN_COVERAGE = 0.5;

    public OwnerTraceSettings {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(maxHold, "maxHold");
        Objects.requireNonNull(traceOffset, "traceOffset");
        Objects.requireNonNull(reuseShift, "reuseShift");
        if (step.getNano() != 0 || step.getSeconds() < 1) {
            throw new IllegalArgumentException("step must be a whole number of seconds >= 1, was " + step);
        }
        if (maxHold.getNano() != 0 || maxHold.compareTo(step) < 0) {
            throw new IllegalArgumentException("maxHold must be whole seconds and at least step " + step + ", was "
                    + maxHold);
        }
        if (traceOffset.getNano() != 0 || traceOffset.isNegative()) {
            throw new IllegalArgumentException("traceOffset must be whole seconds >= 0, was " + traceOffset);
        }
        if (!(loadScale >= 0) || Double.isInfinite(loadScale)) {
            throw new IllegalArgumentException("loadScale must be finite and >= 0, was " + loadScale);
        }
        if (vmsPerNode < 0) {
            throw new IllegalArgumentException("vmsPerNode must be >= 0 (0 deals every VM once), was " + vmsPerNode);
        }
        if (reuseShift.getNano() != 0 || reuseShift.isNegative()) {
            throw new IllegalArgumentException("reuseShift must be whole seconds >= 0, was " + reuseShift);
        }
        if (!(minCoverage >= 0 && minCoverage <= 1)) {
            throw new IllegalArgumentException("minCoverage must be in [0, 1], was " + minCoverage);
        }
    }

    /** The defaults: 300 s steps, 1 h hold, no offset, load scale 1, every VM dealt once, 1 day reuse shift. */
    public static OwnerTraceSettings of(long seed, Instant start) {
        return new OwnerTraceSettings(seed, start, DEFAULT_STEP, DEFAULT_MAX_HOLD, Duration.ZERO, 1.0, 0,
                DEFAULT_REUSE_SHIFT, DEFAULT_MIN_COVERAGE);
    }

    /** These settings with another seed. */
    public OwnerTraceSettings withSeed(long newSeed) {
        return new OwnerTraceSettings(newSeed, start, step, maxHold, traceOffset, loadScale, vmsPerNode, reuseShift,
                minCoverage);
    }

    /** These settings with another grid step. */
    public OwnerTraceSettings withStep(Duration newStep) {
        return new OwnerTraceSettings(seed, start, newStep, maxHold, traceOffset, loadScale, vmsPerNode, reuseShift,
                minCoverage);
    }

    /** These settings with another hold bound. */
    public OwnerTraceSettings withMaxHold(Duration newMaxHold) {
        return new OwnerTraceSettings(seed, start, step, newMaxHold, traceOffset, loadScale, vmsPerNode, reuseShift,
                minCoverage);
    }

    /** These settings with another trace offset. */
    public OwnerTraceSettings withTraceOffset(Duration newTraceOffset) {
        return new OwnerTraceSettings(seed, start, step, maxHold, newTraceOffset, loadScale, vmsPerNode, reuseShift,
                minCoverage);
    }

    /** These settings with another load scale. */
    public OwnerTraceSettings withLoadScale(double newLoadScale) {
        return new OwnerTraceSettings(seed, start, step, maxHold, traceOffset, newLoadScale, vmsPerNode, reuseShift,
                minCoverage);
    }

    /** These settings with another number of VMs per node (0: every VM once). */
    public OwnerTraceSettings withVmsPerNode(int newVmsPerNode) {
        return new OwnerTraceSettings(seed, start, step, maxHold, traceOffset, loadScale, newVmsPerNode, reuseShift,
                minCoverage);
    }

    /** These settings with another reuse shift. */
    public OwnerTraceSettings withReuseShift(Duration newReuseShift) {
        return new OwnerTraceSettings(seed, start, step, maxHold, traceOffset, loadScale, vmsPerNode, newReuseShift,
                minCoverage);
    }

    /** These settings with another minimum coverage. */
    public OwnerTraceSettings withMinCoverage(double newMinCoverage) {
        return new OwnerTraceSettings(seed, start, step, maxHold, traceOffset, loadScale, vmsPerNode, reuseShift,
                newMinCoverage);
    }
}
