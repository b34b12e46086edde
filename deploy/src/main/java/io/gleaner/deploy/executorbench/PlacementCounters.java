package io.gleaner.deploy.executorbench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the heartbeat loop and the placement reader count, under one lock: sends, and for the placements received after
 * the warm-up their latencies and double-bookings with the time each was received, to split them by
 * {@link ExecutorBench#WINDOW}.
 */
final class PlacementCounters {

    private int heartbeats;
    private int jobs;
    private int received;
    private int doubleBooked;
    private int unmatched;
    private int duplicates;
    private int succeeded;
    private int foreign;
    private long[] latencies = new long[1024];
    /** When each of {@link #latencies} was received ({@link System#nanoTime}). */
    private long[] receivedAt = new long[1024];
    /** When each double-booked placement was received. */
    private long[] doubleBookedAt = new long[64];
    private int measured;

    synchronized void heartbeat() {
        heartbeats++;
    }

    synchronized void job() {
        jobs++;
    }

    synchronized void succeeded() {
        succeeded++;
    }

    synchronized void foreign() {
        foreign++;
    }

    synchronized void duplicate() {
        duplicates++;
    }

    /** A placement received after the warm-up: its latency (null when unmatched) and whether it fitted. */
    synchronized void placement(long receivedNanos, Long latencyNanos, boolean fitted) {
        received++;
        if (!fitted) {
            if (doubleBooked == doubleBookedAt.length) {
                doubleBookedAt = Arrays.copyOf(doubleBookedAt, doubleBooked * 2);
            }
            doubleBookedAt[doubleBooked++] = receivedNanos;
        }
        if (latencyNanos == null) {
            unmatched++;
            return;
        }
        if (measured == latencies.length) {
            latencies = Arrays.copyOf(latencies, measured * 2);
            receivedAt = Arrays.copyOf(receivedAt, measured * 2);
        }
        receivedAt[measured] = receivedNanos;
        latencies[measured++] = latencyNanos;
    }

    /** The measured placements by {@link ExecutorBench#WINDOW} of receipt, from {@code measureFrom}. */
    synchronized List<ExecutorBench.Window> windows(long measureFrom) {
        long width = ExecutorBench.WINDOW.toNanos();
        int count = 0;
        for (int i = 0; i < measured; i++) {
            count = Math.max(count, (int) ((receivedAt[i] - measureFrom) / width) + 1);
        }
        for (int i = 0; i < doubleBooked; i++) {
            count = Math.max(count, (int) ((doubleBookedAt[i] - measureFrom) / width) + 1);
        }
        var windows = new ArrayList<ExecutorBench.Window>();
        for (int w = 0; w < count; w++) {
            long from = measureFrom + w * width;
            long to = from + width;
            var inWindow = new long[measured];
            int n = 0;
            for (int i = 0; i < measured; i++) {
                if (receivedAt[i] >= from && receivedAt[i] < to) {
                    inWindow[n++] = latencies[i];
                }
            }
            int booked = 0;
            for (int i = 0; i < doubleBooked; i++) {
                if (doubleBookedAt[i] >= from && doubleBookedAt[i] < to) {
                    booked++;
                }
            }
            windows.add(new ExecutorBench.Window(w * ExecutorBench.WINDOW.toSeconds(),
                    LatencySummary.ofNanos(Arrays.copyOf(inWindow, n)), booked));
        }
        return windows;
    }

    /**
     * The counts so far and the latencies measured since the first {@code fromLatency} of them, for a reading while
     * the bench runs; {@link ExecutorBench.Progress#latencies()} is where the next reading starts.
     */
    synchronized ExecutorBench.Progress progress(int fromLatency) {
        int from = Math.min(Math.max(0, fromLatency), measured);
        return new ExecutorBench.Progress(heartbeats, jobs, received, measured,
                LatencySummary.ofNanos(Arrays.copyOfRange(latencies, from, measured)));
    }

    synchronized long[] latencies() {
        return Arrays.copyOf(latencies, measured);
    }

    /** Everything counted, the latencies and double-bookings split by window from {@code measureFrom}. */
    synchronized ExecutorBench.Result result(long measureFrom) {
        return new ExecutorBench.Result(heartbeats, jobs, received, LatencySummary.ofNanos(latencies()),
                doubleBooked, unmatched, duplicates, succeeded, foreign, windows(measureFrom));
    }
}
