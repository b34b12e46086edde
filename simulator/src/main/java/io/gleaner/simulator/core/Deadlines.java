package io.gleaner.simulator.core;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * How the submitted jobs that carry a deadline fared (seed 002 section 4; seed 003 notes §5.3;
 * docs/simulator.md#deadlines). Every mean is over the jobs with a deadline, a job that met its goal counting 0; each is NaN (or zero for the
 * durations) when no job had a deadline, which {@link #jobs()} tells apart.
 *
 * @param goals one per submitted job with a deadline, by (submit time, job id)
 * @param round the run's heartbeat period, the quantum of its rounds
 */
public record Deadlines(List<JobGoal> goals, Duration round) {

    /**
     * The rounds a job's stand-alone time must span for its goal to be measured on the round grid
     * (docs/simulator.md#measurable-goals): a job starts at the first round after its submission and its reduces at
     * the first after its maps, so a goal of a few seconds is met or missed by where the submission falls between
     * rounds and by one round of waiting more than by the policy.
     */
    public static final int MEASURABLE_ROUNDS = 3;

    public Deadlines {
        goals = goals.stream()
                .sorted(Comparator.comparing(JobGoal::submitTime).thenComparing(JobGoal::jobId))
                .toList();
        Objects.requireNonNull(round, "round");
    }

    /** The goals of the jobs whose stand-alone time is at least {@link #MEASURABLE_ROUNDS} rounds. */
    public Deadlines measurable() {
        var least = round.multipliedBy(MEASURABLE_ROUNDS);
        return new Deadlines(goals.stream().filter(g -> g.standAlone().compareTo(least) >= 0).toList(), round);
    }

    /** Submitted jobs with a deadline. */
    public int jobs() {
        return goals.size();
    }

    /** Of those, jobs that finished (or were still unfinished) after it. */
    public int late() {
        return (int) goals.stream().filter(JobGoal::late).count();
    }

    /** Share of jobs with a deadline that missed it; NaN when no job had one. */
    public double lateShare() {
        return goals.isEmpty() ? Double.NaN : (double) late() / jobs();
    }

    /** Share of jobs with a deadline that met it; NaN when no job had one. */
    public double metShare() {
        return goals.isEmpty() ? Double.NaN : 1 - lateShare();
    }

    /** Mean of max(0, finish - deadline), rounded to the millisecond; zero when no job had a deadline. */
    public Duration meanTardiness() {
        long sum = goals.stream().mapToLong(g -> g.tardiness().toMillis()).sum();
        return goals.isEmpty() ? Duration.ZERO : Duration.ofMillis(Math.round((double) sum / goals.size()));
    }

    /** The nearest-rank 95th percentile of max(0, finish - deadline); zero when no job had a deadline. */
    public Duration p95Tardiness() {
        if (goals.isEmpty()) {
            return Duration.ZERO;
        }
        var sorted = goals.stream().map(g -> g.tardiness().toMillis()).sorted().toList();
        return Duration.ofMillis(NearestRank.percentile(sorted, 95));
    }

    /** Mean of {@link JobGoal#relativeTimeBeyond()}; NaN when no job had a deadline. */
    public double meanRelativeTimeBeyond() {
        return goals.stream().mapToDouble(JobGoal::relativeTimeBeyond).average().orElse(Double.NaN);
    }
}
