package io.gleaner.agent;

import io.gleaner.agent.core.Absence;
import io.gleaner.agent.core.Ending;
import io.gleaner.agent.core.Intake;
import io.gleaner.agent.core.NodeAgent;
import io.gleaner.agent.core.Placement;
import io.gleaner.agent.core.Report;
import io.gleaner.agent.core.Usage;
import io.gleaner.agent.host.AttemptProcess;
import io.gleaner.agent.host.CgroupLimiter;
import io.gleaner.agent.host.AttemptLimiter;
import io.gleaner.agent.host.DutyCycleLimiter;
import io.gleaner.agent.host.NodeMeter;
import io.gleaner.agent.host.NodeShare;
import io.gleaner.agent.host.ProcFs;
import io.gleaner.agent.kafka.AgentLink;
import io.gleaner.agent.kafka.AvroMapping;
import io.gleaner.qos.QosRecords;
import io.gleaner.qos.core.CpuRam;
import io.gleaner.qos.core.NodeControl;
import io.gleaner.qos.core.QosController;
import io.gleaner.runtime.metrics.MetricsServer;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.QosAction;
import io.gleaner.schemas.avro.QosActionKind;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Instant;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running node agent (docs/agent.md): wires the core ({@link NodeAgent}) to the node ({@link NodeMeter},
 * {@link AttemptProcess}, {@link AttemptLimiter}) and to Kafka ({@link AgentLink}). Every change of state happens under
 * this object's lock; the heartbeat runs on a scheduler thread, placements and actions on the reader thread, ends
 * on the JDK's process-exit threads.
 */
