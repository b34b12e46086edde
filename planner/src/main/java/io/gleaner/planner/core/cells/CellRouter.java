package io.gleaner.planner.core.cells;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.SeededHash;
import io.gleaner.planner.core.TaskKind;
import java.util.List;
import java.util.Locale;

/**
 * Chooses a job's cell from the cells' statuses (docs/cells.md#the-router): among the cells with a node that fits
 * each of its task groups, the lowest {@code pressure × (1 − locality / 2)}, where pressure is the cell's queued CPU
 * demand with the job's over its forecast spare CPU and locality the share of the job's input chunks with a replica in
 * the cell. Ties go to the first cell counting from the job id's hash, so that jobs spread over cells that look alike.
 * A job is never split over cells (docs/cells.md#jobs-larger-than-a-cell).
 */
public final class CellRouter {

    /**
     * The least spare CPU a cell is credited with, as a share of its capacity: a cell whose owners take everything
     * still compares by its queue rather than dividing by zero.
     */
    static final double LEAST_SPARE_SHARE = 0.01;

    /** Why a job is held. */
    static final String NO_NODE_YET = "no cell knows a node yet";

    private CellRouter() {
    }

    /**
     * The route of {@code job} given {@code statuses}, one per cell (indexed by cell, as many as there are cells).
     * Held when no cell knows a node; refused when no cell that knows nodes can run each of its task groups.
     */
    public static Route route(Job job, List<CellStatus> statuses) {
        int cells = statuses.size();
        if (cells == 1) {
            return new Route.To(0, "one cell");
        }
        if (statuses.stream().allMatch(status -> status.nodes().isEmpty())) {
            return new Route.Held(NO_NODE_YET);
        }
        int first = Math.floorMod(SeededHash.mix(job.jobId().hashCode()), cells);
        int best = -1;
        double bestScore = Double.POSITIVE_INFINITY;
        double bestLocality = 0;
        for (int i = 0; i < cells; i++) {
            var status = statuses.get((first + i) % cells);
            if (!status.fits(job)) {
                continue;
            }
            double locality = locality(job, status);
            double score = pressure(job, status) * (1 - locality / 2);
            if (score < bestScore) {
                best = status.cell();
                bestScore = score;
                bestLocality = locality;
            }
        }
        if (best < 0) {
            return new Route.Refused("refused: no cell has a node that fits each task of job " + job.jobId() + " ("
                    + demands(job) + "); the job is not routed");
        }
        return new Route.To(best, String.format(Locale.ROOT, "cell %d: score %.4f, input local %.2f", best, bestScore,
                bestLocality));
    }

    /**
     * How many times the cell's forecast spare CPU its queued work and the job's need: (queued + job) / spare, the
     * spare at least {@link #LEAST_SPARE_SHARE} of what the cell's nodes hold.
     */
    static double pressure(Job job, CellStatus status) {
        double spare = Math.max(status.forecastCpus(), Math.max(LEAST_SPARE_SHARE * status.capacity().cpus(), 1e-9));
        return (status.queuedCpus() + CellStatus.cpus(job)) / spare;
    }

    /** The share of the job's map input chunks with a replica on a node of the cell; 0 for a job without a layout. */
    static double locality(Job job, CellStatus status) {
        var maps = job.group(TaskKind.MAP);
        var layout = maps.flatMap(PhaseTasks::layout);
        if (layout.isEmpty() || maps.get().count() == 0 || status.nodes().isEmpty()) {
            return 0;
        }
        int local = 0;
        int count = maps.get().count();
        for (int t = 0; t < count; t++) {
            long chunk = maps.get().firstChunk() + t;
            if (layout.get().replicas(chunk).stream().anyMatch(status.nodes()::contains)) {
                local++;
            }
        }
        return (double) local / count;
    }

    private static String demands(Job job) {
        return String.join(", ", job.taskGroups().stream()
                .map(group -> group.kind() + " " + group.demand()).toList());
    }
}
