package io.gleaner.planner.core.ras;

import io.gleaner.classifier.estimate.SlotsNeeded;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.TaskKind;
import java.time.Instant;
import java.util.Collections;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What both utilities read of one job at one heartbeat (seed 003 §4.2.2's Job Status Updater and Completion Time
 * Estimator): s_pend and r_pend (tasks not finished), the tasks running, µ of a map, the goal of the map phase, and
 * s_req.
 *
 * <p>Decisions (docs/policies/ras.md#estimates):
 * <ul>
 *   <li>µ is the job's profile, not an observed mean: a task's FLOP ({@code bytes × flopPerByte}) at the given
 *       per-core speed times its cores, the same work model the simulator and Salamander use. The thesis profiles
 *       jobs offline (§4.2.6); Gleaner's job carries its work and demand, which is that profile.</li>
 *   <li>The map phase's goal is the job's goal less one reduce task's µ: the placement puts every reducer at once
 *       (Algorithm 1 lines 1–8), so the reduces take one wave (the notes' per-phase split, §3, with one wave).</li>
 *   <li>s_req is Eq. 1 ({@link SlotsNeeded}) plus the running tasks, i.e. the maps to hold at once from now to the
 *       map goal, rounded up and kept in 1..s_pend; running tasks count as just started (their elapsed time is
 *       not tracked), which errs towards more slots. A job without a goal, or past it, wants all of s_pend
 *       ("complete at the earliest possible time", §4.2.1).</li>
 * </ul>
 *
 * @param mapsPending    s_pend: maps running or waiting
 * @param mapsRunning    maps the job holds
 * @param reducesPending r_pend: reduces running or waiting, 0 until every map has succeeded (only then can they run)
 * @param reducesRunning reduces the job holds
 * @param mapSeconds     µ of a map, &gt; 0
 * @param mapGoal        the map phase's goal; empty without a job goal
 * @param required       s_req in 1..max(1, s_pend)
 */
record JobTargets(int mapsPending, int mapsRunning, int reducesPending, int reducesRunning, double mapSeconds,
                  Optional<Instant> mapGoal, int required) {

    /** The shortest task length assumed: a task of no work still takes a millisecond of event time. */
    private static final double LEAST_SECONDS = 0.001;

    static JobTargets of(JobProgress progress, double speedGflops, Instant now) {
        var job = progress.job();
        var maps = progress.phase(TaskKind.MAP);
        var reduces = progress.phase(TaskKind.REDUCE);
        int mapsPending = maps.running() + maps.runnableCount();
        int reducesPending = maps.allSucceeded() ? reduces.running() + reduces.runnableCount() : 0;
        double mapSeconds = job.group(TaskKind.MAP).map(g -> seconds(g, speedGflops)).orElse(LEAST_SECONDS);
        double reduceSeconds = job.group(TaskKind.REDUCE).map(g -> seconds(g, speedGflops)).orElse(0.0);
        var mapGoal = job.deadline().map(goal -> goal.minusNanos((long) (reduceSeconds * 1e9)));
        int required = Math.max(1, mapsPending);
        if (mapGoal.isPresent() && mapsPending > 0) {
            var demand = SlotsNeeded.estimate(OptionalDouble.of(mapSeconds * 1000),
                    Collections.nCopies(maps.running(), 0.0), maps.runnableCount(), mapGoal.get(), now);
            if (demand.status() == SlotsNeeded.Status.ESTIMATED) {
                double total = demand.additionalSlots() + maps.running();
                required = (int) Math.max(1, Math.min(mapsPending, Math.ceil(total - 1e-9)));
            }
        }
        return new JobTargets(mapsPending, maps.running(), reducesPending, reduces.running(), mapSeconds, mapGoal,
                required);
    }

    /** µ of a task of {@code group} on a core of {@code speedGflops}: its FLOP at its cores' speed. */
    static double seconds(PhaseTasks group, double speedGflops) {
        double cores = Math.max(group.demand().cpus(), 1e-3);
        return Math.max(LEAST_SECONDS, group.bytesPerTask() * group.flopPerByte() / (speedGflops * 1e9 * cores));
    }

    /** Eq. 7 with the reduces the cycle places on top of those running. */
    double reduceUtility(int reducesPlaced) {
        return ResourceAwareUtility.reduce(reducesRunning + reducesPlaced, reducesPending);
    }
}
