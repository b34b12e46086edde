package io.gleaner.simulator.core;

import io.gleaner.planner.core.Placement;

/**
 * One attempt on its node, from the round that placed it until it ends or is killed: it holds its demand all that
 * time, copies its input first ({@code transferMillis}), then computes its work at a rate that changes whenever the
 * node's CPU share does.
 */
final class Attempt {

    final Placement placement;
    final boolean local;
    final long transferMillis;
    final long startMillis;
    private double remainingFlop;
    private double flopsPerSecond;
    private double cpuSeconds;
    private long updatedAt;
    private boolean computing;
    private boolean ended;
    private int version;

    /**
     * @param local          for a map, whether it reads a replica on its node
     * @param transferMillis time to copy its input before computing
     * @param startMillis    when it starts: the round that placed it, or its not-before time if later
     */
    Attempt(Placement placement, boolean local, long transferMillis, long startMillis) {
        this.placement = placement;
        this.local = local;
        this.transferMillis = transferMillis;
        this.startMillis = startMillis;
        this.remainingFlop = placement.inputBytes() * placement.flopPerByte();
    }

    String decisionId() {
        return placement.decisionId();
    }

    double cpus() {
        return placement.demand().cpus();
    }

    boolean computing() {
        return computing;
    }

    boolean ended() {
        return ended;
    }

    /** Bumped on every change of rate, so an end event scheduled for an older rate can be recognised. */
    int version() {
        return version;
    }

    /** CPU time used so far, in core-seconds. */
    double cpuSeconds() {
        return cpuSeconds;
    }

    /** Starts computing at {@code time}; its rate is set by the next {@link #rate} call. */
    void startComputing(long time) {
        computing = true;
        updatedAt = time;
    }

    /**
     * Accounts the work done since the last change and sets a new rate.
     *
     * @return whether the rate changed, so that its end must be rescheduled
     */
    boolean rate(long time, double newFlopsPerSecond, double share) {
        advance(time, share);
        if (newFlopsPerSecond == flopsPerSecond) {
            return false;
        }
        flopsPerSecond = newFlopsPerSecond;
        version++;
        return true;
    }

    /** Whether it has work left and no CPU to do it with (a QoS CPU limit of 0): it has no end until that changes. */
    boolean stalled() {
        return remainingFlop > 0 && !(flopsPerSecond > 0);
    }

    /** When it ends at its current rate. */
    long endMillis() {
        return updatedAt + TaskModel.computeMillis(remainingFlop, flopsPerSecond);
    }

    /** Stops it for good at {@code time}, accounting the CPU it used until then. */
    void end(long time, double share) {
        if (computing) {
            advance(time, share);
        }
        computing = false;
        ended = true;
    }

    private void advance(long time, double share) {
        long elapsed = time - updatedAt;
        if (elapsed > 0) {
            remainingFlop = Math.max(0, remainingFlop - flopsPerSecond * elapsed / 1000.0);
            cpuSeconds += cpus() * share * elapsed / 1000.0;
        }
        updatedAt = time;
    }
}
