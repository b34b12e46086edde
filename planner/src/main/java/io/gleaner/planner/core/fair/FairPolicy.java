package io.gleaner.planner.core.fair;

import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.HeartbeatLaunches;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.Rejection;
import io.gleaner.planner.core.UserLedgers;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Hadoop's Fair scheduler with delay scheduling (Zaharia et al., "Delay scheduling", EuroSys 2010; COSHH section 8,
 * "Fair sharing" with "delay scheduling"): one pool per user, each with the min share and weight of COSHH section
 * 2.1 (its {@link Pool}, COSHH Table 5), whose use COSHH section 5.1 scores as dissatisfaction (min shares) and
 * fairness (weights).
 *
 * <p>On a heartbeat, while the node has a free slot and spare capacity that fits some task of the queue, the pools
 * with runnable tasks are ordered as Hadoop's {@code FairShareComparator} orders them, and the first pool that can
 * launch a task on the node launches one; then the pools are ordered again. The order, with <i>running</i> the
 * pool's attempts placed and not ended (from the jobs' progress, plus this heartbeat's placements) and
 * <i>demand</i> its running plus runnable tasks:
 * <ol>
 *   <li>pools below their min share come first: {@code running < min(minShare, demand)}, i.e. below the min share
 *       with work waiting (Hadoop caps the min share at the demand, so that a pool is not owed slots it cannot
 *       use); among them, by {@code running / min(minShare, demand)} ascending (the least satisfied first);</li>
 *   <li>then the others, by {@code running / weight} ascending;</li>
 *   <li>ties by user name (Hadoop broke them by start time, then name; pools here have no start time).</li>
 * </ol>
 * Within a pool, jobs are tried in FIFO order ((submitTime, jobId), Hadoop's {@code fifo} pool scheduling mode).
 * Maps and reduces share the node's slots, so there is one ordering, not one per task kind as in Hadoop.
 *
 * <p>Delay scheduling (Zaharia et al., Algorithm 2, with the time-based wait of Hadoop's fair scheduler): a job
 * whose maps have a {@link ChunkLayout} launches a node-local map when it has one (a relaunch first, then the fresh
 * map of least index among those whose chunk is on the node) and that resets its wait. When it has none, it is
 * passed over ({@link Rejection.Reason#WAITING_FOR_LOCALITY}) until the locality delay has passed
 * since it was first passed over; from then on it launches maps anywhere (relaunches first, then fresh maps by
 * index) until it next launches a local one. The wait is {@link JobProgress#localityWaitSince()}, and this policy
 * reports its changes as {@link PlacementResult#localityWaits()}. Unlike Hadoop 0.20, which launched failed maps
 * first wherever they were, a relaunch waits for locality like a fresh map. Maps without a layout and reduces have
 * no locality and are never passed over for it.
 *
 * <p>Fit, as in {@code FifoPolicy}: a job whose next task needs more CPU or RAM than the node has left is passed over
 * ({@link Rejection.Reason#DOES_NOT_FIT}) for the rest of the heartbeat. A job passed over for any reason is not
 * tried again on the same heartbeat: the node's locality is fixed and its spare capacity only shrinks. A full node
 * returns at once, without looking at the queue.
 */
public final class FairPolicy implements PlacementPolicy {

    /** Pools in the order they are served: the {@code FairShareComparator} of Hadoop's fair scheduler. */
    private static final Comparator<PoolState> ORDER = FairPolicy::compare;

    private final Map<String, Pool> pools;
    private final Duration localityDelay;
    private final UserLedgers ledgers;

    /** The policy with these pools and locality delay. */
    public FairPolicy(List<Pool> pools, Duration localityDelay) {
        this.pools = Pool.byUser(pools);
        this.localityDelay = Objects.requireNonNull(localityDelay, "localityDelay");
        this.ledgers = new UserLedgers(this.pools);
    }

    @Override
    public void onProgress(Optional<JobProgress> before, Optional<JobProgress> after) {
        ledgers.onProgress(before, after);
    }

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        var node = state.node();
        var free = node.free();
        int freeSlots = node.freeSlots();
        if (freeSlots == 0 || !free.fits(state.leastDemand())) {
            return PlacementResult.EMPTY;
        }
        ledgers.build(state.queue());
        var candidates = new ArrayList<PoolState>();
        for (var ledger : ledgers.withRunnable()) {
            candidates.add(new PoolState(ledger));
        }
        var heartbeat = new HeartbeatLaunches(node.nodeId(), now, localityDelay, PolicyName.FAIR);
        while (freeSlots > 0 && free.fits(state.leastDemand()) && !candidates.isEmpty()) {
            candidates.sort(ORDER);
            Placement placement = null;
            for (var pool : candidates) {
                placement = pool.launchOne(heartbeat, free, freeSlots);
                if (placement != null) {
                    break;
                }
            }
            if (placement == null) {
                break;
            }
            free = free.minus(placement.demand());
            freeSlots--;
            candidates.removeIf(PoolState::passedOverAll);
        }
        return heartbeat.result();
    }

    /**
     * Hadoop's {@code SchedulingAlgorithms.FairShareComparator}: needy pools first, by min-share ratio; the rest by
     * running tasks per weight; ties by user name. The min-share ratios are compared as exact fractions.
     */
    private static int compare(PoolState a, PoolState b) {
        int minShareA = a.cappedMinShare();
        int minShareB = b.cappedMinShare();
        boolean needyA = a.running < minShareA;
        boolean needyB = b.running < minShareB;
        int order;
        if (needyA != needyB) {
            order = needyA ? -1 : 1;
        } else if (needyA) {
            // running / minShare compared without division; both min shares are >= 1 here
            order = Long.compare((long) a.running * minShareB, (long) b.running * minShareA);
        } else {
            order = Double.compare(a.running / a.pool.weight(), b.running / b.pool.weight());
        }
        return order != 0 ? order : a.pool.user().compareTo(b.pool.user());
    }

    /** One user's pool during a heartbeat: her counts and her jobs with runnable tasks in FIFO order. */
    private static final class PoolState {
        private final Pool pool;
        /** Her jobs not passed over on this heartbeat, from the ledger (which changes only after the heartbeat). */
        private final Iterator<JobProgress> jobs;
        private JobProgress current;
        private boolean exhausted;
        private int running;
        private int runnable;

        PoolState(UserLedgers.UserLedger ledger) {
            this.pool = ledger.pool();
            this.jobs = ledger.runnableJobs().iterator();
            this.running = ledger.running();
            this.runnable = ledger.runnableTasks();
        }

        /** Hadoop's min share of a pool: its configured min share, but no more than its demand. */
        int cappedMinShare() {
            return (int) Math.min(pool.minShare(), (long) running + runnable);
        }

        boolean passedOverAll() {
            return exhausted;
        }

        /** Launches one task of the pool's first job that can launch one, passing over those that cannot. */
        Placement launchOne(HeartbeatLaunches heartbeat, CpuMemory free, int freeSlots) {
            while (!exhausted) {
                if (current == null) {
                    if (!jobs.hasNext()) {
                        exhausted = true;
                        return null;
                    }
                    current = jobs.next();
                }
                var placement = heartbeat.launch(current, free, freeSlots);
                if (placement != null) {
                    running++;
                    runnable--;
                    return placement;
                }
                current = null;
            }
            return null;
        }
    }
}
