package io.gleaner.simulator.core;

import io.gleaner.planner.core.Pool;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * COSHH's dissatisfaction and fairness (COSHH section 5.1), at one time and as time-weighted means over a run.
 *
 * <p>At time t, with AssignedSlots(U, t) the running attempts of user U and Demand(U, t) her tasks waiting for an
 * attempt:
 * <ul>
 *   <li>UserDissatisfaction(U, t) = (U.min_share - |AssignedSlots(U, t)|) / U.min_share * U.weight for a user with
 *       demand and fewer slots than her min share, else 0; Dissatisfaction(t) is the sum over users.</li>
 *   <li>Delta(U, t) = |AssignedSlots(U, t)| - U.min_share; avg(w, t) is the mean Delta over the users of weight w;
 *       Fairness(t) = sum over weights w, users U of weight w, of |Delta(U, t) - avg(w, t)|.</li>
 * </ul>
 * COSHH compares schedulers on these values for a run of length T without saying how t ranges over it; at the
 * end of a run every job is done and both are trivially flat, so the run's value here is the time-weighted mean:
 * each observation holds until the next one.
 */
public final class UserShares {

    private final Map<String, Pool> pools = new TreeMap<>();
    private long first = Long.MIN_VALUE;
    private long last;
    private double lastDissatisfaction;
    private double lastFairness;
    private double dissatisfactionIntegral;
    private double fairnessIntegral;

    /** @param pools the users' entitlements; users seen later without one get {@link Pool#unlisted}. */
    public UserShares(Collection<Pool> pools) {
        pools.forEach(pool -> this.pools.put(pool.user(), pool));
    }

    /** Dissatisfaction(t) over {@code users}, with running attempts and waiting tasks per user (missing is 0). */
    public static double dissatisfaction(Collection<Pool> users, Map<String, Integer> assigned,
                                         Map<String, Integer> demand) {
        double sum = 0;
        for (var user : users) {
            int slots = assigned.getOrDefault(user.user(), 0);
            if (demand.getOrDefault(user.user(), 0) > 0 && slots < user.minShare()) {
                sum += (double) (user.minShare() - slots) / user.minShare() * user.weight();
            }
        }
        return sum;
    }

    /** Fairness(t) over {@code users}, with running attempts per user (missing is 0). */
    public static double fairness(Collection<Pool> users, Map<String, Integer> assigned) {
        var deltaSum = new TreeMap<Double, Double>();
        var count = new TreeMap<Double, Integer>();
        for (var user : users) {
            deltaSum.merge(user.weight(), delta(user, assigned), Double::sum);
            count.merge(user.weight(), 1, Integer::sum);
        }
        double sum = 0;
        for (var user : users) {
            double avg = deltaSum.get(user.weight()) / count.get(user.weight());
            sum += Math.abs(delta(user, assigned) - avg);
        }
        return sum;
    }

    /**
     * Observes the shares at {@code time} (not before the previous observation): the users are those with a pool
     * and those in {@code assigned} or {@code demand}.
     */
    public void observe(long time, Map<String, Integer> assigned, Map<String, Integer> demand) {
        assigned.keySet().forEach(user -> pools.computeIfAbsent(user, Pool::unlisted));
        demand.keySet().forEach(user -> pools.computeIfAbsent(user, Pool::unlisted));
        if (first == Long.MIN_VALUE) {
            first = time;
        } else {
            dissatisfactionIntegral += lastDissatisfaction * (time - last);
            fairnessIntegral += lastFairness * (time - last);
        }
        last = time;
        lastDissatisfaction = dissatisfaction(pools.values(), assigned, demand);
        lastFairness = fairness(pools.values(), assigned);
    }

    /** Time-weighted mean Dissatisfaction over the observations; the one value when all were at one time; NaN if none. */
    public double meanDissatisfaction() {
        return mean(dissatisfactionIntegral, lastDissatisfaction);
    }

    /** Time-weighted mean Fairness over the observations; the one value when all were at one time; NaN if none. */
    public double meanFairness() {
        return mean(fairnessIntegral, lastFairness);
    }

    private double mean(double integral, double lastValue) {
        if (first == Long.MIN_VALUE) {
            return Double.NaN;
        }
        return last == first ? lastValue : integral / (last - first);
    }

    private static double delta(Pool user, Map<String, Integer> assigned) {
        return assigned.getOrDefault(user.user(), 0) - user.minShare();
    }
}
