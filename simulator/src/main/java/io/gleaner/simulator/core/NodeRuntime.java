package io.gleaner.simulator.core;

import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.qos.core.NodeObservation;
import io.gleaner.qos.core.RunningAttempt;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * One node during a run: the owners' current use, the attempts holding it, the CPU share its computing attempts get,
 * and how long its owners were short of CPU because of them.
 *
 * <p>The rules (issue "evaluation bench", item 2): Gleaner's attempts only get what the owners leave; when the
 * owners' RAM plus the attempts' RAM exceeds the node's, attempts are killed, latest started first (ties: larger
 * decision id first), until the rest fit, as an out-of-memory killer that protects the owners would; CPU is shared
 * in proportion ({@link TaskModel#cpuShare}).
 *
 * <p>Under a QoS controller ({@link SimulationSettings#qos}) the node also has a CPU limit on its attempts, in cores
 * ({@link #limitCpu}): the computing attempts together use at most the limit, shared in proportion to their demand,
 * and that capped demand then shares the cores with the owners as above (a cgroup quota under a fair kernel
 * scheduler); and it offers the planner only what the controller lets tasks keep, Salamander's Eq. 1 with the
 * owners' current use: {@code capacity - owners - margin - held} ({@link #withSafetyMargin}).
 */
final class NodeRuntime {

    /** Why an attempt was killed when the owners took its memory back. */
    static final String OWNERS_RECLAIMED_MEMORY = "owners reclaimed memory";

    private static final Comparator<Attempt> LATEST_STARTED_FIRST = Comparator
            .comparingLong((Attempt a) -> a.startMillis).reversed()
            .thenComparing(Attempt::decisionId, Comparator.reverseOrder());

    private final NodeSpec spec;
    private final CpuMemory capacity;
    private final TreeMap<String, Attempt> running = new TreeMap<>();
    private CpuMemory held = CpuMemory.NONE;
    private double ownerCpuFraction;
    private double ownerMemoryFraction;
    private double share = 1.0;
    private double cpuLimit = Double.POSITIVE_INFINITY;
    private double marginCpus;
    private long marginBytes;
    private long accountedAt = Long.MIN_VALUE;
    private long violationMillis;
    private double shortfallCoreMillis;

    NodeRuntime(NodeSpec spec) {
        this.spec = spec;
        this.capacity = new CpuMemory(spec.cpus(), spec.memoryBytes());
    }

    NodeSpec spec() {
        return spec;
    }

    /** Keeps {@code cpus} cores and {@code bytes} of RAM out of what the node offers the planner. */
    void withSafetyMargin(double cpus, long bytes) {
        marginCpus = cpus;
        marginBytes = bytes;
    }

    /**
     * Sets the CPU limit on the attempts at {@code time}.
     *
     * @return the attempts whose rate changed, whose ends must be rescheduled
     */
    List<Attempt> limitCpu(double cores, long time) {
        if (!(cores >= 0)) {
            throw new IllegalArgumentException("a CPU limit must be >= 0, was " + cores + " on " + spec.nodeId());
        }
        account(time);
        cpuLimit = cores;
        return rebalance(time);
    }

    /** The CPU limit on the attempts in force, in cores; +Infinity when none was ever set. */
    double cpuLimit() {
        return cpuLimit;
    }

    /**
     * What the QoS controller sees of the node at {@code time}: capacity, the owners' use (may exceed the capacity),
     * what the attempts use now (the cores they get, the RAM they hold), each running attempt with the time it starts
     * as its scheduling time, and the CPU limit in force (the capacity when none was set).
     */
    NodeObservation observation(long time) {
        var attempts = new ArrayList<RunningAttempt>(running.size());
        for (var attempt : running.values()) {
            double cpus = attempt.computing() ? attempt.cpus() * share : 0;
            attempts.add(new RunningAttempt(attempt.decisionId(), Instant.ofEpochMilli(attempt.startMillis), cpus,
                    attempt.placement.demand().memoryBytes()));
        }
        return new NodeObservation(spec.nodeId(), Instant.ofEpochMilli(time),
                new io.gleaner.qos.core.CpuRam(spec.cpus(), spec.memoryBytes()),
                new io.gleaner.qos.core.CpuRam(ownerCpus(), ownerMemoryBytes()),
                new io.gleaner.qos.core.CpuRam(taskCpus(), held.memoryBytes()),
                attempts, Math.min(cpuLimit, spec.cpus()));
    }

    /**
     * The cores the computing attempts get together: their demand, capped by the limit, times the kernel's share.
     * Computed as a whole rather than summed per attempt, so that attempts held at a limit L use exactly L, not L plus
     * a rounding error that the controller would take for a new excess and throttle again every period.
     */
    private double taskCpus() {
        double effective = Math.min(computingCpus(), cpuLimit);
        return effective * TaskModel.cpuShare(ownerCpus(), effective, spec.cpus());
    }

    /** The attempt {@code decisionId} holding the node, or null. */
    Attempt attempt(String decisionId) {
        return running.get(decisionId);
    }

    /** Whether an attempt holding {@code demand} fits now: a free slot, and the cpus and memory the owners leave. */
    boolean fits(CpuMemory demand) {
        return running.size() < spec.slots() && free().fits(demand);
    }

    void hold(Attempt attempt) {
        if (!fits(attempt.placement.demand())) {
            throw new IllegalStateException(attempt.decisionId() + " does not fit node " + spec.nodeId());
        }
        running.put(attempt.decisionId(), attempt);
        held = held.plus(attempt.placement.demand());
    }

    /**
     * Starts computing {@code attempt} at {@code time}.
     *
     * @return the attempts whose rate changed (this one included), whose ends must be (re)scheduled
     */
    List<Attempt> startComputing(Attempt attempt, long time) {
        account(time);
        attempt.startComputing(time);
        return rebalance(time);
    }

    /**
     * Ends {@code attempt} at {@code time}, successfully or not, and releases what it held.
     *
     * @return the attempts whose rate changed, whose ends must be rescheduled
     */
    List<Attempt> finish(Attempt attempt, long time) {
        account(time);
        attempt.end(time, share);
        if (running.remove(attempt.decisionId()) == null) {
            throw new IllegalStateException(attempt.decisionId() + " is not running on node " + spec.nodeId());
        }
        held = held.minus(attempt.placement.demand());
        return rebalance(time);
    }

    /**
     * The owners' use changes at {@code time}: attempts that no longer fit in memory are killed, the rest get the
     * new CPU share.
     *
     * @param killed receives the attempts killed, latest started first
     * @return the attempts whose rate changed, whose ends must be rescheduled
     */
    List<Attempt> owners(OwnerSample sample, long time, List<Attempt> killed) {
        account(time);
        ownerCpuFraction = sample.cpu();
        ownerMemoryFraction = sample.memory();
        if (ownerMemoryBytes() + held.memoryBytes() > spec.memoryBytes()) {
            var victims = new ArrayList<>(running.values());
            victims.sort(LATEST_STARTED_FIRST);
            for (var victim : victims) {
                if (ownerMemoryBytes() + held.memoryBytes() <= spec.memoryBytes()) {
                    break;
                }
                victim.end(time, share);
                running.remove(victim.decisionId());
                held = held.minus(victim.placement.demand());
                killed.add(victim);
            }
        }
        return rebalance(time);
    }

    /** The attempts holding the node, by decision id. */
    Collection<Attempt> running() {
        return running.values();
    }

    /** Cores the owners ask for now; may exceed the node's. */
    double ownerCpus() {
        return ownerCpuFraction * spec.cpus();
    }

    /** Cores the owners leave to Gleaner, whether its attempts use them or not. */
    double spareCpus() {
        return Math.max(0, spec.cpus() - ownerCpus());
    }

    /** Time the owners were short of CPU up to {@code time}, in milliseconds. */
    long violationMillis(long time) {
        return violationMillis + (shortNow() > 0 ? pendingMillis(time) : 0);
    }

    /** CPU the owners were short of up to {@code time}, in core-seconds. */
    double shortfallCoreSeconds(long time) {
        return (shortfallCoreMillis + shortNow() * pendingMillis(time)) / 1000.0;
    }

    /** Time since the last change, not yet accounted; 0 before the first change. */
    private long pendingMillis(long time) {
        return accountedAt == Long.MIN_VALUE || time <= accountedAt ? 0 : time - accountedAt;
    }

    /** The node's heartbeat at {@code time}: capacity, what is free, and the running attempts by decision id. */
    NodeState heartbeat(Instant time) {
        return new NodeState(spec.nodeId(), time, spec.rack(), spec.labels(), capacity, spec.speedGflops(),
                spec.slots(), free(), spec.slots() - running.size(), List.copyOf(running.keySet()));
    }

    /**
     * Use as a share of capacity: the owners' (REGULAR) and Gleaner's attempts' (EPHEMERAL), per metric. The attempts'
     * CPU is the cores they get, as a node's CPU accounting measures it, not the cores they hold: held at a limit, they
     * use the limit, and a controller reading the cores they hold would throttle them again on every sample.
     */
    List<Utilization> utilization(Instant time) {
        return List.of(
                sample(time, Utilization.Metric.CPU, Utilization.Source.REGULAR, ownerCpuFraction),
                sample(time, Utilization.Metric.MEMORY, Utilization.Source.REGULAR, ownerMemoryFraction),
                sample(time, Utilization.Metric.CPU, Utilization.Source.EPHEMERAL, taskCpus() / capacity.cpus()),
                sample(time, Utilization.Metric.MEMORY, Utilization.Source.EPHEMERAL,
                        (double) held.memoryBytes() / capacity.memoryBytes()));
    }

    private Utilization sample(Instant time, Utilization.Metric metric, Utilization.Source source, double share) {
        return Utilization.clamped(spec.nodeId(), time, metric, source, share);
    }

    private long ownerMemoryBytes() {
        return Math.round(ownerMemoryFraction * spec.memoryBytes());
    }

    private CpuMemory free() {
        double cpus = Math.max(0, spec.cpus() - ownerCpus() - marginCpus - held.cpus());
        long memory = Math.max(0, spec.memoryBytes() - ownerMemoryBytes() - marginBytes - held.memoryBytes());
        return new CpuMemory(cpus, memory);
    }

    private double computingCpus() {
        double cpus = 0;
        for (var attempt : running.values()) {
            if (attempt.computing()) {
                cpus += attempt.cpus();
            }
        }
        return cpus;
    }

    private double shortNow() {
        return TaskModel.ownerShortfall(ownerCpus(), Math.min(computingCpus(), cpuLimit), spec.cpus());
    }

    /** Accumulates the owners' shortfall since the last change; the state was constant since then. */
    private void account(long time) {
        if (accountedAt != Long.MIN_VALUE && time > accountedAt) {
            double shortCores = shortNow();
            if (shortCores > 0) {
                violationMillis += time - accountedAt;
                shortfallCoreMillis += shortCores * (time - accountedAt);
            }
        }
        accountedAt = Math.max(accountedAt, time);
    }

    private List<Attempt> rebalance(long time) {
        double previous = share;
        double demand = computingCpus();
        if (demand <= cpuLimit) {
            share = TaskModel.cpuShare(ownerCpus(), demand, spec.cpus());
        } else {
            // The limit caps the attempts' demand; each gets its part of the limit, then the kernel's share of it.
            share = cpuLimit / demand * TaskModel.cpuShare(ownerCpus(), cpuLimit, spec.cpus());
        }
        var changed = new ArrayList<Attempt>();
        for (var attempt : running.values()) {
            if (attempt.computing()
                    && attempt.rate(time, TaskModel.flopsPerSecond(spec, attempt.cpus(), share), previous)) {
                changed.add(attempt);
            }
        }
        return changed;
    }
}
