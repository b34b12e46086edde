package io.gleaner.planner.core.makespan;

import java.util.List;

/** The two-machine flow shop of 2015 thesis §5.3–5.4: jobs pipelined, the map machine then the reduce machine. */
public final class FlowShop {

    private FlowShop() {
    }

    /**
     * The makespan of running {@code order} as a flow shop (2015 thesis §5.3: "once a job completes its map phase,
     * its reduce phase can be started, while next job's map phase can initiated on the freed up map resources"; the
     * recurrence of seed-002-notes §4.A): each map starts when the previous map ends, each reduce when its own map
     * and the previous reduce have ended. 0 for no jobs.
     */
    public static double makespan(List<StageLengths> order) {
        double mapEnd = 0;
        double reduceEnd = 0;
        for (var job : order) {
            mapEnd += job.map();
            reduceEnd = Math.max(reduceEnd, mapEnd) + job.reduce();
        }
        return reduceEnd;
    }
}
