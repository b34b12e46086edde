package io.gleaner.simulator.core;

import io.gleaner.planner.core.Chunk;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.qos.core.QosActionKind;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A simulated cluster run in virtual time, in lockstep with a planner (docs/simulator.md#lockstep): the reference executor.
 *
 * <p>Events (job arrivals, attempt starts, ends of input copies, attempt ends, refused placements, changes of the
 * owners' use) sit in a priority queue ordered by (time, sequence number). {@link #step()} runs one round at the
 * grid time g just after the next event: it processes every event before g, sends the round's jobs, reports,
 * heartbeats and utilization through the {@link PlannerLink} and applies the placements it gets back. Grid points
 * with nothing new are skipped. The run ends when every job has completed, or when nothing runs, no job or owner
 * change is due and a round placed nothing.
 *
 * <p>The task model: an attempt holds its demand from the round that placed it; a map whose chunk has no replica on
 * its node first copies it ({@link TaskModel#transferMillis}), a reduce first fetches the share of its input made by
 * maps on other nodes; then it computes at the rate its node's CPU share allows, which changes as the owners' use
 * and the other attempts change ({@link NodeRuntime}). Owners taking memory back kill attempts, reported KILLED
 * for the planner to relaunch.
 *
 * <p>Under a QoS controller ({@link SimulationSettings#qos}, with {@link SimulationSettings#qosSettings()}) every node
 * is controlled in event time on the controller's grid (k × 100 ms): a node is ticked at the first grid point strictly
 * after any change of its state (an attempt placed, computing, ended or killed; the owners' use), and again one
 * period after every tick that acted ({@link QosTicks}). Both controllers are pure functions of the observation and
 * the CPU limit in force, and after a tick that acted nothing is left for the next one to do (a throttle leaves the
 * tasks at the limit, a raise goes straight to what the owners leave, kills stop once within limits), so skipping the
 * ticks of unchanged nodes gives the same actions as ticking every node every 100 ms. A tick's {@code THROTTLE_CPU}
 * or {@code RAISE_CPU_LIMIT} caps the attempts' CPU ({@link NodeRuntime#limitCpu}); its {@code KILL_TASK} ends the
 * attempt, reported KILLED with the controller's reason. The node's own OOM kill stays as the last resort when the
 * owners' RAM arrives between two ticks; the report counts both ({@link QosCounts}). A tick that changes nothing
 * does not by itself cause a lockstep round.
 *
 * <p>Node failures ({@link SimulationSettings#nodeFailures}): at its time a node stops for good, sends no heartbeat
 * and no report, and the attempts it held are gone; only the planner's node liveness relaunches them. Until the
 * planner has placed a new attempt of each of their tasks, rounds run on every grid point, idle or not, as a live
 * cluster heartbeats whether or not anything happens, for at most {@link #RELAUNCH_PATIENCE} after the latest
 * failure (a planner without liveness never answers). A run without failures is unchanged.
 *
 * <p>One random generator, seeded from the settings, is passed down (today only the chunk layout draws from it),
 * and every order is explicit, so the same workload, owners, cluster, planner and seed give the same run.
 */
public final class Simulation {

    private static final Logger log = LoggerFactory.getLogger(Simulation.class);

    /** How long after a node failure rounds keep coming, idle or not, for the planner to relaunch its attempts. */
    static final Duration RELAUNCH_PATIENCE = Duration.ofHours(1);

    private static final Comparator<Scheduled> EVENT_ORDER =
            Comparator.comparingLong(Scheduled::time).thenComparingLong(Scheduled::seq);

    private final ClusterSpec cluster;
    private final PlannerLink planner;
    private final SimulationSettings settings;
    private final Consumer<SimulationProgress> progress;
    private final long period;
    private final ReplicaPlacement replicas;
    private final Map<String, NodeRuntime> nodes = new TreeMap<>();
    private final Map<String, JobSuccesses> jobs = new LinkedHashMap<>();
    private final PriorityQueue<Scheduled> events = new PriorityQueue<>(EVENT_ORDER);
    private final Set<String> decisionIds = new HashSet<>();
    private final Set<String> relaunched = new HashSet<>();
    private final Map<String, PhaseTasks> datasets = new HashMap<>();
    private final Map<String, Integer> runningByUser = new TreeMap<>();
    private final Map<String, Integer> waitingByUser = new TreeMap<>();
    private final UserShares shares;
    private final List<TimelinePoint> timeline = new ArrayList<>();
    private final MessageDigest digest;
    private final QosTally qosTally = new QosTally();
    /** The QoS controller's ticks; null without a controller. */
    private final QosTicks qos;
    /** Nodes that failed ({@link NodeFailure}). */
    private final Set<String> failedNodes = new HashSet<>();
    /** Tasks (job/kind/index) whose attempt was lost with its node, until the planner places a new attempt. */
    private final Set<String> lostTasks = new HashSet<>();
    private long lastFailure = Long.MIN_VALUE;
    private final AttemptTally tally = new AttemptTally();
    private long nextSeq;
    private long workEvents;

    private long rounds;
    private long firstRound = Long.MIN_VALUE;
    private long lastRound = Long.MIN_VALUE;
    private boolean finished;
    private int jobsSubmitted;
    private int jobsCompleted;

    /** A run without owners, users or a progress listener. */
    public Simulation(ClusterSpec cluster, List<Job> workload, PlannerLink planner, SimulationSettings settings) {
        this(cluster, workload, OwnerLoad.NONE, List.of(), planner, settings, p -> { });
    }

    /** A run without owners or users. */
    public Simulation(ClusterSpec cluster, List<Job> workload, PlannerLink planner, SimulationSettings settings,
                      Consumer<SimulationProgress> progress) {
        this(cluster, workload, OwnerLoad.NONE, List.of(), planner, settings, progress);
    }

    /**
     * @param cluster  the simulated nodes and network
     * @param workload the jobs to submit, each at its submit time; job ids must be unique
     * @param owners   the owners' use of each node over time
     * @param pools    the users' min shares and weights, for COSHH's dissatisfaction and fairness
     * @param planner  the planner to run in lockstep with
     * @param settings heartbeat period and seed
     * @param progress told after every round
     */
    public Simulation(ClusterSpec cluster, List<Job> workload, OwnerLoad owners, List<Pool> pools,
                      PlannerLink planner, SimulationSettings settings, Consumer<SimulationProgress> progress) {
        this.cluster = Objects.requireNonNull(cluster, "cluster");
        this.planner = Objects.requireNonNull(planner, "planner");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.progress = Objects.requireNonNull(progress, "progress");
        this.period = settings.heartbeatPeriod().toMillis();
        this.replicas = new ReplicaPlacement(cluster, generator(settings.seed()), settings.replicas());
        this.shares = new UserShares(pools);
        this.digest = sha256();
        cluster.nodes().forEach(spec -> nodes.put(spec.nodeId(), new NodeRuntime(spec)));
        if (settings.qos().isPresent()) {
            var qosSettings = settings.qosSettings();
            this.qos = new QosTicks(settings.qos().get(), qosSettings, qosTally);
            // Nodes offer the planner what the controller lets tasks keep (Eq. 1), the margins kept back.
            nodes.values().forEach(node -> node.withSafetyMargin(
                    qosSettings.cpuSafetyMargin() * node.spec().cpus(),
                    (long) Math.floor(qosSettings.ramSafetyMargin() * node.spec().memoryBytes())));
        } else {
            this.qos = null;
        }
        for (var node : owners.byNode().keySet()) {
            if (!nodes.containsKey(node)) {
                throw new IllegalArgumentException("owner load names node " + node + ", which is not in cluster "
                        + cluster.name());
            }
        }
        var ordered = workload.stream()
                .sorted(Comparator.comparing(Job::submitTime).thenComparing(Job::jobId))
                .toList();
        for (var job : ordered) {
            if (jobs.putIfAbsent(job.jobId(), new JobSuccesses(job)) != null) {
                throw new IllegalArgumentException("job ids must be unique, " + job.jobId() + " appears twice");
            }
            scheduleWork(job.submitTime().toEpochMilli(), new Arrival(job));
        }
        owners.byNode().forEach((node, samples) -> samples.forEach(sample ->
                schedule(sample.time().toEpochMilli(), new OwnerChange(node, sample))));
        for (var failure : settings.nodeFailures()) {
            if (!nodes.containsKey(failure.nodeId())) {
                throw new IllegalArgumentException("node failure names node " + failure.nodeId()
                        + ", which is not in cluster " + cluster.name());
            }
            schedule(failure.at().toEpochMilli(), new NodeFails(failure.nodeId()));
        }
        finished = jobs.isEmpty();
    }

    /** The generator a run with {@code seed} draws from: {@code L64X128MixRandom}, an LXM generator of the JDK. */
    public static RandomGenerator generator(long seed) {
        return RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
    }

    /**
     * Runs one round (docs/simulator.md#lockstep, steps 1 to 4).
     *
     * @return false, doing nothing, when the run had already finished
     */
    public boolean step() {
        if (finished) {
            return false;
        }
        var submitted = new ArrayList<Job>();
        var reports = new ArrayList<AttemptReport>();
        // Controller ticks first in line that change nothing need no round: run them without one.
        long first = Long.MIN_VALUE;
        while (!events.isEmpty() && events.element().event() instanceof QosTick) {
            var next = events.remove();
            if (tick(((QosTick) next.event()).nodeId(), next.time(), reports)) {
                first = next.time();
                break;
            }
        }
        if (first == Long.MIN_VALUE) {
            if (!events.isEmpty()) {
                first = events.element().time();
            } else if (awaitingRelaunch()) {
                // Nothing is due, but a failed node's attempts wait for the planner: the next grid point.
                first = lastRound;
            } else {
                log.warn("nothing can change any more with {} of {} jobs completed; the run ends", jobsCompleted,
                        jobs.size());
                finished = true;
                return false;
            }
        }
        long g = Math.floorDiv(first, period) * period + period;
        if (awaitingRelaunch()) {
            g = Math.min(g, lastRound + period);
        }
        var now = Instant.ofEpochMilli(g);
        while (!events.isEmpty() && events.element().time() < g) {
            var next = events.remove();
            if (!(next.event() instanceof OwnerChange) && !(next.event() instanceof QosTick)
                    && !(next.event() instanceof NodeFails)) {
                workEvents--;
            }
            process(next.time(), next.event(), submitted, reports);
        }
        var heartbeats = new ArrayList<NodeState>();
        var utilization = new ArrayList<Utilization>();
        for (var node : nodes.values()) {
            if (failedNodes.contains(node.spec().nodeId())) {
                continue;
            }
            heartbeats.add(node.heartbeat(now));
            utilization.addAll(node.utilization(now));
        }
        var placements = planner.round(new Round(now, submitted, reports, heartbeats, utilization));
        for (var data : planner.takeDataPlacements()) {
            // Never on the bundled traces, where each job reads its own dataset; logged, the drawn layout stays.
            replicas.place(data).ifPresent(refused -> log.warn("data placement of job {} refused: {}",
                    data.jobId(), refused));
        }
        for (var placement : placements) {
            apply(g, placement);
        }
        observe(now);
        rounds++;
        if (firstRound == Long.MIN_VALUE) {
            firstRound = g;
        }
        lastRound = g;
        boolean running = nodes.values().stream().anyMatch(node -> !node.running().isEmpty());
        // Nothing left to happen ends the run too: attempts a CPU limit of 0 stalls for good have no event.
        finished = jobsCompleted == jobs.size()
                || !awaitingRelaunch() && (workEvents == 0 && !running && placements.isEmpty() && events.isEmpty()
                        || events.isEmpty());
        log.debug("round {} at {}: {} jobs, {} reports in, {} placements out", rounds, now, submitted.size(),
                reports.size(), placements.size());
        progress.accept(new SimulationProgress(rounds, now, jobsCompleted, jobs.size()));
        return true;
    }

    /** Steps until the run finishes, then reports. */
    public SimulationReport run() {
        while (step()) {
            // each step is one round
        }
        return report();
    }

    /** Whether the run has ended. */
    public boolean finished() {
        return finished;
    }

    /** The report of the run so far; final once {@link #finished()}. */
    public SimulationReport report() {
        var completions = jobs.values().stream()
                .map(JobSuccesses::completion)
                .flatMap(Optional::stream)
                .sorted(Comparator.comparing(JobCompletion::submitTime).thenComparing(JobCompletion::jobId))
                .toList();
        var unfinished = jobs.values().stream()
                .filter(p -> p.arrived() && !p.completed())
                .map(p -> p.job().jobId())
                .sorted()
                .toList();
        var end = rounds == 0 ? Instant.EPOCH : Instant.ofEpochMilli(lastRound);
        long endMillis = end.toEpochMilli();
        long violation = 0;
        double shortfall = 0;
        for (var node : nodes.values()) {
            violation += node.violationMillis(endMillis);
            shortfall += node.shortfallCoreSeconds(endMillis);
        }
        long nodeMillis = rounds == 0 ? 0 : (lastRound - firstRound) * nodes.size();
        var owners = new OwnerImpact(violation, shortfall, nodeMillis);
        String hex;
        try {
            hex = HexFormat.of().formatHex(((MessageDigest) digest.clone()).digest());
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("SHA-256 digest cannot be cloned", e);
        }
        var counts = tally.counts(relaunched.size());
        var qosCounts = qosTally.counts(settings.qosName());
        return new SimulationReport(cluster.name(), settings.seed(), jobsSubmitted, jobsCompleted, unfinished,
                counts, qosCounts, CompletionStats.of(completions, firstSubmit()), deadlines(end), owners,
                shares.meanDissatisfaction(), shares.meanFairness(), planner.cpuNanos(), end, rounds, hex, timeline);
    }

    private Instant firstSubmit() {
        return jobs.isEmpty() ? Instant.EPOCH : jobs.values().iterator().next().job().submitTime();
    }

    private Deadlines deadlines(Instant end) {
        var goals = new ArrayList<JobGoal>();
        var standAlone = new StandAloneTime(cluster, settings.heartbeatPeriod());
        for (var progress : jobs.values()) {
            var job = progress.job();
            if (!progress.arrived() || job.deadline().isEmpty()) {
                continue;
            }
            var completion = progress.completion();
            goals.add(new JobGoal(job.jobId(), job.submitTime(), job.deadline().get(),
                    completion.map(JobCompletion::finishTime).orElse(end), completion.isPresent(),
                    Duration.ofMillis((long) Math.ceil(standAlone.millis(job)))));
        }
        return new Deadlines(goals, settings.heartbeatPeriod());
    }

    private void observe(Instant now) {
        shares.observe(now.toEpochMilli(), runningByUser, waitingByUser);
        int running = 0;
        double spare = 0;
        double owner = 0;
        for (var node : nodes.values()) {
            running += node.running().size();
            spare += node.spareCpus();
            owner += node.ownerCpus();
        }
        var byUser = new TreeMap<String, Integer>();
        runningByUser.forEach((user, count) -> {
            if (count > 0) {
                byUser.put(user, count);
            }
        });
        timeline.add(new TimelinePoint(now, running, spare, owner, byUser));
    }

    private void process(long time, Event event, List<Job> submitted, List<AttemptReport> reports) {
        var at = Instant.ofEpochMilli(time);
        if (event instanceof Arrival arrival) {
            var job = arrival.job();
            var jobProgress = jobs.get(job.jobId());
            jobProgress.arrive();
            // Lay out the job's input now, in arrival order, so the draws do not depend on placements.
            submitted.add(replicas.withLayout(job));
            job.group(TaskKind.MAP).ifPresent(group -> group.dataset()
                    .ifPresent(dataset -> datasets.putIfAbsent(dataset, group)));
            jobsSubmitted++;
            tally.tasks += jobProgress.tasks();
            waitingByUser.merge(job.user(), jobProgress.tasks(), Integer::sum);
        } else if (event instanceof Start start) {
            var a = start.attempt();
            if (a.ended()) {
                return;
            }
            reports.add(report(a, TaskOutcome.State.LAUNCHED, at, Optional.empty()));
            if (a.transferMillis > 0) {
                scheduleWork(time + a.transferMillis, new Copied(a));
            } else {
                compute(a, time);
            }
        } else if (event instanceof Copied copied) {
            var a = copied.attempt();
            if (!a.ended()) {
                a.placement.chunkMoves().forEach(move -> replicas.copied(move.chunk(), move.toNode()));
                compute(a, time);
            }
        } else if (event instanceof End end) {
            var a = end.attempt();
            if (a.ended() || a.version() != end.version()) {
                return;
            }
            var p = a.placement;
            reschedule(nodes.get(p.nodeId()).finish(a, time));
            touch(p.nodeId(), time);
            release(p);
            reports.add(report(a, TaskOutcome.State.SUCCEEDED, at, Optional.empty()));
            var job = jobs.get(p.jobId());
            if (job.succeeded(p.kind(), p.taskIndex(), p.nodeId(), at)) {
                jobsCompleted++;
            }
        } else if (event instanceof Rejected rejected) {
            var p = rejected.placement();
            // The node refuses what it cannot run (docs/retries-and-reservations.md): the attempt frees what the
            // planner reserved and does not count against its task. It never ran: it read nothing and held nothing.
            var outcome = new TaskOutcome(p.decisionId(), p.jobId(), p.kind(), p.taskIndex(), p.attempt(),
                    p.nodeId(), TaskOutcome.State.REFUSED, at, Optional.of(rejected.reason()));
            reports.add(new AttemptReport(outcome, Optional.empty(), true, 0, 0, 0, Optional.of(rejected.reason())));
        } else if (event instanceof OwnerChange change) {
            var killed = new ArrayList<Attempt>();
            reschedule(nodes.get(change.nodeId()).owners(change.sample(), time, killed));
            touch(change.nodeId(), time);
            for (var a : killed) {
                qosTally.oomKills++;
                killed(a, at, NodeRuntime.OWNERS_RECLAIMED_MEMORY, reports);
                digest(a.decisionId() + ' ' + a.placement.nodeId() + ' ' + time + " killed");
            }
        } else if (event instanceof QosTick tick) {
            tick(tick.nodeId(), time, reports);
        } else if (event instanceof NodeFails fails) {
            fail(fails.nodeId(), time);
        } else {
            throw new IllegalStateException("unknown event " + event);
        }
    }

    /**
     * Node {@code nodeId} fails at {@code time}: its attempts end unreported, their tasks wait for the planner to find
     * the node lost and relaunch them, and count as relaunched, as the tasks of killed attempts do.
     */
    private void fail(String nodeId, long time) {
        if (!failedNodes.add(nodeId)) {
            return;
        }
        lastFailure = time;
        var node = nodes.get(nodeId);
        var lost = List.copyOf(node.running());
        for (var a : lost) {
            node.finish(a, time);
            release(a.placement);
            waitingByUser.merge(user(a.placement), 1, Integer::sum);
            lostTasks.add(taskKey(a.placement));
            relaunched.add(taskKey(a.placement));
            digest(a.decisionId() + ' ' + nodeId + ' ' + time + " lost with its node");
        }
        digest(nodeId + ' ' + time + " failed");
        log.info("node {} failed at {} holding {} attempts", nodeId, Instant.ofEpochMilli(time), lost.size());
    }

    /** Whether a failed node's attempts still wait for a new attempt, within {@link #RELAUNCH_PATIENCE}. */
    private boolean awaitingRelaunch() {
        return !lostTasks.isEmpty() && lastRound != Long.MIN_VALUE
                && lastRound - lastFailure < RELAUNCH_PATIENCE.toMillis();
    }

    private static String taskKey(Placement p) {
        return p.jobId() + '/' + p.kind() + '/' + p.taskIndex();
    }

    /** A killed attempt: counted, its task to be relaunched, reported KILLED with {@code reason}. */
    private void killed(Attempt a, Instant at, String reason, List<AttemptReport> reports) {
        tally.killedAttempts++;
        relaunched.add(a.placement.jobId() + '/' + a.placement.kind() + '/' + a.placement.taskIndex());
        release(a.placement);
        waitingByUser.merge(user(a.placement), 1, Integer::sum);
        reports.add(report(a, TaskOutcome.State.KILLED, at, Optional.of(reason)));
    }

    /**
     * Ticks the QoS controller on {@code nodeId} at {@code time} ({@link QosTicks}) and applies its actions.
     *
     * @return whether it acted
     */
    private boolean tick(String nodeId, long time, List<AttemptReport> reports) {
        if (failedNodes.contains(nodeId)) {
            qos.drop(nodeId);
            return false;
        }
        var node = nodes.get(nodeId);
        var actions = qos.tick(node, time);
        if (actions.isEmpty()) {
            return false;
        }
        var at = Instant.ofEpochMilli(time);
        for (var action : actions) {
            if (action.kind() == QosActionKind.KILL_TASK) {
                var a = node.attempt(action.decisionId());
                if (a == null) {
                    // The observation lists only running attempts and a tick's kills are distinct: cannot happen.
                    throw new IllegalStateException("the QoS controller killed " + action.decisionId()
                            + ", which is not running on " + nodeId);
                }
                reschedule(node.finish(a, time));
                killed(a, at, "QoS controller " + settings.qosName() + ": " + action.reason(), reports);
                digest(a.decisionId() + ' ' + nodeId + ' ' + time + " killed by qos");
            } else {
                reschedule(node.limitCpu(action.cpuLimitCores(), time));
                digest(nodeId + ' ' + time + ' ' + action.kind() + ' ' + action.cpuLimitCores());
            }
        }
        log.debug("QoS tick of {} at {}: {}", nodeId, at, actions);
        touch(nodeId, time);
        return true;
    }

    /**
     * The state of {@code nodeId} changed at {@code time}: under a controller, the node is ticked at the first grid
     * point after it, unless a tick is already due (at or after {@code time}: it will see the change).
     */
    private void touch(String nodeId, long time) {
        if (qos != null) {
            qos.due(nodeId, time).ifPresent(at -> schedule(at, new QosTick(nodeId)));
        }
    }

    private void compute(Attempt a, long time) {
        reschedule(nodes.get(a.placement.nodeId()).startComputing(a, time));
        touch(a.placement.nodeId(), time);
    }

    private void reschedule(List<Attempt> changed) {
        for (var a : changed) {
            // An attempt without CPU (a limit of 0) has no end; its next change of rate schedules one.
            if (!a.stalled()) {
                scheduleWork(a.endMillis(), new End(a, a.version()));
            }
        }
    }

    private void release(Placement p) {
        runningByUser.merge(user(p), -1, Integer::sum);
    }

    private String user(Placement p) {
        return jobs.get(p.jobId()).job().user();
    }

    private void apply(long g, Placement p) {
        if (!decisionIds.add(p.decisionId())) {
            tally.duplicateDecisions++;
            log.warn("placement {} received twice; the second is ignored", p.decisionId());
            return;
        }
        tally.decisions++;
        lostTasks.remove(taskKey(p));
        var node = nodes.get(p.nodeId());
        String failure = null;
        if (node == null) {
            failure = "unknown node " + p.nodeId();
        } else if (!(p.demand().cpus() > 0)) {
            failure = "demand of " + p.demand().cpus() + " cpus cannot run";
        } else if (!jobs.containsKey(p.jobId())) {
            failure = "unknown job " + p.jobId();
        } else if (!node.fits(p.demand())) {
            failure = AttemptReport.NODE_FULL;
        } else {
            failure = badMove(p);
        }
        if (failure != null) {
            tally.failedAttempts++;
            scheduleWork(g, new Rejected(p, failure));
            digest(p.decisionId() + ' ' + p.nodeId() + ' ' + g + " failed " + failure);
            return;
        }
        long moveBytes = 0;
        for (var move : p.chunkMoves()) {
            moveBytes += chunkBytes(move.chunk());
        }
        boolean local = p.kind() != TaskKind.MAP || p.chunk().map(c -> replicas.isLocal(c.dataset(), c.index(),
                p.nodeId()) || movedHere(p, c)).orElse(true);
        long copyBytes = moveBytes + (p.kind() == TaskKind.MAP
                ? (local ? 0 : p.inputBytes())
                : jobs.get(p.jobId()).remoteShuffleBytes(p.inputBytes(), p.nodeId()));
        long start = Math.max(g, p.notBefore().toEpochMilli());
        var attempt = new Attempt(p, local, TaskModel.transferMillis(copyBytes, cluster), start);
        node.hold(attempt);
        touch(p.nodeId(), g);
        tally.attempts++;
        runningByUser.merge(user(p), 1, Integer::sum);
        waitingByUser.merge(user(p), -1, Integer::sum);
        if (p.kind() == TaskKind.MAP) {
            tally.mapAttempts++;
            if (!local) {
                tally.remoteMapAttempts++;
            }
        } else {
            tally.remoteShuffleBytes += copyBytes - moveBytes;
        }
        tally.chunkMoves += p.chunkMoves().size();
        tally.movedBytes += moveBytes;
        scheduleWork(start, new Start(attempt));
        digest(p.decisionId() + ' ' + p.nodeId() + ' ' + g + ' ' + start
                + (p.chunkMoves().isEmpty() ? "" : " moves " + p.chunkMoves()));
    }

    /** Why the placement's chunk moves cannot be done, or null when they can. */
    private String badMove(Placement p) {
        for (var move : p.chunkMoves()) {
            if (!nodes.containsKey(move.toNode())) {
                return "chunk move of " + move.chunk() + " to unknown node " + move.toNode();
            }
            if (chunkBytes(move.chunk()) < 0) {
                return "chunk move of unknown chunk " + move.chunk();
            }
            var chunk = move.chunk();
            if (move.fromNode().isPresent() && !replicas.isLocal(chunk.dataset(), chunk.index(), move.fromNode().get())) {
                return "chunk move of " + chunk + " from " + move.fromNode().get() + ", which holds no replica of it";
            }
        }
        return null;
    }

    private static boolean movedHere(Placement p, Chunk chunk) {
        return p.chunkMoves().stream().anyMatch(move -> move.chunk().equals(chunk) && move.toNode().equals(p.nodeId()));
    }

    /** Bytes of {@code chunk}, from the map group of a submitted job that reads it; -1 when no such job arrived. */
    private long chunkBytes(Chunk chunk) {
        var group = datasets.get(chunk.dataset());
        if (group == null || chunk.index() < group.firstChunk() || chunk.index() - group.firstChunk() >= group.count()) {
            return -1;
        }
        return group.inputBytes((int) (chunk.index() - group.firstChunk()));
    }

    private static AttemptReport report(Attempt a, TaskOutcome.State state, Instant time, Optional<String> reason) {
        var p = a.placement;
        // The reason on the outcome too: the planner reads it from the report through Kafka (a failed job names it).
        var outcome = new TaskOutcome(p.decisionId(), p.jobId(), p.kind(), p.taskIndex(), p.attempt(), p.nodeId(),
                state, time, reason);
        var startTime = state == TaskOutcome.State.LAUNCHED
                ? Optional.<Instant>empty() : Optional.of(Instant.ofEpochMilli(a.startMillis));
        return new AttemptReport(outcome, startTime, a.local, p.inputBytes(), a.cpuSeconds(),
                p.demand().memoryBytes(), reason);
    }

    private void scheduleWork(long time, Event event) {
        workEvents++;
        schedule(time, event);
    }

    private void schedule(long time, Event event) {
        events.add(new Scheduled(time, nextSeq++, event));
    }

    private void digest(String line) {
        digest.update((line + '\n').getBytes(StandardCharsets.UTF_8));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private record Scheduled(long time, long seq, Event event) {
    }

    private sealed interface Event permits Arrival, Start, Copied, End, Rejected, OwnerChange, QosTick, NodeFails {
    }

    /** A node fails for good ({@link NodeFailure}); not work: it alone keeps no run going. */
    private record NodeFails(String nodeId) implements Event {
    }

    private record Arrival(Job job) implements Event {
    }

    private record Start(Attempt attempt) implements Event {
    }

    /** The attempt's input is on its node: it starts computing. */
    private record Copied(Attempt attempt) implements Event {
    }

    /** The attempt ends if its rate has not changed since this was scheduled ({@code version}). */
    private record End(Attempt attempt, int version) implements Event {
    }

    private record Rejected(Placement placement, String reason) implements Event {
    }

    private record OwnerChange(String nodeId, OwnerSample sample) implements Event {
    }

    /** The QoS controller's tick of one node; not work: it alone keeps no run going. */
    private record QosTick(String nodeId) implements Event {
    }
}
