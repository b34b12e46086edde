package io.gleaner.planner.core;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a user is entitled to: the Fair scheduler's pool of that user (Zaharia et al. 2010) and COSHH's user
 * properties (COSHH section 2.1, Table 5).
 *
 * @param user     the user, as in {@link Job#user()}
 * @param minShare the least number of slots (running tasks) the user must get whenever she has work waiting;
 *                 0 for none
 * @param weight   her share of what is left beyond the min shares, relative to the other users' weights; COSHH
 *                 derives it from the user's priority, and Table 5's priorities are used as weights as they are
 */
public record Pool(String user, int minShare, double weight) {

    public Pool {
        Objects.requireNonNull(user, "user");
        if (user.isBlank()) {
            throw new IllegalArgumentException("pool user must not be blank");
        }
        if (minShare < 0) {
            throw new IllegalArgumentException("minShare must be >= 0, was " + minShare + " for user " + user);
        }
        if (!(weight > 0) || Double.isInfinite(weight)) {
            throw new IllegalArgumentException("weight must be > 0 and finite, was " + weight + " for user " + user);
        }
    }

    /** {@code pools} by user; at most one pool per user, as {@code PolicySettings} checks. */
    public static Map<String, Pool> byUser(List<Pool> pools) {
        var byUser = new HashMap<String, Pool>();
        pools.forEach(pool -> byUser.put(pool.user(), pool));
        return Map.copyOf(byUser);
    }

    /** The pool of a user that no workload file names: no min share, weight 1. */
    public static Pool unlisted(String user) {
        return new Pool(user, 0, 1.0);
    }
}
