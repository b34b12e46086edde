package io.gleaner.planner.core.coshh;

import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.DataPlacements;
import io.gleaner.planner.core.HeartbeatLaunches;
import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.JobOrder;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.PolicyOutputs;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.SeededHash;
import io.gleaner.planner.core.UserLedgers;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * COSHH's routing process (Rasooli and Down, COSHH section 4, Algorithm 2) over the classes and suggested sets of its
 * queuing process ({@link CoshhQueueing}, section 3, Algorithm 1).
 *
 * <p>On a heartbeat that can place, the queuing process first takes in the jobs that arrived since the last one and
 * the node; then one job is chosen per free slot and one task of it launched, in stages:
 * <ol>
 *   <li>among the users below their min share ({@code minShare − currentShare > 0}) with a job whose primary class is
 *       in the node's SC, the user with the largest {@code (minShare − currentShare) × weight}; with
 *       {@link CoshhSettings#leastSatisfiedFirst()}, the user with the least
 *       {@code currentShare / min(minShare, demand)};</li>
 *   <li>then, when {@link CoshhSettings#minShareGuarantee()} is on and the min shares of all users fit in the slots
 *       of the nodes that have sent a heartbeat, among the users still below their min share, in the same order,
 *       with any of their jobs. COSHH section 3 promises that "upon a user's request at any time, her minimum share
 *       will be provided immediately (if feasible)", but stage 1 serves her only on nodes whose SC holds her job's
 *       class; the bench measures the difference (docs/policies/coshh.md). When the min shares do not all fit, serving
 *       them first would override the class matching on every node, so the stage is left out;</li>
 *   <li>then among the users with a job whose secondary class is in the node's SC', the one with the least
 *       {@code currentShare / weight}. When {@link CoshhSettings#workConserving()} is on, every user with a runnable
 *       job takes part in this order, and a user with no job of the node's suggested classes is offered her oldest
 *       job: the suggested classes choose among a user's jobs, not among users. Algorithm 2 offers only suggested
 *       jobs and leaves slots idle; serving the other users only after every suggested job (a last stage, before
 *       2026-11-28) let a large job of a suggested class take every slot of its nodes while other users' small jobs
 *       waited, which the suite bench measures (docs/policies/coshh.md, Routing).</li>
 * </ol>
 * {@code currentShare} is the user's running attempts (section 2.1: "the number of slots assigned"), counting this
 * heartbeat's launches. Users in exactly the same condition are ordered by a seeded hash of (user, node, time)
 * ("we randomly choose between them"), so a replay decides the same without the policy keeping a random state.
 * Within a user, jobs go in FIFO order; the task of the chosen job is picked by the task scheduling process
 * ({@link HeartbeatLaunches}): a node-local map first, else any map, then reduces. COSHH raises locality by placing
 * a new job's input on the nodes that suggest its class ({@link #placeInput}); with
 * {@link CoshhSettings#delayScheduling()} a job whose maps have no chunk here also waits, as under Fair, up to the
 * locality delay for a node that holds one (docs/policies/coshh.md, Routing).
 *
 * <p>Fit, as in {@code FairPolicy}: a job whose next task does not fit what the node has left is passed over for the
 * rest of the heartbeat.
 *
 * <p><b>Cost.</b> A heartbeat must not cost a pass over the queue (COSHH's routing goal is 1 ms with 10,000 queued
 * jobs), so the policy keeps {@link UserLedgers} of the queue from {@link #onProgress}. A heartbeat then looks at
 * the users (a few) and, for the users it serves, at their jobs in order until one launches; in stages 1 and 2 from
 * the first job that can have a class ({@link ClassSuggestions#primaryFrom()}): with a queue longer than the
 * classifications' histories, the older jobs have none and would be looked at, and passed over, on every heartbeat.
 */
public final class CoshhPolicy implements PlacementPolicy {

    private final Map<String, Pool> pools;
    private final QueuingProcess queueing;
    private final long seed;
    private final boolean workConserving;
    private final boolean minShareGuarantee;
    /** Stage 1's (and the guarantee's) order of the users below their min share. */
    private final Comparator<UserTurn> belowMinShare;
    /** How long a job with node-local maps elsewhere waits for them; zero without delay scheduling. */
    private final Duration localityDelay;
    /** Σ min share over the pools. */
    private final int minShares;
    private final boolean placeData;
    private final UserLedgers ledgers;
    /** The slots of the nodes that have sent a heartbeat, which the min shares must fit in for the guarantee. */
    private final NodeSlots slots = new NodeSlots();

    /**
     * The policy with the users' pools and COSHH's settings; {@code localityDelay} is Fair's
     * ({@code gleaner.planner.locality-delay-ms}), used when {@link CoshhSettings#delayScheduling()} is on;
     * {@code placeData} off leaves a new job's input where its submitter wrote it.
     */
    public CoshhPolicy(List<Pool> pools, CoshhSettings settings, Duration localityDelay, boolean placeData) {
        this(pools, settings, localityDelay, placeData, new CoshhQueueing(pools, settings));
    }

    /**
     * The policy whose LPs {@code worker} solves off the caller's thread, each matching in force {@code planDelay} of
     * event time after the change that asked for it ({@link io.gleaner.planner.core.DeferredPlan}; zero: at once).
     */
    public CoshhPolicy(List<Pool> pools, CoshhSettings settings, Duration localityDelay, boolean placeData,
                       Duration planDelay, Executor worker) {
        this(pools, settings, localityDelay, placeData, new CoshhQueueing(pools, settings, planDelay, worker));
    }

    /** The policy over another queuing process (tests give fixed suggestions). */
    CoshhPolicy(List<Pool> pools, CoshhSettings settings, Duration localityDelay, boolean placeData,
                QueuingProcess queueing) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(localityDelay, "localityDelay");
        this.pools = Pool.byUser(pools);
        this.queueing = Objects.requireNonNull(queueing, "queueing");
        this.seed = settings.seed();
        this.workConserving = settings.workConserving();
        this.minShareGuarantee = settings.minShareGuarantee();
        this.belowMinShare = settings.leastSatisfiedFirst() ? LEAST_SATISFIED : LARGEST_WEIGHTED_DEFICIT;
        this.localityDelay = settings.delayScheduling() ? localityDelay : Duration.ZERO;
        this.minShares = this.pools.values().stream().mapToInt(Pool::minShare).sum();
        this.placeData = placeData;
        this.ledgers = new UserLedgers(this.pools);
    }

    /** The queuing process, for the stage that publishes its classes and plans; empty when tests replaced it. */
    Optional<CoshhQueueing> queueing() {
        return queueing instanceof CoshhQueueing coshh ? Optional.of(coshh) : Optional.empty();
    }

    /** COSHH's classes and plans, once after each re-solve of its queuing process. */
    @Override
    public PolicyOutputs takeOutputs() {
        return queueing().flatMap(CoshhQueueing::takeChanges)
                .map(changes -> new PolicyOutputs(Optional.of(changes), List.of()))
                .orElse(PolicyOutputs.NONE);
    }

    @Override
    public void onProgress(Optional<JobProgress> before, Optional<JobProgress> after) {
        ledgers.onProgress(before, after);
        // Before the first heartbeat the queue holds every job, and the build hands them to the queuing process.
        if (ledgers.built() && before.isEmpty() && after.isPresent()) {
            queueing.onJob(after.get().job());
        }
    }

    /**
     * A lost node leaves the cluster COSHH knows: its slots no longer count towards the min-share guarantee, and the
     * queuing process solves its matchings again without it ({@link CoshhQueueing#onNodeLost}).
     */
    @Override
    public void onNodeLost(String nodeId, Instant at) {
        slots.forget(nodeId);
        queueing.onNodeLost(nodeId, at);
    }

    /**
     * COSHH's replica placement (§3.2): the job's chunks on the nodes whose suggested sets hold its classes
     * ({@link DataPlacements#overSuggested}). The job is classified now rather than at the next heartbeat, so that
     * its class is known; before the first heartbeat, and when no node suggests its classes, its input stays.
     */
    @Override
    public Optional<InputPlacement> placeInput(Job job, String dataset, CapacityOutlook outlook, JobHistory history) {
        if (!placeData || !ledgers.built()) {
            return Optional.empty();
        }
        return queueing.suggestedNodes(job, history)
                .flatMap(nodes -> DataPlacements.overSuggested(nodes.suggested(), nodes.others(),
                        ChunkLayout.DEFAULT_REPLICATION, dataset, seed))
                .map(layout -> new InputPlacement(job.jobId(), dataset, layout, job.submitTime(),
                        PolicyName.COSHH));
    }

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        var node = state.node();
        slots.observe(node);
        if (ledgers.build(state.queue())) {
            state.queue().forEach(progress -> queueing.onJob(progress.job()));
        }
        var free = node.free();
        int freeSlots = node.freeSlots();
        if (freeSlots == 0 || !free.fits(state.leastDemand())) {
            queueing.observeNode(node);
            return PlacementResult.EMPTY;
        }
        var suggested = queueing.observe(node, state.history(), now);
        var heartbeat = new HeartbeatLaunches(node.nodeId(), now, localityDelay, PolicyName.COSHH);
        long tieSalt = SeededHash.mix(seed ^ SeededHash.mix(node.nodeId().hashCode())
                ^ SeededHash.mix(now.toEpochMilli()));
        var turns = new ArrayList<UserTurn>();
        for (var ledger : ledgers.withRunnable()) {
            turns.add(new UserTurn(ledger, SeededHash.mix(tieSalt ^ ledger.pool().user().hashCode())));
        }
        var stages = new ArrayList<Stage>();
        // Jobs older than the classifications' histories have no class: the suggested stages start after them.
        stages.add(new Stage(Stage.PRIMARY, belowMinShare, suggested.primaryFrom(),
                jobId -> suggested.primary(node.nodeId(), jobId), false));
        if (minShareGuarantee && minShares <= slots.total()) {
            stages.add(new Stage(Stage.GUARANTEE, belowMinShare, "", jobId -> true, false));
        }
        stages.add(new Stage(Stage.SECONDARY, LEAST_SHARE, suggested.secondaryFrom(),
                jobId -> suggested.secondary(node.nodeId(), jobId), workConserving));
        for (var stage : stages) {
            while (freeSlots > 0 && free.fits(state.leastDemand())) {
                var placement = stage.launchOne(turns, heartbeat, free, freeSlots);
                if (placement == null) {
                    break;
                }
                free = free.minus(placement.demand());
                freeSlots--;
            }
        }
        return heartbeat.result();
    }

    /** Stage 1's order as printed: the user farthest below her min share, weighted, first. */
    private static final Comparator<UserTurn> LARGEST_WEIGHTED_DEFICIT = Comparator
            .comparingDouble((UserTurn turn) -> -(turn.pool().minShare() - turn.running) * turn.pool().weight())
            .thenComparingLong(turn -> turn.tieKey);

    /**
     * Stage 1's order with {@link CoshhSettings#leastSatisfiedFirst()}: the least running / min(minShare, demand)
     * first, Hadoop's {@code FairShareComparator} for needy pools. When the min shares overfill the cluster, the
     * printed order serves the users with the largest min shares all the time and starves a user with a small one
     * (docs/policies/coshh.md, Routing).
     */
    private static final Comparator<UserTurn> LEAST_SATISFIED = Comparator
            .comparingDouble((UserTurn turn) -> (double) turn.running / turn.cappedMinShare())
            .thenComparingLong(turn -> turn.tieKey);

    /** Stage 2's order: the least running attempts per weight first. */
    private static final Comparator<UserTurn> LEAST_SHARE = Comparator
            .comparingDouble((UserTurn turn) -> turn.running / turn.pool().weight())
            .thenComparingLong(turn -> turn.tieKey);

    /** One while-loop of Algorithm 2: which users take part, in which order, and which of their jobs it offers. */
    private record Stage(int index, Comparator<UserTurn> order, String from, Predicate<String> offers,
                         boolean fallsBack) {
        static final int PRIMARY = 0;
        static final int GUARANTEE = 1;
        static final int SECONDARY = 2;
        static final int COUNT = 3;

        /** Whether only users below their min share take part. */
        boolean belowMinShareOnly() {
            return index == PRIMARY || index == GUARANTEE;
        }

        /** Launches one task for the first user in the stage's order that can launch one; null when none can. */
        Placement launchOne(List<UserTurn> turns, HeartbeatLaunches heartbeat, CpuMemory free, int freeSlots) {
            while (true) {
                UserTurn best = null;
                for (var turn : turns) {
                    if (!turn.passedOver[index] && (!belowMinShareOnly() || turn.running < turn.pool().minShare())
                            && (best == null || order.compare(turn, best) < 0)) {
                        best = turn;
                    }
                }
                if (best == null) {
                    return null;
                }
                var placement = best.launchOne(this, heartbeat, free, freeSlots);
                if (placement != null) {
                    return placement;
                }
                // She could not launch on this stage; try the next user.
            }
        }
    }

    /** One user during one heartbeat: her running attempts with this heartbeat's launches, where each stage is. */
    private static final class UserTurn {
        private final UserLedgers.UserLedger ledger;
        private final long tieKey;
        private int running;
        private final boolean[] passedOver = new boolean[Stage.COUNT];
        /** Per stage, the user's jobs not yet passed over on this heartbeat, and the job it is at. */
        private final List<Iterator<JobProgress>> cursors = new ArrayList<>(
                Collections.nCopies(Stage.COUNT, Collections.<JobProgress>emptyIterator()));
        private final JobProgress[] current = new JobProgress[Stage.COUNT];
        private final boolean[] started = new boolean[Stage.COUNT];
        private final boolean[] fellBack = new boolean[Stage.COUNT];

        UserTurn(UserLedgers.UserLedger ledger, long tieKey) {
            this.ledger = ledger;
            this.tieKey = tieKey;
            this.running = ledger.running();
        }

        Pool pool() {
            return ledger.pool();
        }

        /**
         * Her min share, but no more than her demand (running and runnable tasks, which a launch does not change), as
         * Hadoop caps it; at least 1, as only users below their min share are ordered by it.
         */
        int cappedMinShare() {
            return Math.max(1, (int) Math.min(pool().minShare(), (long) ledger.running() + ledger.runnableTasks()));
        }

        /** Launches one task of her first job (FIFO) that the stage offers and that can launch here. */
        Placement launchOne(Stage stage, HeartbeatLaunches heartbeat, CpuMemory free, int freeSlots) {
            int i = stage.index();
            if (!started[i]) {
                // The ledger does not change during a heartbeat (the cell reports its placements after it).
                cursors.set(i, ledger.runnableJobsFrom(stage.from()).iterator());
                started[i] = true;
            }
            while (true) {
                if (current[i] == null) {
                    var next = nextOffered(fellBack[i] ? jobId -> true : stage.offers(), cursors.get(i));
                    if (next == null && stage.fallsBack() && !fellBack[i]) {
                        fellBack[i] = true;
                        cursors.set(i, ledger.runnableJobs().iterator());
                        continue;
                    }
                    if (next == null) {
                        passedOver[i] = true;
                        return null;
                    }
                    current[i] = next;
                }
                var placement = heartbeat.launch(current[i], free, freeSlots);
                if (placement != null) {
                    running++;
                    return placement;
                }
                current[i] = null;
            }
        }

        private static JobProgress nextOffered(Predicate<String> offers, Iterator<JobProgress> jobs) {
            while (jobs.hasNext()) {
                var job = jobs.next();
                if (offers.test(job.jobId())) {
                    return job;
                }
            }
            return null;
        }
    }

    /** COSHH's queuing process as the routing process sees it (Algorithm 1; {@link CoshhQueueing}). */
    interface QueuingProcess {

        /** A job arrived (or was in the queue when the policy started). */
        default void onJob(Job job) {
        }

        /** Drops a node the planner lost at {@code at}, and any plan that names it. */
        default void onNodeLost(String nodeId, Instant at) {
        }

        /** Takes in a node that cannot take work now. */
        default void observeNode(NodeState node) {
        }

        /**
         * Takes in the node and the jobs that arrived (their rates from {@code history} when their name has some),
         * and answers with the suggested classes as they now stand.
         */
        ClassSuggestions observe(NodeState node, JobHistory history, Instant now);

        /**
         * Takes in {@code job}, just submitted (with the jobs that arrived before it), and answers which nodes'
         * suggested sets hold its classes, solving again first if it changed the classes; empty before any node
         * beat (no class can be formed).
         */
        default Optional<SuggestedNodes> suggestedNodes(Job job, JobHistory history) {
            return Optional.empty();
        }
    }

    /**
     * The nodes whose SC holds a job's primary class or whose SC' holds its secondary class, and the other nodes
     * seen, each by node id.
     */
    record SuggestedNodes(List<String> suggested, List<String> others) {
        public SuggestedNodes {
            suggested = List.copyOf(suggested);
            others = List.copyOf(others);
        }
    }

    /** Which of a node's suggested classes a job's classes are in: SC and SC' of COSHH section 3.2. */
    interface ClassSuggestions {

        /** Whether the primary class of {@code jobId} is in SC of {@code nodeId}; false for a job not in it. */
        boolean primary(String nodeId, String jobId);

        /** Whether the secondary class of {@code jobId} is in SC' of {@code nodeId}. */
        boolean secondary(String nodeId, String jobId);

        /**
         * An order key ({@link JobOrder#key}) at or before every job that has a primary class: an older job is in no
         * SC, and stage 1 skips it without asking. The least key, "", when any job may have one.
         */
        default String primaryFrom() {
            return "";
        }

        /** The same for secondary classes and SC'. */
        default String secondaryFrom() {
            return "";
        }

        /** Suggestions from two predicates, any job possibly classified. */
        static ClassSuggestions of(BiPredicate<String, String> primary, BiPredicate<String, String> secondary) {
            return of(primary, secondary, () -> "", () -> "");
        }

        /** Suggestions from two predicates and the keys before which no job has a primary, secondary class. */
        static ClassSuggestions of(BiPredicate<String, String> primary, BiPredicate<String, String> secondary,
                Supplier<String> primaryFrom, Supplier<String> secondaryFrom) {
            return new ClassSuggestions() {
                @Override
                public boolean primary(String nodeId, String jobId) {
                    return primary.test(nodeId, jobId);
                }

                @Override
                public boolean secondary(String nodeId, String jobId) {
                    return secondary.test(nodeId, jobId);
                }

                @Override
                public String primaryFrom() {
                    return primaryFrom.get();
                }

                @Override
                public String secondaryFrom() {
                    return secondaryFrom.get();
                }
            };
        }
    }
}
