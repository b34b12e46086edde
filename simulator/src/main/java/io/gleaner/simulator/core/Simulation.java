package io.gleaner.simulator.core;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
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
 * A simulated cluster run in virtual time, in lockstep with a planner (notes/lockstep.md): the reference executor.
 *
 * <p>Events (job arrivals, attempt starts and ends, failed placements) sit in a priority queue ordered by (time,
 * sequence number). {@link #step()} runs one round at the grid time g just after the next event: it processes every
 * event before g, sends the round's jobs, reports, heartbeats and utilization through the {@link PlannerLink} and
 * applies the placements it gets back. Grid points with nothing new are skipped. The run ends when every job has
 * completed, or when nothing runs, nothing arrives and a round placed nothing.
 *
 * <p>One random generator, seeded from the settings, is passed down (today only the chunk layout draws from it),
 * and every order is explicit, so the same workload, cluster, planner and seed give the same run.
 */
public final class Simulation {

    private static final Logger log = LoggerFactory.getLogger(Simulation.class);

    private static final Comparator<Scheduled> EVENT_ORDER =
            Comparator.comparingLong(Scheduled::time).thenComparingLong(Scheduled::seq);

    private final ClusterSpec cluster;
    private final PlannerLink planner;
    private final SimulationSettings settings;
    private final Consumer<SimulationProgress> progress;
    private final long period;
    private final ReplicaPlacement replicas;
    private final Map<String, NodeRuntime> nodes = new TreeMap<>();
    private final Map<String, JobProgress> jobs = new LinkedHashMap<>();
    private final PriorityQueue<Scheduled> events = new PriorityQueue<>(EVENT_ORDER);
    private final Set<String> decisionIds = new HashSet<>();
    private final List<TimelinePoint> timeline = new ArrayList<>();
    private final MessageDigest digest;
    private long nextSeq;

    private long rounds;
    private long lastRound = Long.MIN_VALUE;
    private boolean finished;
    private int jobsSubmitted;
    private int jobsCompleted;
    private long tasks;
    private long decisions;
    private long duplicateDecisions;
    private long attempts;
    private long failedAttempts;
    private long killedAttempts;
    private long mapAttempts;
    private long remoteMapAttempts;

    /** A run without a progress listener. */
    public Simulation(ClusterSpec cluster, List<Job> workload, PlannerLink planner, SimulationSettings settings) {
        this(cluster, workload, planner, settings, p -> { });
    }

    /**
     * @param cluster  the simulated nodes and network
     * @param workload the jobs to submit, each at its submit time; job ids must be unique
     * @param planner  the planner to run in lockstep with
     * @param settings heartbeat period and seed
     * @param progress told after every round
     */
    public Simulation(ClusterSpec cluster, List<Job> workload, PlannerLink planner, SimulationSettings settings,
                      Consumer<SimulationProgress> progress) {
        this.cluster = Objects.requireNonNull(cluster, "cluster");
        this.planner = Objects.requireNonNull(planner, "planner");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.progress = Objects.requireNonNull(progress, "progress");
        this.period = settings.heartbeatPeriod().toMillis();
        this.replicas = new ReplicaPlacement(cluster, generator(settings.seed()));
        this.digest = sha256();
        cluster.nodes().forEach(spec -> nodes.put(spec.nodeId(), new NodeRuntime(spec)));
        var ordered = workload.stream()
                .sorted(Comparator.comparing(Job::submitTime).thenComparing(Job::jobId))
                .toList();
        for (var job : ordered) {
            if (jobs.putIfAbsent(job.jobId(), new JobProgress(job)) != null) {
                throw new IllegalArgumentException("job ids must be unique, " + job.jobId() + " appears twice");
            }
            schedule(job.submitTime().toEpochMilli(), new Arrival(job));
        }
        finished = jobs.isEmpty();
    }

    /** The generator a run with {@code seed} draws from: {@code L64X128MixRandom}, an LXM generator of the JDK. */
    public static RandomGenerator generator(long seed) {
        return RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
    }

    /**
     * Runs one round (notes/lockstep.md steps 1 to 5).
     *
     * @return false, doing nothing, when the run had already finished
     */
    public boolean step() {
        if (finished) {
            return false;
        }
        long g = Math.floorDiv(events.element().time(), period) * period + period;
        var now = Instant.ofEpochMilli(g);
        var submitted = new ArrayList<Job>();
        var reports = new ArrayList<AttemptReport>();
        while (!events.isEmpty() && events.element().time() < g) {
            var next = events.remove();
            process(next.time(), next.event(), submitted, reports);
        }
        var heartbeats = new ArrayList<NodeState>();
        var utilization = new ArrayList<Utilization>();
        for (var node : nodes.values()) {
            heartbeats.add(node.heartbeat(now));
            utilization.addAll(node.utilization(now));
        }
        var placements = planner.round(new Round(now, submitted, reports, heartbeats, utilization));
        for (var placement : placements) {
            apply(g, placement);
        }
        timeline.add(timelinePoint(now));
        rounds++;
        lastRound = g;
        finished = jobsCompleted == jobs.size() || events.isEmpty();
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
                .map(JobProgress::completion)
                .flatMap(Optional::stream)
                .sorted(Comparator.comparing(JobCompletion::submitTime).thenComparing(JobCompletion::jobId))
                .toList();
        var unfinished = jobs.values().stream()
                .filter(p -> p.arrived() && !p.completed())
                .map(p -> p.job().jobId())
                .sorted()
                .toList();
        var times = completions.stream().map(c -> c.completionTime().toMillis()).sorted().toList();
        var mean = Duration.ZERO;
        var p50 = Duration.ZERO;
        var p95 = Duration.ZERO;
        var p99 = Duration.ZERO;
        var makespan = Duration.ZERO;
        if (!times.isEmpty()) {
            mean = Duration.ofMillis(Math.round(times.stream().mapToLong(Long::longValue).average().orElseThrow()));
            p50 = Duration.ofMillis(NearestRank.percentile(times, 50));
            p95 = Duration.ofMillis(NearestRank.percentile(times, 95));
            p99 = Duration.ofMillis(NearestRank.percentile(times, 99));
            var firstSubmit = jobs.values().iterator().next().job().submitTime();
            var lastFinish = completions.stream().map(JobCompletion::finishTime).max(Comparator.naturalOrder())
                    .orElseThrow();
            makespan = Duration.between(firstSubmit, lastFinish);
        }
        var end = rounds == 0 ? Instant.EPOCH : Instant.ofEpochMilli(lastRound);
        String hex;
        try {
            hex = HexFormat.of().formatHex(((MessageDigest) digest.clone()).digest());
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("SHA-256 digest cannot be cloned", e);
        }
        return new SimulationReport(cluster.name(), settings.seed(), jobsSubmitted, jobsCompleted, unfinished, tasks,
                decisions, duplicateDecisions, attempts, failedAttempts, killedAttempts, mapAttempts,
                remoteMapAttempts, completions, mean, p50, p95, p99, makespan, end, rounds, hex, timeline);
    }

    private TimelinePoint timelinePoint(Instant now) {
        int running = 0;
        double spare = 0;
        var byUser = new TreeMap<String, Integer>();
        for (var node : nodes.values()) {
            running += node.running().size();
            spare += node.spec().cpus();
            for (var attempt : node.running()) {
                byUser.merge(jobs.get(attempt.jobId()).job().user(), 1, Integer::sum);
            }
        }
        return new TimelinePoint(now, running, spare, 0, byUser);
    }

    private void process(long time, Event event, List<Job> submitted, List<AttemptReport> reports) {
        var at = Instant.ofEpochMilli(time);
        if (event instanceof Arrival arrival) {
            var job = arrival.job();
            var jobProgress = jobs.get(job.jobId());
            jobProgress.arrive();
            submitted.add(job);
            jobsSubmitted++;
            tasks += jobProgress.tasks();
            // Lay out the job's input now, in arrival order, so the draws do not depend on placements.
            job.group(TaskKind.MAP).ifPresent(group -> group.dataset()
                    .ifPresent(dataset -> replicas.replicas(dataset, group.firstChunk())));
        } else if (event instanceof Start start) {
            var a = start.attempt();
            reports.add(report(a.placement(), TaskOutcome.State.LAUNCHED, at, Optional.empty(), a.local(), 0,
                    Optional.empty()));
            schedule(time + a.timing().totalMillis(), new End(a));
        } else if (event instanceof End end) {
            var a = end.attempt();
            var p = a.placement();
            nodes.get(p.nodeId()).release(p);
            double cpuSeconds = a.timing().computeMillis() / 1000.0 * p.demand().cpus();
            reports.add(report(p, TaskOutcome.State.SUCCEEDED, at, Optional.of(Instant.ofEpochMilli(a.startMillis())),
                    a.local(), cpuSeconds, Optional.empty()));
            var job = jobs.get(p.jobId());
            if (job != null && job.succeeded(p.kind(), p.taskIndex(), at)) {
                jobsCompleted++;
            }
        } else if (event instanceof Rejected rejected) {
            reports.add(report(rejected.placement(), TaskOutcome.State.FAILED, at, Optional.empty(), true, 0,
                    Optional.of(rejected.reason())));
        } else {
            throw new IllegalStateException("unknown event " + event);
        }
    }

    private void apply(long g, Placement p) {
        if (!decisionIds.add(p.decisionId())) {
            duplicateDecisions++;
            log.warn("placement {} received twice; the second is ignored", p.decisionId());
            return;
        }
        decisions++;
        var node = nodes.get(p.nodeId());
        String failure = null;
        if (node == null) {
            failure = "unknown node " + p.nodeId();
        } else if (!(p.demand().cpus() > 0)) {
            failure = "demand of " + p.demand().cpus() + " cpus cannot run";
        } else if (!node.fits(p.demand())) {
            failure = AttemptReport.NODE_FULL;
        }
        if (failure != null) {
            failedAttempts++;
            schedule(g, new Rejected(p, failure));
            digest(p.decisionId() + ' ' + p.nodeId() + ' ' + g + " failed " + failure);
            return;
        }
        boolean local = p.kind() != TaskKind.MAP
                || p.chunk().map(c -> replicas.isLocal(c.dataset(), c.index(), p.nodeId())).orElse(true);
        var timing = AttemptTiming.of(p.inputBytes(), p.flopPerByte(), p.demand().cpus(), node.spec(), !local, cluster);
        long start = Math.max(g, p.notBefore().toEpochMilli());
        node.hold(p);
        attempts++;
        if (p.kind() == TaskKind.MAP) {
            mapAttempts++;
            if (!local) {
                remoteMapAttempts++;
            }
        }
        schedule(start, new Start(new RunningAttempt(p, local, timing, start)));
        digest(p.decisionId() + ' ' + p.nodeId() + ' ' + g + ' ' + start);
    }

    private static AttemptReport report(Placement p, TaskOutcome.State state, Instant time,
                                        Optional<Instant> startTime, boolean local, double cpuSeconds,
                                        Optional<String> reason) {
        var outcome = new TaskOutcome(p.decisionId(), p.jobId(), p.kind(), p.taskIndex(), p.attempt(), p.nodeId(),
                state, time);
        // A refused placement never ran: it read nothing and held nothing.
        boolean ran = state != TaskOutcome.State.FAILED;
        return new AttemptReport(outcome, startTime, local, ran ? p.inputBytes() : 0, cpuSeconds,
                ran ? p.demand().memoryBytes() : 0, reason);
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

    /** An attempt that holds its node from the round that placed it until it ends. */
    private record RunningAttempt(Placement placement, boolean local, AttemptTiming timing, long startMillis) {
    }

    private record Scheduled(long time, long seq, Event event) {
    }

    private sealed interface Event permits Arrival, Start, End, Rejected {
    }

    private record Arrival(Job job) implements Event {
    }

    private record Start(RunningAttempt attempt) implements Event {
    }

    private record End(RunningAttempt attempt) implements Event {
    }

    private record Rejected(Placement placement, String reason) implements Event {
    }
}
