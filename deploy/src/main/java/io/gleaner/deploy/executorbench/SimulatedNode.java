package io.gleaner.deploy.executorbench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One node as an executor sees it: its capacity, the attempts it runs (each holding its demand until it ends), and
 * the heartbeats it sent, so that a placement can be matched to the heartbeat it answers by its epoch. Thread-safe: the
 * heartbeat loop and the placement consumer share it.
 */
final class SimulatedNode {

    /** Placements are checked against capacity with this slack, so that sums of fractional cores do not misfire. */
    private static final double CPU_EPSILON = 1e-9;

    /** An attempt given to node {@code nodeId}, holding {@code cpus} and {@code memoryBytes} until {@code endNanos}. */
    record Attempt(String decisionId, String jobId, String kind, int taskIndex, int attempt, double cpus,
                   long memoryBytes, long endNanos, String nodeId) {
    }

    /** What the node tells the planner in one heartbeat. */
    record Heartbeat(String nodeId, long timeMillis, double freeCpus, long freeMemoryBytes, int freeSlots,
                     List<String> runningAttempts) {
        Heartbeat {
            runningAttempts = List.copyOf(runningAttempts);
        }
    }

    private final String nodeId;
    private final double cpus;
    private final long memoryBytes;
    private final int slots;
    private final Map<String, Attempt> running = new LinkedHashMap<>();
    /**
     * Event time (ms) of every heartbeat sent, ascending, and the {@link System#nanoTime()} at which each was sent:
     * all of them, so that a placement answering a heartbeat from long ago (a planner far behind) still matches. Two
     * longs a heartbeat; a run is bounded.
     */
    private long[] sentTimes = new long[64];
    private long[] sentNanos = new long[64];
    private int sent;
    private long lastHeartbeatMillis = Long.MIN_VALUE;

    SimulatedNode(String nodeId, double cpus, long memoryBytes, int slots) {
        if (!(cpus > 0) || memoryBytes <= 0 || slots < 1) {
            throw new IllegalArgumentException("node " + nodeId + " needs cpus > 0, memoryBytes > 0 and slots >= 1, "
                    + "was " + cpus + ", " + memoryBytes + ", " + slots);
        }
        this.nodeId = nodeId;
        this.cpus = cpus;
        this.memoryBytes = memoryBytes;
        this.slots = slots;
    }

    String nodeId() {
        return nodeId;
    }

    /**
     * The heartbeat to send now, at event time {@code nowMillis} or one millisecond after the previous one if the
     * clock has not moved on (the planner drops a heartbeat whose time does not increase), remembered as sent at
     * {@code sentNanos}. Free capacity is capacity minus what the running attempts hold, never below zero.
     */
    synchronized Heartbeat heartbeat(long nowMillis, long sentNanos) {
        long time = lastHeartbeatMillis == Long.MIN_VALUE ? nowMillis : Math.max(nowMillis, lastHeartbeatMillis + 1);
        lastHeartbeatMillis = time;
        if (sent == sentTimes.length) {
            sentTimes = Arrays.copyOf(sentTimes, sent * 2);
            this.sentNanos = Arrays.copyOf(this.sentNanos, sent * 2);
        }
        sentTimes[sent] = time;
        this.sentNanos[sent++] = sentNanos;
        double usedCpus = running.values().stream().mapToDouble(Attempt::cpus).sum();
        long usedMemory = running.values().stream().mapToLong(Attempt::memoryBytes).sum();
        return new Heartbeat(nodeId, time, Math.max(0, cpus - usedCpus), Math.max(0, memoryBytes - usedMemory),
                Math.max(0, slots - running.size()), new ArrayList<>(running.keySet()));
    }

    /** When the heartbeat with event time {@code epochMillis} was sent ({@link System#nanoTime()}), if remembered. */
    synchronized Optional<Long> sentNanos(long epochMillis) {
        int i = Arrays.binarySearch(sentTimes, 0, sent, epochMillis);
        return i >= 0 ? Optional.of(sentNanos[i]) : Optional.empty();
    }

    /**
     * Takes {@code attempt} and answers whether it fitted: whether the node's real spare capacity at this moment
     * (capacity minus what the attempts it runs or has been given hold; slots likewise) covered its demand. It runs
     * either way, so a double-booked node shows as full in its next heartbeats.
     */
    synchronized boolean accept(Attempt attempt) {
        double usedCpus = running.values().stream().mapToDouble(Attempt::cpus).sum();
        long usedMemory = running.values().stream().mapToLong(Attempt::memoryBytes).sum();
        boolean fits = running.size() < slots && usedCpus + attempt.cpus() <= cpus + CPU_EPSILON
                && usedMemory + attempt.memoryBytes() <= memoryBytes;
        running.put(attempt.decisionId(), attempt);
        return fits;
    }

    /** Ends {@code decisionId}, releasing what it held; false when the node does not run it. */
    synchronized boolean finish(String decisionId) {
        return running.remove(decisionId) != null;
    }
}
