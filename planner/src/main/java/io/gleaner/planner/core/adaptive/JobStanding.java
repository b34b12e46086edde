package io.gleaner.planner.core.adaptive;

import io.gleaner.planner.core.Job;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.ToIntFunction;

/**
 * Where a job stands in the adaptive scheduler's queue (2014 thesis section 3.4.1, seed 003 section 2.1): its rank
 * and, within the rank, its need.
 *
 * @param need    for {@link Rank#MISSED}, the expected completion relative to the goal (1 is on time, 2 took twice
 *                the time the goal allowed); for {@link Rank#NEEDY}, {@code s_req} of Eq. 1 (or Eq. 3's
 *                {@code s_req,extra}); 0 otherwise
 * @param running the job's attempts running, including those placed on this heartbeat
 */
public record JobStanding(String jobId, String queue, int priority, Instant submitTime, Rank rank, double need,
                          int running) {

    /** The ranks, served in this order. */
    public enum Rank {
        /**
         * Hardware affinity's calibration (section 3.4.3): a job that has not yet run a map on this node's pool
         * runs one first, so that its speed-up can be measured.
         */
        CALIBRATING,
        /** Past its goal: completed as soon as possible, the latest relative to its goal first (section 3.4.1). */
        MISSED,
        /** A goal but no completed task yet, so no estimate: oldest first (section 3.4.1). */
        NO_DATA,
        /** Needs slots to meet its goal ({@code s_req > 0}): the largest need first (section 3.4.1). */
        NEEDY,
        /**
         * Has the slots its goal needs, or has no goal: shares what the others leave, fairly (section 3.3: "the
         * remaining resources are fairly distributed among jobs").
         */
        LEFTOVER,
        /** An accelerable job on a regular node while the accelerated pool is enough for it (section 3.4.3). */
        SPILL
    }

    public JobStanding {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(submitTime, "submitTime");
        Objects.requireNonNull(rank, "rank");
    }

    /**
     * The standing of {@code job} at {@code now} from Eq. 1.
     *
     * @param work    the slot-seconds left to the job ({@link RequiredSlots#remainingWork}); empty when no task of it
     *                has completed, so that there is no {@code mu}
     * @param running {@code |R|}, its running attempts
     */
    public static JobStanding of(Job job, OptionalDouble work, int running, Instant now) {
        if (job.deadline().isEmpty()) {
            return new JobStanding(job.jobId(), job.queue(), job.priority(), job.submitTime(), Rank.LEFTOVER, 0,
                    running);
        }
        var goal = job.deadline().get();
        if (!now.isBefore(goal)) {
            double late = work.isPresent() ? work.getAsDouble() / Math.max(1, running) : 0;
            double allowed = Math.max(1e-3, seconds(job.submitTime(), goal));
            double ratio = (seconds(job.submitTime(), now) + late) / allowed;
            return new JobStanding(job.jobId(), job.queue(), job.priority(), job.submitTime(), Rank.MISSED, ratio,
                    running);
        }
        if (work.isEmpty()) {
            return new JobStanding(job.jobId(), job.queue(), job.priority(), job.submitTime(), Rank.NO_DATA, 0,
                    running);
        }
        double required = RequiredSlots.required(work.getAsDouble(), running, seconds(now, goal));
        return required > 0
                ? new JobStanding(job.jobId(), job.queue(), job.priority(), job.submitTime(), Rank.NEEDY, required,
                        running)
                : new JobStanding(job.jobId(), job.queue(), job.priority(), job.submitTime(), Rank.LEFTOVER, 0,
                        running);
    }

    /** This standing in another rank (hardware affinity's calibration and spill). */
    public JobStanding withRank(Rank value, double valueNeed) {
        return new JobStanding(jobId, queue, priority, submitTime, value, valueNeed, running);
    }

    /**
     * This standing after one more of its attempts was placed: Eq. 1's {@code s_req} drops by exactly 1 (seed 003
     * section 2.1), and a need that reaches 0 joins the leftover.
     */
    public JobStanding launchedOne() {
        if (rank == Rank.NEEDY) {
            double left = need - 1;
            return new JobStanding(jobId, queue, priority, submitTime, left > 0 ? Rank.NEEDY : Rank.LEFTOVER,
                    Math.max(0, left), running + 1);
        }
        return new JobStanding(jobId, queue, priority, submitTime, rank, need, running + 1);
    }

    /**
     * The adaptive order: by rank; within {@link Rank#MISSED} and {@link Rank#NEEDY} the largest need first; within
     * {@link Rank#CALIBRATING} and {@link Rank#NO_DATA} the oldest first; within {@link Rank#LEFTOVER} and
     * {@link Rank#SPILL} fair sharing between queues (the queue with the fewest running attempts first), then the
     * higher priority, then the job with fewest running. Ties go to the higher priority, then (submitTime, jobId).
     *
     * @param queueRunning running attempts of a queue's jobs, this heartbeat's placements included
     */
    public static Comparator<JobStanding> order(ToIntFunction<String> queueRunning) {
        return (a, b) -> {
            int order = a.rank.compareTo(b.rank);
            if (order == 0) {
                order = switch (a.rank) {
                    case MISSED, NEEDY -> Double.compare(b.need, a.need);
                    case CALIBRATING, NO_DATA -> a.submitTime.compareTo(b.submitTime);
                    case LEFTOVER, SPILL -> leftover(a, b, queueRunning);
                };
            }
            if (order == 0) {
                order = Integer.compare(b.priority, a.priority);
            }
            if (order == 0) {
                order = a.submitTime.compareTo(b.submitTime);
            }
            return order != 0 ? order : a.jobId.compareTo(b.jobId);
        };
    }

    private static int leftover(JobStanding a, JobStanding b, ToIntFunction<String> queueRunning) {
        int order = Integer.compare(queueRunning.applyAsInt(a.queue), queueRunning.applyAsInt(b.queue));
        if (order == 0) {
            order = Integer.compare(b.priority, a.priority);
        }
        return order != 0 ? order : Integer.compare(a.running, b.running);
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toNanos() / 1e9;
    }
}
