package io.gleaner.planner.core.coshh;

/**
 * What {@link CoshhPolicy} needs besides the users' pools and the locality delay.
 *
 * @param seed           breaks ties between users in the same condition (COSHH Algorithm 2: "we randomly choose
 *                       between them") and seeds k-means++ (COSHH section 3.1)
 * @param workConserving in Algorithm 2's second stage, offer a user with no job of the node's suggested classes her
 *                       oldest job, in the same {@code currentShare / weight} order, instead of leaving slots idle
 * @param minShareGuarantee when every min share fits in the cluster at once, give a user below her min share any of
 *                       her jobs right after Algorithm 2's first stage, not only jobs of the node's suggested classes
 * @param leastSatisfiedFirst in Algorithm 2's first stage, serve the user with the least
 *                       {@code currentShare / min(minShare, demand)} first, as Fair orders its needy pools, instead
 *                       of the largest {@code (minShare − currentShare) × weight}
 * @param delayScheduling let a job with node-local maps elsewhere wait up to the locality delay for one of those nodes
 *                       before it runs a map here (Zaharia et al. 2010), as Fair does; off launches any map at once
 * @param historyJobs    the most recent jobs the classifications cluster over and take arrival rates from, >= 1
 */
public record CoshhSettings(long seed, boolean workConserving, boolean minShareGuarantee,
                            boolean leastSatisfiedFirst, boolean delayScheduling, int historyJobs) {

    /** Default {@link #historyJobs()}: enough for a day of FB-2009's busiest hours, little enough to re-cluster fast. */
    public static final int DEFAULT_HISTORY_JOBS = 1_000;

    public CoshhSettings {
        if (historyJobs < 1) {
            throw new IllegalArgumentException("historyJobs must be >= 1, was " + historyJobs);
        }
    }

    /**
     * Seed 0, work-conserving, min shares guaranteed, least satisfied first, delay scheduling,
     * {@value #DEFAULT_HISTORY_JOBS} jobs of history.
     */
    public static CoshhSettings defaults() {
        return new CoshhSettings(0, true, true, true, true, DEFAULT_HISTORY_JOBS);
    }

    /** These settings with another seed. */
    public CoshhSettings withSeed(long value) {
        return new CoshhSettings(value, workConserving, minShareGuarantee, leastSatisfiedFirst, delayScheduling,
                historyJobs);
    }

    /** These settings with work conservation on or off. */
    public CoshhSettings withWorkConserving(boolean value) {
        return new CoshhSettings(seed, value, minShareGuarantee, leastSatisfiedFirst, delayScheduling, historyJobs);
    }

    /** These settings with the min-share guarantee on or off. */
    public CoshhSettings withMinShareGuarantee(boolean value) {
        return new CoshhSettings(seed, workConserving, value, leastSatisfiedFirst, delayScheduling, historyJobs);
    }

    /** These settings with stage 1's least-satisfied-first order on or off. */
    public CoshhSettings withLeastSatisfiedFirst(boolean value) {
        return new CoshhSettings(seed, workConserving, minShareGuarantee, value, delayScheduling, historyJobs);
    }

    /** These settings with delay scheduling on or off. */
    public CoshhSettings withDelayScheduling(boolean value) {
        return new CoshhSettings(seed, workConserving, minShareGuarantee, leastSatisfiedFirst, value, historyJobs);
    }
}
