package io.gleaner.simulator.report;

import io.gleaner.simulator.core.TimelinePoint;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** How many attempts each user held on average over a run, from its timeline. */
final class MeanRunningByUser {

    private MeanRunningByUser() {
    }

    /**
     * The time-weighted mean of running attempts per user, by user name: each timeline point holds until the next
     * one (the simulator skips only rounds in which nothing changed), so point i weighs t(i+1) - t(i) and the last
     * point weighs nothing. A timeline of one point, or whose points share one time, gives that plain mean instead.
     * Users never running anything are absent; an empty timeline gives an empty map.
     */
    static Map<String, Double> of(List<TimelinePoint> timeline) {
        var sums = new TreeMap<String, Double>();
        if (timeline.isEmpty()) {
            return sums;
        }
        long total = Duration.between(timeline.get(0).time(), timeline.get(timeline.size() - 1).time()).toMillis();
        for (int i = 0; i < timeline.size(); i++) {
            double weight;
            if (total == 0) {
                weight = 1.0 / timeline.size();
            } else if (i + 1 < timeline.size()) {
                weight = (double) Duration.between(timeline.get(i).time(), timeline.get(i + 1).time()).toMillis()
                        / total;
            } else {
                weight = 0;
            }
            double w = weight;
            timeline.get(i).runningByUser().forEach((user, running) -> sums.merge(user, w * running, Double::sum));
        }
        return sums;
    }
}
