package io.gleaner.simulator.workload;

import io.gleaner.planner.core.Job;
import java.util.List;
import java.util.Objects;

/**
 * Gives each job the user whose job category it is nearest to.
 *
 * <p>A trace such as SWIM's FB-2009 day has no users (its reader makes every job {@code default}), while COSHH's
 * experiments have each user submit "jobs from one of the job classes in Table 4" (section 5.2). Those classes are
 * Chen et al.'s k-means clusters of the same Facebook trace, so a job is taken to belong to the class whose centre
 * it is nearest to, and is given that class's user.
 *
 * <p><b>Rule.</b> A job, and each user's category, is the point (log10(1 + input), log10(1 + shuffle),
 * log10(1 + output)) of its byte counts; the job goes to the user at the least Euclidean distance, the earlier user
 * in the workload's order on a tie. Why log space: the categories' bytes span 10 KB to 7.6 TB, so in plain bytes
 * the largest dimension would decide everything and every job under a few GB would be nearest to the same
 * category; in log space a distance counts orders of magnitude, which is what tells "small", "load", "aggregate"
 * and "summary" jobs apart. The 1 + keeps a zero (no shuffle, as in the data-load categories) at 0, so map-only
 * jobs are far from shuffling ones.
 */
public final class UserAssignment {

    private final List<WorkloadUser> users;
    private final double[][] centres;

    /** The rule over {@code users}, in the order ties go by. */
    public UserAssignment(List<WorkloadUser> users) {
        this.users = List.copyOf(users);
        if (this.users.isEmpty()) {
            throw new IllegalArgumentException("a user assignment needs at least one user");
        }
        centres = new double[this.users.size()][];
        for (int i = 0; i < centres.length; i++) {
            var category = this.users.get(i).category();
            centres[i] = point(category.inputBytes(), category.shuffleBytes(), category.outputBytes());
        }
    }

    /** The rule over a workload's users. */
    public static UserAssignment of(Workload workload) {
        return new UserAssignment(workload.users());
    }

    /** The user whose category is nearest to a job with these byte counts. */
    public WorkloadUser userFor(long inputBytes, long shuffleBytes, long outputBytes) {
        var job = point(inputBytes, shuffleBytes, outputBytes);
        int best = 0;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int i = 0; i < centres.length; i++) {
            double distance = squaredDistance(job, centres[i]);
            // Strictly less: on a tie the earlier user keeps the job.
            if (distance < bestDistance) {
                best = i;
                bestDistance = distance;
            }
        }
        return users.get(best);
    }

    /** A copy of {@code job} with the user whose category is nearest to its byte counts. */
    public Job assign(Job job) {
        Objects.requireNonNull(job, "job");
        var user = userFor(job.inputBytes(), job.shuffleBytes(), job.outputBytes()).user();
        return new Job(job.jobId(), job.jobName(), user, job.queue(), job.priority(), job.submitTime(), job.deadline(),
                job.inputBytes(), job.shuffleBytes(), job.outputBytes(), job.taskGroups());
    }

    /** {@link #assign} over each job, in the same order. */
    public List<Job> assignAll(List<Job> jobs) {
        return jobs.stream().map(this::assign).toList();
    }

    private static double[] point(long inputBytes, long shuffleBytes, long outputBytes) {
        if (inputBytes < 0 || shuffleBytes < 0 || outputBytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0, were input " + inputBytes + ", shuffle "
                    + shuffleBytes + ", output " + outputBytes);
        }
        return new double[] {Math.log10(1.0 + inputBytes), Math.log10(1.0 + shuffleBytes),
            Math.log10(1.0 + outputBytes)};
    }

    private static double squaredDistance(double[] a, double[] b) {
        double sum = 0;
        for (int d = 0; d < a.length; d++) {
            double diff = a[d] - b[d];
            sum += diff * diff;
        }
        return sum;
    }
}
