package io.gleaner.planner.core.ras;

/**
 * Reverse-Adaptive's map utility, seed 003 ch. 5 §5.3.4.3, Eq. 14: −∞..0 logarithmically below s_fit, 0..½
 * linearly up to s_req, ½..1 up to s_pend; when {@code s_req <= s_fit}, 0..1 linearly from s_fit to s_pend. The
 * reduce utility (Eq. 15) and the sum (Eq. 13) are RAS's ({@link ResourceAwareUtility#reduce},
 * {@link ResourceAwareUtility#job}).
 *
 * <p>Decided where the equation is silent (seed-003 notes §9.6; docs/policies/reverse-adaptive.md#utility): the
 * boundaries {@code s_alloc = s_fit} and {@code s_alloc = s_req} take the values continuity gives (0 and ½);
 * {@code s_fit = 0}, a job that needs nothing now to keep its goal, has no logarithmic branch and starts at 0 with
 * nothing held; the log guards and the cap at 1 are {@link ResourceAwareUtility}'s.
 */
public final class ReverseAdaptiveUtility {

    private ReverseAdaptiveUtility() {
    }

    /**
     * Eq. 14.
     *
     * @param sAlloc map tasks the job holds, &gt;= 0
     * @param sFit   map tasks it must hold now to keep its goal given the capacity to come (Algorithm 2), &gt;= 0
     * @param sReq   map tasks it should hold on average from now to its goal, &gt;= 1
     * @param sPend  map tasks it has not finished, &gt;= max(sFit, sReq)
     */
    public static double map(int sAlloc, int sFit, int sReq, int sPend) {
        if (sAlloc < 0 || sFit < 0 || sReq < 1 || sPend < Math.max(sFit, sReq)) {
            throw new IllegalArgumentException("need sAlloc >= 0, sFit >= 0, sReq >= 1 and sPend >= max(sFit, sReq),"
                    + " were " + sAlloc + ", " + sFit + ", " + sReq + ", " + sPend);
        }
        if (sAlloc < sFit) {
            return ResourceAwareUtility.belowTarget(sAlloc, sFit);
        }
        if (sReq <= sFit) {
            return ResourceAwareUtility.linear(sAlloc, sFit, sPend, 0, 1);
        }
        if (sAlloc <= sReq) {
            return ResourceAwareUtility.linear(sAlloc, sFit, sReq, 0, 0.5);
        }
        return ResourceAwareUtility.linear(sAlloc, sReq, sPend, 0.5, 1);
    }
}
