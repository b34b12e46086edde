package io.gleaner.classifier.classes;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Each user's arrival rate over a trailing event-time window: for a job of user u arriving at t, the number of u's
 * jobs seen so far (this one included) that arrived in (t - W, t], divided by W. COSHH section 3.1 clusters on the
 * "mean arrival rate", a property of a kind of job; it observes that one user's jobs form a class (which is why
 * k = the number of users), so the rate of the job's user is the estimate, and a trailing window ending at the
 * job's own arrival uses only the past, in event time. It tells a user who submits a stream of small jobs from one
 * who submits a few a day. Arrivals older than W before the user's latest are dropped, so memory is bounded by the
 * arrivals in one window per user. A late (out-of-order) arrival is counted against what was seen so far.
 */
final class UserArrivals {

    private final long windowMillis;
    private final Map<String, ArrayDeque<Long>> byUser = new HashMap<>();
    private final Map<String, Long> latest = new HashMap<>();

    UserArrivals(Duration window) {
        this.windowMillis = window.toMillis();
    }

    /** Records the arrival and returns the user's rate over the window ending at it, jobs/s (&gt;= 1/W). */
    double arrive(String user, Instant arrival) {
        long t = arrival.toEpochMilli();
        var times = byUser.computeIfAbsent(user, u -> new ArrayDeque<>());
        times.addLast(t);
        long newest = Math.max(t, latest.getOrDefault(user, t));
        latest.put(user, newest);
        while (!times.isEmpty() && times.peekFirst() <= newest - windowMillis) {
            times.pollFirst();
        }
        int count = 0;
        for (long s : times) {
            if (s > t - windowMillis && s <= t) {
                count++;
            }
        }
        // The job itself is in the window unless it is already older than W before the user's newest arrival.
        return Math.max(count, 1) * 1000.0 / windowMillis;
    }
}
