package io.gleaner.planner.core.makespan;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Johnson's rule (1953) for the two-machine flow shop, 2015 thesis §5.5.1, Algorithm 3, as corrected in
 * seed-002-notes §4.A: Algorithm 3 writes S_i in both branches (line 8 must fill from the back), so it is not
 * transcribed.
 */
public final class JohnsonRule {

    private static final Comparator<StageLengths> FRONT =
            Comparator.comparingDouble(StageLengths::map).thenComparing(StageLengths::jobId);
    private static final Comparator<StageLengths> BACK =
            Comparator.comparingDouble(StageLengths::reduce).reversed().thenComparing(StageLengths::jobId);

    private JohnsonRule() {
    }

    /**
     * The order that minimises {@link FlowShop#makespan}: the jobs whose map is no longer than their reduce
     * (M_j &lt;= R_j, Algorithm 3's T_i = M; a tie goes to the front, notes §4.A) by ascending M_j, then the others
     * by descending R_j (the back of the schedule filled from its end by ascending R_j). Ties by job id, so that
     * the same batch always gives the same order.
     */
    public static List<StageLengths> order(Collection<StageLengths> jobs) {
        var front = new ArrayList<StageLengths>();
        var back = new ArrayList<StageLengths>();
        for (var job : jobs) {
            (job.map() <= job.reduce() ? front : back).add(job);
        }
        front.sort(FRONT);
        back.sort(BACK);
        front.addAll(back);
        return List.copyOf(front);
    }
}
