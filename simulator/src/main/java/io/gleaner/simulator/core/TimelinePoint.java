package io.gleaner.simulator.core;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The cluster at one round of a run, for plots over time.
 *
 * @param time            grid time of the round
 * @param runningAttempts attempts of Gleaner's tasks holding a node
 * @param spareCpus       cores the owners leave over the whole cluster (capacity less owners' use, at least 0 per
 *                        node), whether tasks use them or not
 * @param ownerCpus       cores the owners use over the whole cluster
 * @param runningByUser   running attempts per user, users with none left out
 */
public record TimelinePoint(Instant time, int runningAttempts, double spareCpus, double ownerCpus,
                            Map<String, Integer> runningByUser) {

    public TimelinePoint {
        Objects.requireNonNull(time, "time");
        runningByUser = Collections.unmodifiableMap(new TreeMap<>(runningByUser));
    }
}
