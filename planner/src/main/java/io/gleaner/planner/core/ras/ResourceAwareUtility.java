package io.gleaner.planner.core.ras;

/**
 * RAS's job utility, seed 003 ch. 4 §4.2.3, Eqs 5–7: how satisfied a job is with the map and reduce tasks it holds.
 *
 * <p>The guards the thesis leaves out (seed-003 notes §9.5), decided here and in docs/policies/ras.md#utility:
 * <ul>
 *   <li>No task held ({@code alloc = 0}) is −∞ in both logarithmic branches, as the formulas give: such a job is
 *       below every job that holds one, which is what the log shape is for ("at least one slot must be
 *       allocated"). Ties between such jobs are the caller's to break.</li>
 *   <li>A target of 1 makes {@code log(target)} 0: with {@code alloc >= 1} the job is at or above its target, so
 *       the logarithmic branch never applies; with {@code alloc = 0} it is −∞ as above.</li>
 *   <li>{@code s_pend = s_req} (Eq. 6's linear branch divides by 0) and {@code alloc >= pend} are 1, the cap of
 *       §4.2.3.</li>
 *   <li>A job with no reduce left to run ({@code r_pend = 0}, none or all done) has {@code u^R = 0}: nothing is
 *       unsatisfied.</li>
 * </ul>
 */
public final class ResourceAwareUtility {

    private ResourceAwareUtility() {
    }

    /**
     * Eq. 6, {@code u^M}: −∞..0 logarithmically below {@code sReq}, 0..1 linearly from {@code sReq} to
     * {@code sPend}, capped at 1.
     *
     * @param sAlloc map tasks the job holds, &gt;= 0
     * @param sReq   map tasks it should hold at once to meet its goal, &gt;= 1
     * @param sPend  map tasks it has not finished, &gt;= sReq
     */
    public static double map(int sAlloc, int sReq, int sPend) {
        check(sAlloc, sReq, sPend);
        if (sAlloc < sReq) {
            return belowTarget(sAlloc, sReq);
        }
        return linear(sAlloc, sReq, sPend, 0, 1);
    }

    /**
     * Eq. 7 (and Eq. 15), {@code u^R = log(r_alloc) / log(r_pend) − 1}: −∞..0, 0 once every pending reduce is held.
     *
     * @param rAlloc reduce tasks the job holds, &gt;= 0
     * @param rPend  reduce tasks it has not finished, &gt;= 0 (0: {@code u^R = 0})
     */
    public static double reduce(int rAlloc, int rPend) {
        if (rAlloc < 0 || rPend < 0) {
            throw new IllegalArgumentException("rAlloc and rPend must be >= 0, were " + rAlloc + ", " + rPend);
        }
        if (rPend == 0 || rAlloc >= rPend) {
            return 0;
        }
        return belowTarget(rAlloc, rPend);
    }

    /** Eq. 5 (and Eq. 13), {@code u = u^M + u^R}, capped at 1 (§4.2.3). */
    public static double job(double mapUtility, double reduceUtility) {
        return Math.min(1, mapUtility + reduceUtility);
    }

    /** {@code log(alloc) / log(target) − 1} for {@code alloc < target}: −∞ at 0, 0 at the target. */
    static double belowTarget(int alloc, int target) {
        if (alloc == 0) {
            return Double.NEGATIVE_INFINITY;
        }
        return Math.log(alloc) / Math.log(target) - 1;
    }

    /**
     * From {@code low} at {@code alloc = from} to {@code high} at {@code alloc = to}, linearly; {@code high} at and
     * beyond {@code to}, and when {@code to <= from} (nothing left to gain).
     */
    static double linear(int alloc, int from, int to, double low, double high) {
        if (alloc >= to || to <= from) {
            return high;
        }
        return low + (high - low) * (alloc - from) / (double) (to - from);
    }

    private static void check(int alloc, int target, int pend) {
        if (alloc < 0 || target < 1 || pend < target) {
            throw new IllegalArgumentException("need alloc >= 0, target >= 1 and pend >= target, were " + alloc
                    + ", " + target + ", " + pend);
        }
    }
}
