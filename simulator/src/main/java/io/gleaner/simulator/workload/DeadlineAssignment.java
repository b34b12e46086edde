package io.gleaner.simulator.workload;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.SeededHash;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.StandAloneTime;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Gives each job a deadline: its submission plus a factor times its estimated stand-alone time on the cluster
 * (issue 28, "deadlines on the bench"; docs/simulator.md#deadlines).
 *
 * <p><b>Stand-alone time.</b> {@link StandAloneTime}: the 2015 thesis's wave model on the cluster's slots, read off
 * the simulator's task model, plus one heartbeat period per phase.
 *
 * <p><b>Factor.</b> Drawn uniformly from [low, high] per job from the seed and the job id alone
 * ({@link SeededHash}), so a job keeps its factor when other jobs are added or left out. A deadline the job
 * already had is replaced.
 */
public final class DeadlineAssignment {

    private final double low;
    private final double high;
    private final long seed;
    private final StandAloneTime standAlone;

    /**
     * The rule for factors in [{@code low}, {@code high}] on {@code cluster}, whose rounds come every
     * {@code heartbeat}.
     *
     * @throws IllegalArgumentException if a bound is not &gt; 0 and finite, or low &gt; high
     */
    public DeadlineAssignment(double low, double high, long seed, ClusterSpec cluster, Duration heartbeat) {
        this.standAlone = new StandAloneTime(cluster, heartbeat);
        if (!(low > 0) || !(high > 0) || Double.isInfinite(high)) {
            throw new IllegalArgumentException("deadline factors must be > 0 and finite, were " + low + ".." + high);
        }
        if (low > high) {
            throw new IllegalArgumentException("the low deadline factor must be <= the high one, were "
                    + low + ".." + high);
        }
        this.low = low;
        this.high = high;
        this.seed = seed;
    }

    /** The factor of the job with this id, in [low, high]. */
    public double factor(String jobId) {
        long h = SeededHash.mix(SeededHash.mix(seed) ^ SeededHash.mix(jobId.hashCode()));
        double u = (h >>> 11) * 0x1.0p-53;
        return low + u * (high - low);
    }

    /** The job's stand-alone time on the cluster in milliseconds ({@link StandAloneTime}). */
    public double standAloneMillis(Job job) {
        return standAlone.millis(job);
    }

    /** A copy of {@code job} with its deadline: submission + factor x stand-alone time, to the millisecond. */
    public Job assign(Job job) {
        long millis = (long) Math.ceil(factor(job.jobId()) * standAloneMillis(job));
        return job.withDeadline(Optional.of(job.submitTime().plusMillis(millis)));
    }

    /** {@link #assign} over each job, in the same order. */
    public List<Job> assignAll(List<Job> jobs) {
        return jobs.stream().map(this::assign).toList();
    }
}
