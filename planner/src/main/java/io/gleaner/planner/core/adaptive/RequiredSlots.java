package io.gleaner.planner.core.adaptive;

import java.util.List;

/**
 * The estimators of the 2014 thesis, chapter 3 (seed 003 sections 2.1 and 2.3), over plain numbers: seconds and slot
 * counts.
 */
public final class RequiredSlots {

    private RequiredSlots() {
    }

    /**
     * The work left in a phase, in slot-seconds: the numerator of Eq. 1 (section 3.4.1),
     * {@code sum over running tasks of delta_i + |U| * mu}, with {@code delta_i = mu - beta_i} (section 3.3.2).
     * A running task already older than {@code mu} counts as 0 left, not as negative work: the thesis assumes every
     * task takes {@code mu}, so it has no answer for one that outlived it (docs/policies/adaptive.md#deviations).
     *
     * @param mu        the mean length of the phase's completed tasks, seconds, > 0
     * @param elapsed   {@code beta_i}, seconds each running task has run
     * @param unstarted {@code |U|}, tasks of the phase neither running nor completed
     */
    public static double remainingWork(double mu, List<Double> elapsed, int unstarted) {
        double left = 0;
        for (double beta : elapsed) {
            left += Math.max(0, mu - beta);
        }
        return left + unstarted * mu;
    }

    /**
     * Eq. 1: the slots a job needs beyond the {@code running} it holds to finish {@code work} slot-seconds within
     * {@code secondsToGoal}; fractional, negative when it holds more than it needs.
     *
     * @param secondsToGoal {@code T_goal - T_curr}, > 0 (a job past its goal is ordered by its lateness instead)
     */
    public static double required(double work, int running, double secondsToGoal) {
        if (!(secondsToGoal > 0)) {
            throw new IllegalArgumentException("secondsToGoal must be > 0, was " + secondsToGoal);
        }
        return work / secondsToGoal - running;
    }

    /**
     * Eq. 3 (section 3.4.3): the accelerated slots an accelerable job needs beyond the accelerated pool's, in regular
     * slots: {@code (mu_reg / mu_acc) * (s_req,acc - acceleratedSlots)}; <= 0 when the pool alone is enough.
     */
    public static double extraRegular(double muRegular, double muAccelerated, double requiredAccelerated,
                                      int acceleratedSlots) {
        return muRegular / muAccelerated * (requiredAccelerated - acceleratedSlots);
    }

    /** Eq. 4 (section 3.4.4): the share of the accelerated pool's slots an accelerable job needs. */
    public static double acceleratedLoad(double requiredAccelerated, int acceleratedSlots) {
        return requiredAccelerated / acceleratedSlots;
    }
}