public final class Agent implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Agent.class);
    /** When this node last heartbeat, so that a restart knows how long it was away. */
    static final String LAST_HEARTBEAT_FILE = "last-heartbeat";

    private final AgentSettings settings;
    private final NodeAgent core;
    private final NodeMeter meter;
    private final AttemptLimiter limiter;
    private final AgentLink link;
    private final InstantSource clock;
    private final ScheduledExecutorService scheduler;
    private final Optional<QosController> localController;
    private final Map<String, AttemptProcess> processes = new HashMap<>();
    private final Map<String, ScheduledFuture<?>> waiting = new HashMap<>();
    private final Map<String, NodeMeter.AttemptUse> lastUse = new HashMap<>();
    private final Map<String, Long> peakRss = new HashMap<>();
    private final Thread reader;
    private Usage usage = Usage.NONE;
    private double cpuLimit = Double.POSITIVE_INFINITY;
    private Optional<NodeControl> control = Optional.empty();
    private boolean closed;

    private Agent(AgentSettings settings, Topics topics, Map<String, ?> kafka, SchemaRegistryClient registry,
                  NodeShare share, InstantSource clock) {
        this.settings = settings;
        this.clock = clock;
        this.core = new NodeAgent(settings.nodeId(), settings.slice());
        this.meter = new NodeMeter(ProcFs.system(), share, settings.nodeId() + "@" + System.identityHashCode(this),
                Runtime.getRuntime().availableProcessors());
        this.limiter = settings.cgroupParent().or(CgroupLimiter::delegatedParent)
                .flatMap(parent -> CgroupLimiter.under(parent, settings.nodeId()))
                .<AttemptLimiter>map(l -> l)
                .orElseGet(() -> new DutyCycleLimiter(settings.nodeId()));
        this.localController = settings.qos() == AgentSettings.Qos.LOCAL
                ? Optional.of(QosController.of(settings.controller().mode(), settings.controller().settings()))
                : Optional.empty();
        this.link = new AgentLink(settings.nodeId(), topics, kafka, registry);
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            var thread = new Thread(r, "gleaner-agent-" + settings.nodeId());
            thread.setDaemon(true);
            return thread;
        });
        this.reader = new Thread(() -> link.read(this::onPlacement, this::onAction),
                "gleaner-agent-reader-" + settings.nodeId());
    }

    /**
     * Starts an agent: takes back what a previous run on the same work directory left (reporting the attempts that
     * ended meanwhile, keeping those still running), then reads its placements and heartbeats every period.
     *
     * @param kafka Kafka client properties for its producer and consumer: at least {@code bootstrap.servers}, and
     *              any security settings ({@code --kafka-config})
     * @param share what the attempts of the other agents in this JVM use (one per node; a fresh one when alone)
     * @param clock event times of what it sends; a live agent's is the system clock
     */
    public static Agent start(AgentSettings settings, Topics topics, Map<String, ?> kafka,
                              SchemaRegistryClient registry, NodeShare share, InstantSource clock) {
        var agent = new Agent(settings, topics, kafka, registry, share, clock);
        try {
            Files.createDirectories(settings.workDir());
            agent.recover();
            agent.link.assign();
            agent.reader.start();
            long period = settings.heartbeat().toMillis();
            agent.scheduler.scheduleAtFixedRate(agent::beat, 0, period, TimeUnit.MILLISECONDS);
            log.info("agent {}: {}; QoS actions {}", settings.nodeId(), agent.mechanism(), agent.qosSource());
            return agent;
        } catch (IOException | RuntimeException e) {
            agent.close();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    /** Serves this agent's Kafka producer metrics on {@code metrics} ({@link AgentLink#addTo}). */
    public void addTo(MetricsServer metrics) {
        link.addTo(metrics);
    }

    /** Which CPU limit mechanism is active, for the start-up line. */
    public String mechanism() {
        return limiter.mechanism();
    }

    /** Who decides this node's QoS actions, for the start-up line. */
    public String qosSource() {
        return settings.qos() == AgentSettings.Qos.LOCAL
                ? "decided here (" + settings.controller().mode().configValue() + ")"
                : "read from qos.actions (the QoS stage)";
    }

    /** The attempts held now, by decision id. */
    public synchronized List<String> held() {
        return core.held().stream().map(h -> h.placement().decisionId()).toList();
    }

    /** The pids of a held attempt's process tree, empty when it has none. */
    public synchronized List<Long> pids(String decisionId) {
        var process = processes.get(decisionId);
        return process == null ? List.of() : process.pids();
    }

    private void recover() throws IOException {
        var absence = new Absence(lastHeartbeat(), clock.instant());
        boolean lost = absence.lost(settings.heartbeat());
        for (var left : AttemptProcess.findLeft(settings.workDir())) {
            var placement = left.placement();
            if (!placement.nodeId().equals(settings.nodeId())) {
                continue;
            }
            synchronized (this) {
                core.adopt(placement, left.takenAt(), left.startTime());
                if (left.running().isPresent() && lost) {
                    var process = left.running().get();
                    core.kill(placement.decisionId(), absence.reason(settings.heartbeat()));
                    process.kill();
                    process.onExit().join();
                    core.ended(placement.decisionId(), new Ending(null, "", 0, 0), clock.instant())
                            .ifPresent(this::send);
                    AttemptProcess.markReported(left.dir());
                    log.info("agent {}: killed {} (pid {}): {}", settings.nodeId(), placement.decisionId(),
                            process.pid(), absence.reason(settings.heartbeat()));
                } else if (left.running().isPresent()) {
                    var process = left.running().get();
                    // A duty cycle may have stopped it when the previous run died.
                    process.resume();
                    track(placement, process);
                    log.info("agent {}: {} still runs (pid {}), kept", settings.nodeId(), placement.decisionId(),
                            process.pid());
                } else {
                    var ending = new Ending(AttemptProcess.exitCode(left.dir()).orElse(null),
                            AttemptProcess.stderrTail(left.dir()), 0, 0);
                    core.ended(placement.decisionId(), ending, clock.instant()).ifPresent(this::send);
                    AttemptProcess.markReported(left.dir());
                }
            }
        }
    }

    /** The previous run's last heartbeat time, from {@value #LAST_HEARTBEAT_FILE} in the work directory. */
    private Optional<Instant> lastHeartbeat() {
        try {
            var file = settings.workDir().resolve(LAST_HEARTBEAT_FILE);
            return Files.exists(file)
                    ? Optional.of(Instant.ofEpochMilli(Long.parseLong(Files.readString(file).strip())))
                    : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private void beat() {
        try {
            Map<String, AttemptProcess> running;
            synchronized (this) {
                if (closed) {
                    return;
                }
                running = Map.copyOf(processes);
            }
            // Measured outside the lock, so that a placement or a kill never waits for /proc to be read.
            var measurement = meter.measure(AttemptProcess.trees(running), System.nanoTime());
            synchronized (this) {
                if (closed) {
                    return;
                }
                var attempts = new HashMap<String, CpuRam>();
                measurement.attempts().forEach((id, use) -> {
                    if (processes.containsKey(id)) {
                        attempts.put(id, new CpuRam(use.cores(), use.rssBytes()));
                        lastUse.put(id, use);
                        peakRss.merge(id, use.rssBytes(), Math::max);
                    }
                });
                var owners = settings.owners() == AgentSettings.Owners.MEASURED
                        ? settings.slice().ownersIn(measurement.node(), measurement.ownersOnNode()) : CpuRam.NONE;
                usage = new Usage(owners, attempts);
                for (var over : core.overMemory(usage)) {
                    var process = processes.get(over.placement().decisionId());
                    if (process != null) {
                        log.info("agent {}: {}", settings.nodeId(), over.killReason());
                        process.kill();
                    }
                }
                limiter.measured(measurement.tasks().cpus());
                var offer = core.heartbeat(clock.instant(), usage);
                link.send(offer, settings.facts());
                Files.writeString(settings.workDir().resolve(LAST_HEARTBEAT_FILE),
                        Long.toString(offer.time().toEpochMilli()));
                log.debug("agent {}: owners {}, attempts {}, free {}", settings.nodeId(), usage.owners(),
                        usage.tasks(), offer.free());
                link.send(offer.time(), core.samples(usage));
                if (localController.isPresent()) {
                    var tick = localController.get().tick(core.observation(offer.time(), usage, cpuLimit), control);
                    if (tick.isPresent()) {
                        control = Optional.of(tick.get().control());
                        tick.get().actions().forEach(this::apply);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            log.error("agent {}: heartbeat failed, trying again next period", settings.nodeId(), e);
        }
    }

    private void onPlacement(PlacementDecision decision) {
        var placement = AvroMapping.placement(decision);
        synchronized (this) {
            if (closed) {
                return;
            }
            var intake = core.take(placement, usage, clock.instant());
            if (intake instanceof Intake.Refuse refuse) {
                log.info("agent {}: refused {}: {}", settings.nodeId(), placement.decisionId(),
                        refuse.report().reason());
                send(refuse.report());
            } else if (intake instanceof Intake.Skip skip) {
                log.debug("agent {}: skipped: {}", settings.nodeId(), skip.why());
            } else {
                var wait = NodeAgent.untilStart(placement, clock.instant());
                waiting.put(placement.decisionId(), scheduler.schedule(() -> launch(placement.decisionId()),
                        wait.toMillis(), TimeUnit.MILLISECONDS));
            }
        }
    }

    private synchronized void launch(String decisionId) {
        waiting.remove(decisionId);
        var held = core.held(decisionId);
        if (closed || held.isEmpty() || held.get().startTime() != null) {
            return;
        }
        var placement = held.get().placement();
        var dir = AttemptProcess.directory(settings.workDir(), decisionId);
        var cannot = AttemptProcess.cannotStart(placement, settings.environment(), dir);
        if (cannot.isPresent()) {
            log.info("agent {}: {} cannot start: {}", settings.nodeId(), decisionId, cannot.get());
            core.couldNotStart(decisionId, cannot.get(), clock.instant()).ifPresent(this::send);
            return;
        }
        var now = clock.instant();
        AttemptProcess process;
        try {
            process = AttemptProcess.start(placement, dir, settings.environment(), held.get().takenAt(), now);
        } catch (IOException | RuntimeException e) {
            core.couldNotStart(decisionId, e.toString(), now).ifPresent(this::send);
            return;
        }
        core.launched(decisionId, now).ifPresent(this::send);
        track(placement, process);
    }

    private void track(Placement placement, AttemptProcess process) {
        var decisionId = placement.decisionId();
        processes.put(decisionId, process);
        limiter.add(process, placement.demand().ramBytes());
        process.onExit().thenRun(() -> exited(decisionId, process));
    }

    private synchronized void exited(String decisionId, AttemptProcess process) {
        if (processes.get(decisionId) != process) {
            return;
        }
        processes.remove(decisionId);
        limiter.remove(process);
        var use = lastUse.remove(decisionId);
        long rss = Optional.ofNullable(peakRss.remove(decisionId)).orElse(0L);
        var ending = new Ending(process.exitCode().orElse(null), process.stderrTail(),
                use == null ? 0 : use.cpuSeconds(), rss);
        core.ended(decisionId, ending, clock.instant()).ifPresent(this::send);
        AttemptProcess.markReported(process.dir());
        notifyAll();
    }

    /**
     * An action read from {@code qos.actions}: one of a kind this build does not know is skipped (protocol §2); one
     * whose fields do not fit its kind throws, naming them, and the reader dead-letters it.
     */
    private void onAction(QosAction action) {
        if (!settings.nodeId().equals(action.getNodeId())
                || action.getAction() == QosActionKind.UNKNOWN) {
            return;
        }
        apply(QosRecords.fromAvro(action));
    }

    /** Applies one QoS action to this node (docs/executor-protocol.md §9). */
    private synchronized void apply(io.gleaner.qos.core.QosAction action) {
        if (closed) {
            return;
        }
        switch (action.kind()) {
            case THROTTLE_CPU, RAISE_CPU_LIMIT -> {
                cpuLimit = action.cpuLimitCores();
                limiter.limit(cpuLimit);
                log.info("agent {}: {} to {} cores: {}", settings.nodeId(), action.kind(), cpuLimit, action.reason());
            }
            case KILL_TASK -> {
                if (kill(action.decisionId(), "killed by the QoS controller: " + action.reason())) {
                    log.info("agent {}: killing {}: {}", settings.nodeId(), action.decisionId(), action.reason());
                }
            }
            default -> {
            }
        }
    }

    /** Kills a held attempt; its end is reported KILLED with {@code reason}. False when it is not held. */
    private boolean kill(String decisionId, String reason) {
        if (core.kill(decisionId, reason).isEmpty()) {
            return false;
        }
        var process = processes.get(decisionId);
        if (process != null) {
            process.kill();
        } else {
            var launch = waiting.remove(decisionId);
            if (launch != null) {
                launch.cancel(false);
            }
            core.ended(decisionId, new Ending(null, "", 0, 0), clock.instant()).ifPresent(this::send);
        }
        return true;
    }

    private void send(Report report) {
        link.send(report);
    }

    /**
     * Stops: no more placements, every attempt's process tree killed and reported KILLED (so the planner places them
     * again at once), what was sent flushed. A {@code kill -9} skips all this, and the next run takes them back.
     */
    @Override
    public void close() {
        link.stopReading();
        synchronized (this) {
            if (closed) {
                return;
            }
            for (var id : List.copyOf(processes.keySet())) {
                kill(id, "the agent of node " + settings.nodeId() + " stopped");
            }
            for (var id : List.copyOf(waiting.keySet())) {
                kill(id, "the agent of node " + settings.nodeId() + " stopped");
            }
        }
        synchronized (this) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            // The exit callbacks report each end; wait for them (they notify) so no KILLED report is lost.
            while (!processes.isEmpty() && System.nanoTime() < deadline) {
                try {
                    wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            if (!processes.isEmpty()) {
                log.warn("agent {}: {} did not end within 5 s of SIGKILL", settings.nodeId(), processes.keySet());
            }
        }
        synchronized (this) {
            closed = true;
        }
        scheduler.shutdownNow();
        limiter.close();
        meter.close();
        link.close();
    }

}
