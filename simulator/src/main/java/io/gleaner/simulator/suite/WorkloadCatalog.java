package io.gleaner.simulator.suite;

import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.planner.core.Job;
import java.util.List;

/**
 * The jobs of each {@link SuiteWorkload}, from the bundled traces (read once, on first use): the FB-2009 day as
 * {@code gleaner evaluate --trace fb2009} reads it, synthetic workloads drawn from it ({@link SyntheticSwim}), and the
 * Google 2011 excerpt ({@link GoogleJobs}). Not thread-safe.
 */
public final class WorkloadCatalog {

    private final SwimJobRule swimRule = SwimJobRule.defaults();
    private List<SwimRow> fbDay;
    private List<Job> googleJobs;

    /** The first {@code count} jobs of {@code workload}; fewer when it has fewer (the Google excerpt has 482). */
    public List<Job> jobs(SuiteWorkload workload, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("a workload needs at least one job, asked for " + count);
        }
        if (workload.name().equals(SuiteWorkload.GOOGLE_2011)) {
            if (googleJobs == null) {
                googleJobs = GoogleTaskEvents.jobs(GoogleTaskEvents.BUNDLED);
            }
            return googleJobs.subList(0, Math.min(count, googleJobs.size()));
        }
        if (fbDay == null) {
            fbDay = SwimRows.read(SwimTraceReader.FB_2009);
        }
        var rows = workload.synthetic()
                ? SyntheticSwim.draw(fbDay, workload.seed(), count, workload.name() + "/")
                : fbDay.subList(0, Math.min(count, fbDay.size()));
        return SwimRows.jobs(rows, swimRule);
    }
}
