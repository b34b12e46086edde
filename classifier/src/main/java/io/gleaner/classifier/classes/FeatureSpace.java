package io.gleaner.classifier.classes;

import java.util.ArrayList;
import java.util.List;

/**
 * The coordinates k-means clusters a job on (COSHH section 3.1 lists priority, the mean execution rate on each
 * resource and the arrival rate; priority is not a coordinate here but splits the jobs, see {@link JobClassifier}).
 *
 * <p>Rates of one workload span many orders of magnitude (FB-2009 inputs run from 21 KB to 7.6 TB), so every
 * coordinate is a base-10 logarithm of a rate in jobs/s: a unit is a factor of 10 whatever the rate measures, so
 * no coordinate dominates by its units. A rate of 0 (cannot run on that node type) is floored at
 * {@link #RATE_FLOOR} before the logarithm. The M execution-rate coordinates are weighted by 1/sqrt(M): they move
 * together (a big job is slow on every node type), so a job ten times slower everywhere is one unit away, as is a
 * user who submits ten times as often; unweighted, the execution rates would outvote the arrival rate sqrt(M) to
 * one. The scale is fixed rather than fitted to the data (no z-scores) so that centroids, radii and a new job's
 * coordinates stay in the same units from one re-clustering to the next.
 */
final class FeatureSpace {

    /** The floor of a rate before its logarithm, jobs/s (one job in about 32 years). */
    static final double RATE_FLOOR = 1e-9;

    private final int nodeTypes;
    private final double rateWeight;
    private final List<String> names;

    FeatureSpace(List<String> nodeTypeNames) {
        this.nodeTypes = nodeTypeNames.size();
        this.rateWeight = 1 / Math.sqrt(nodeTypes);
        var list = new ArrayList<String>(nodeTypes + 1);
        String weight = nodeTypes == 1 ? "" : String.format(" x %.4f", rateWeight);
        for (String type : nodeTypeNames) {
            list.add("log10(rate on " + type + ", jobs/s)" + weight);
        }
        list.add("log10(user arrival rate, jobs/s)");
        this.names = List.copyOf(list);
    }

    /** The job's point: weighted log execution rates, then the log of its user's arrival rate (jobs/s). */
    double[] point(JobFeatures job, double userArrivalRate) {
        double[] point = new double[nodeTypes + 1];
        for (int t = 0; t < nodeTypes; t++) {
            point[t] = rateWeight * Math.log10(Math.max(job.rate(t), RATE_FLOOR));
        }
        point[nodeTypes] = Math.log10(userArrivalRate);
        return point;
    }

    List<String> names() {
        return names;
    }

    int dimension() {
        return nodeTypes + 1;
    }
}
