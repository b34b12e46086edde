package io.gleaner.planner.core.mdasa;

import io.gleaner.planner.core.HeartbeatLaunches;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;

/**
 * Earliest deadline first, the baseline of seed 002 §4.4 (Tables 4.3–4.4): every job is taken, none sized, the
 * node's free slots go to the earliest deadline first (jobs without one after all that have one, oldest first).
 * Event-based (evEDF) with a zero epoch: a job counts from its submission. Epoch-based (epEDF) otherwise: a job
 * counts from the end of the epoch it was submitted in (epochs aligned on the Unix epoch), so that, as the thesis
 * says, "if the epoch time … is greater than deadline of a newly arriving job, the deadline will be definitely
 * missed". One policy with a setting, not two, because the two differ only in when the queue is read.
 */
public final class EdfPolicy implements PlacementPolicy {

    private static final Comparator<JobProgress> EARLIEST_DEADLINE = Comparator
            .comparing((JobProgress p) -> p.job().deadline().orElse(Instant.MAX))
            .thenComparing(p -> p.job().submitTime())
            .thenComparing(JobProgress::jobId);

    private final Duration epoch;

    /** EDF reading its queue every {@code epoch} (zero: at every event). */
    public EdfPolicy(MdasaSettings settings) {
        this.epoch = settings.edfEpoch();
    }

    /** When a job submitted at {@code submit} first counts: its submission, or the end of its epoch. */
    Instant visibleFrom(Instant submit) {
        if (epoch.isZero()) {
            return submit;
        }
        long e = epoch.toMillis();
        long at = submit.toEpochMilli();
        return Instant.ofEpochMilli(Math.floorDiv(at + e - 1, e) * e);
    }

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        var node = state.node();
        var jobs = new ArrayList<JobProgress>();
        for (var progress : state.queue()) {
            if (!visibleFrom(progress.job().submitTime()).isAfter(now)) {
                jobs.add(progress);
            }
        }
        jobs.sort(EARLIEST_DEADLINE);
        var heartbeat = new HeartbeatLaunches(node.nodeId(), now, Duration.ZERO, PolicyName.EDF);
        var free = node.free();
        int freeSlots = node.freeSlots();
        for (var progress : jobs) {
            if (freeSlots == 0 || !free.fits(state.leastDemand())) {
                break;
            }
            var placement = heartbeat.launch(progress, free, freeSlots);
            while (placement != null) {
                free = free.minus(placement.demand());
                freeSlots--;
                placement = freeSlots > 0 ? heartbeat.launch(progress, free, freeSlots) : null;
            }
        }
        return heartbeat.result();
    }
}
