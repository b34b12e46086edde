package io.gleaner.planner.core;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * COSHH's routing process (Rasooli and Down, COSHH section 4, Algorithm 2) over the classes and suggested sets of its
 * queuing process ({@link CoshhQueueing}, section 3, Algorithm 1).
 *
 * <p>On a heartbeat the queuing process first takes in the jobs it has not seen (in queue order) and the node, then
 * one job is chosen per free slot and one task of it launched, in stages:
 * <ol>
 *   <li>among the users below their min share ({@code minShare − currentShare > 0}) with a job whose primary class is
 *       in the node's SC, the user with the largest {@code (minShare − currentShare) × weight};</li>
 *   <li>then among the users with a job whose secondary class is in the node's SC', the one with the least
 *       {@code currentShare / weight};</li>
 *   <li>then, when {@link CoshhSettings#workConserving()} is on, among all users with a runnable job, the least
 *       {@code currentShare / weight}. Algorithm 2 stops after stage 2 and leaves slots idle; with few classes
 *       suggested per node and jobs of those classes all started, that idles nodes while other jobs wait, which
 *       the bench measures (README, "COSHH").</li>
 * </ol>
 * {@code currentShare} is the user's running attempts (section 2.1: "the number of slots assigned"), counting this
 * heartbeat's launches. Users in exactly the same condition are ordered by a seeded hash of (user, node, time)
 * ("we randomly choose between them"), so a replay decides the same without the policy keeping a random state.
 * Within a user, jobs go in FIFO order; the task of the chosen job is picked by the task scheduling process
 * ({@link HeartbeatLaunches}): a node-local map first, else any map, then reduces, without delay scheduling. (COSHH
 * places replicas on the nodes that suggest a job's class instead, section 3.2; the simulator lays a job's input
 * out before the planner sees the job, so that is not modelled.)
 *
 * <p>Fit, as in {@link FairPolicy}: a job whose next task does not fit what the node has left is passed over for the
 * rest of the heartbeat.
 */
public final class CoshhPolicy implements PlacementPolicy {

    private final Map<String, Pool> pools;
    private final QueuingProcess queueing;
    private final long seed;
    private final boolean workConserving;

    /** The policy with the users' pools and COSHH's settings. */
    public CoshhPolicy(PolicySettings settings) {
        this(settings, new CoshhQueueing(settings.pools(), settings.coshh()));
    }

    /** The policy over another queuing process (tests give fixed suggestions). */
    CoshhPolicy(PolicySettings settings, QueuingProcess queueing) {
        Objects.requireNonNull(settings, "settings");
        this.pools = Map.copyOf(settings.poolsByUser());
        this.queueing = Objects.requireNonNull(queueing, "queueing");
        this.seed = settings.coshh().seed();
        this.workConserving = settings.coshh().workConserving();
    }

    /** The queuing process, for the stage that publishes its classes and plans; empty when tests replaced it. */
    public Optional<CoshhQueueing> queueing() {
        return queueing instanceof CoshhQueueing coshh ? Optional.of(coshh) : Optional.empty();
    }

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        var node = state.node();
        var free = node.free();
        int freeSlots = node.freeSlots();
        if (freeSlots == 0 || !free.fits(state.leastDemand())) {
            // Only heartbeats that can place need the queue taken in; a full node's costs nothing per queued job.
            queueing.observeNode(node);
            return PlacementResult.EMPTY;
        }
        var suggested = queueing.observe(node, state.queue(), now);
        var users = usersOf(state.queue(), node.nodeId(), suggested);
        var heartbeat = new HeartbeatLaunches(node.nodeId(), now, Duration.ZERO, PolicyName.COSHH);
        long tieSalt = mix(seed ^ mix(node.nodeId().hashCode()) ^ mix(now.toEpochMilli()));
        users.forEach(user -> user.tieKey = mix(tieSalt ^ user.pool.user().hashCode()));
        var stages = new ArrayList<Stage>();
        stages.add(new Stage(Stage.PRIMARY, users, BELOW_MIN_SHARE));
        stages.add(new Stage(Stage.SECONDARY, users, LEAST_SHARE));
        if (workConserving) {
            stages.add(new Stage(Stage.ANY, users, LEAST_SHARE));
        }
        for (var stage : stages) {
            while (freeSlots > 0 && free.fits(state.leastDemand())) {
                var placement = stage.launchOne(heartbeat, free, freeSlots);
                if (placement == null) {
                    break;
                }
                free = free.minus(placement.demand());
                freeSlots--;
            }
        }
        return heartbeat.result();
    }

    /** Every user with runnable work, her running attempts counted over all her jobs. */
    private List<UserState> usersOf(List<JobProgress> queue, String nodeId, ClassSuggestions suggested) {
        var byUser = new HashMap<String, UserState>();
        var users = new ArrayList<UserState>();
        for (var progress : queue) {
            var user = progress.job().user();
            var state = byUser.get(user);
            if (state == null) {
                state = new UserState(pools.getOrDefault(user, Pool.unlisted(user)));
                byUser.put(user, state);
                users.add(state);
            }
            state.running += progress.running();
            if (progress.hasRunnable()) {
                var jobId = progress.job().jobId();
                state.jobs.get(Stage.ANY).add(progress);
                // Stage 1 serves only users with a min share; the others need no primary lookup.
                if (state.pool.minShare() > 0 && suggested.primary(nodeId, jobId)) {
                    state.jobs.get(Stage.PRIMARY).add(progress);
                }
                if (suggested.secondary(nodeId, jobId)) {
                    state.jobs.get(Stage.SECONDARY).add(progress);
                }
            }
        }
        return users;
    }

    /** Stage 1's order: the user farthest below her min share, weighted, first. */
    private static final Comparator<UserState> BELOW_MIN_SHARE = Comparator
            .comparingDouble((UserState user) -> -(user.pool.minShare() - user.running) * user.pool.weight())
            .thenComparingLong(user -> user.tieKey);

    /** Stage 2's order: the least running attempts per weight first. */
    private static final Comparator<UserState> LEAST_SHARE = Comparator
            .comparingDouble((UserState user) -> user.running / user.pool.weight())
            .thenComparingLong(user -> user.tieKey);

    /** One while-loop of Algorithm 2: which users take part, in which order, and the jobs each offers. */
    private static final class Stage {
        static final int PRIMARY = 0;
        static final int SECONDARY = 1;
        static final int ANY = 2;

        private final int index;
        private final List<UserState> users;
        private final Comparator<UserState> order;

        Stage(int index, List<UserState> users, Comparator<UserState> order) {
            this.index = index;
            this.users = users;
            this.order = order;
        }

        /** Launches one task for the first user in the stage's order that can launch one; null when none can. */
        Placement launchOne(HeartbeatLaunches heartbeat, Resources free, int freeSlots) {
            UserState best = null;
            for (var user : users) {
                if (user.canLaunch(index) && (index != PRIMARY || user.running < user.pool.minShare())
                        && (best == null || order.compare(user, best) < 0)) {
                    best = user;
                }
            }
            if (best == null) {
                return null;
            }
            var placement = best.launchOne(index, heartbeat, free, freeSlots);
            // A user who could not launch is passed over for the stage; try the next one.
            return placement != null ? placement : launchOne(heartbeat, free, freeSlots);
        }
    }

    /** One user during a heartbeat: her running attempts and, per stage, her candidate jobs in FIFO order. */
    private static final class UserState {
        private final Pool pool;
        private final List<List<JobProgress>> jobs = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        private final int[] next = new int[3];
        private int running;
        private long tieKey;

        UserState(Pool pool) {
            this.pool = pool;
        }

        boolean canLaunch(int stage) {
            return next[stage] < jobs.get(stage).size();
        }

        Placement launchOne(int stage, HeartbeatLaunches heartbeat, Resources free, int freeSlots) {
            var candidates = jobs.get(stage);
            while (next[stage] < candidates.size()) {
                var placement = heartbeat.launch(candidates.get(next[stage]), free, freeSlots);
                if (placement != null) {
                    running++;
                    return placement;
                }
                next[stage]++;
            }
            return null;
        }
    }

    /** COSHH's queuing process as the routing process sees it (Algorithm 1; {@link CoshhQueueing}). */
    interface QueuingProcess {

        /** Takes in a node that cannot take work now. */
        default void observeNode(NodeState node) {
        }

        /**
         * Takes in the heartbeat's node and the jobs of the queue it has not seen, and answers with the suggested
         * classes as they now stand.
         */
        ClassSuggestions observe(NodeState node, List<JobProgress> queue, Instant now);
    }

    /** Which of a node's suggested classes a job's classes are in: SC and SC' of COSHH section 3.2. */
    public interface ClassSuggestions {

        /** Whether the primary class of {@code jobId} is in SC of {@code nodeId}; false for a job not in it. */
        boolean primary(String nodeId, String jobId);

        /** Whether the secondary class of {@code jobId} is in SC' of {@code nodeId}. */
        boolean secondary(String nodeId, String jobId);

        /** Suggestions from two predicates. */
        static ClassSuggestions of(BiPredicate<String, String> primary, BiPredicate<String, String> secondary) {
            return new ClassSuggestions() {
                @Override
                public boolean primary(String nodeId, String jobId) {
                    return primary.test(nodeId, jobId);
                }

                @Override
                public boolean secondary(String nodeId, String jobId) {
                    return secondary.test(nodeId, jobId);
                }
            };
        }
    }

    /** Stafford's variant 13 of MurmurHash3's 64-bit finaliser: spreads nearby inputs over all bits. */
    private static long mix(long value) {
        long z = value;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
