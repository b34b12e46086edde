package io.gleaner.agent.core;

import io.gleaner.qos.core.CpuRam;
import io.gleaner.qos.core.NodeObservation;
import io.gleaner.qos.core.RunningAttempt;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * One node's agent, as decisions over plain records (docs/executor-protocol.md §5–§9): which placements it takes,
 * refuses or skips, what it offers in each heartbeat, the samples it sends, and the report each event of an attempt
 * produces. "Now" is a parameter; the adapters measure and run processes. Not thread-safe: the agent calls it under
 * one lock.
 */
public final class NodeAgent {

    private static final double CPU_EPSILON = 1e-9;
    private static final long MIB = 1L << 20;

    private final String nodeId;
    private final Slice slice;
    /** By decision id, so heartbeats list them in one order. */
    private final Map<String, Held> held = new TreeMap<>();
    private final Map<String, String> refused = new HashMap<>();
    private final Set<String> taken = new HashSet<>();
    private Instant incarnation;
    private Instant last;

    public NodeAgent(String nodeId, Slice slice) {
        this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
        this.slice = Objects.requireNonNull(slice, "slice");
        if (nodeId.isBlank()) {
            throw new IllegalArgumentException("nodeId must not be blank");
        }
    }

    /**
     * The event time of the next record this agent sends: {@code now}, or a millisecond after the previous one when
     * the clock has not moved on, so a node's heartbeat times strictly increase and no report precedes the one
     * before it (docs/executor-protocol.md §4).
     */
    public Instant stamp(Instant now) {
        // Whole milliseconds: the records carry milliseconds, and a placement's epoch is compared with them.
        var millis = Instant.ofEpochMilli(now.toEpochMilli());
        last = last == null || millis.isAfter(last) ? millis : last.plusMillis(1);
        return last;
    }

    /**
     * What to do with a placement read at {@code now} (§3, §6, §8): one for another node is refused with the reason
     * (the key was this node's, the value was not); one refused before is refused again, so a re-read gets the same
     * answer; one already taken, or decided before this run's first heartbeat, is skipped; then the refusal rules;
     * else it is held at once.
     */
    public Intake take(Placement placement, Usage usage, Instant now) {
        String id = placement.decisionId();
        if (!placement.nodeId().equals(nodeId)) {
            return refuse(placement, now, "placement for node " + placement.nodeId() + " reached the agent of node "
                    + nodeId);
        }
        if (refused.containsKey(id)) {
            return new Intake.Refuse(report(placement, ReportState.REFUSED, now, null, 0, 0,
                    "refused before: " + refused.get(id)));
        }
        if (taken.contains(id)) {
            return new Intake.Skip(id + " is already taken");
        }
        if (incarnation == null || placement.epoch().isBefore(incarnation)) {
            return new Intake.Skip(id + " answers a heartbeat before this run's first");
        }
        var why = refusal(placement, usage);
        if (why.isPresent()) {
            refused.put(id, why.get());
            return refuse(placement, now, why.get());
        }
        taken.add(id);
        var attempt = new Held(placement, now, null, null, false);
        held.put(id, attempt);
        return new Intake.Take(attempt);
    }

    private Intake refuse(Placement placement, Instant now, String reason) {
        return new Intake.Refuse(report(placement, ReportState.REFUSED, now, null, 0, 0, reason));
    }

    /** Why this agent will not run {@code placement} now, if it will not (§8). */
    Optional<String> refusal(Placement placement, Usage usage) {
        if (placement.command().isEmpty()) {
            return Optional.of(placement.image() != null
                    ? "this agent runs processes, not images (" + placement.image() + ")"
                    : "the placement has no task spec with a command");
        }
        if (held.size() >= slice.slots()) {
            return Optional.of("node full: all " + slice.slots() + " slots taken");
        }
        var free = free(usage);
        var demand = placement.demand();
        if (demand.cpus() > free.cpus() + CPU_EPSILON || demand.ramBytes() > free.ramBytes()) {
            return Optional.of(String.format(Locale.ROOT, "node full: demand %s cpus, %d MiB; free %.2f cpus, %d MiB",
                    demand.cpus(), demand.ramBytes() / MIB, free.cpus(), free.ramBytes() / MIB));
        }
        return Optional.empty();
    }

    /**
     * What Gleaner may place now (§5): the slice less the owners' use of it, less the QoS safety margin, less what
     * the held attempts hold; each at least 0.
     */
    public CpuRam free(Usage usage) {
        var capacity = slice.capacity();
        double cpus = capacity.cpus() - usage.owners().cpus() - slice.cpuMargin() * capacity.cpus();
        long ram = capacity.ramBytes() - usage.owners().ramBytes()
                - (long) Math.ceil(slice.ramMargin() * capacity.ramBytes());
        for (var attempt : held.values()) {
            cpus -= attempt.placement().demand().cpus();
            ram -= attempt.placement().demand().ramBytes();
        }
        return new CpuRam(Math.max(0, cpus), Math.max(0, ram));
    }

    /** The heartbeat to send at {@code now}; the first one starts this run (its incarnation). */
    public Offer heartbeat(Instant now, Usage usage) {
        var time = stamp(now);
        if (incarnation == null) {
            incarnation = time;
        }
        return new Offer(time, slice.capacity(), free(usage), slice.slots(), slice.slots() - held.size(),
                new ArrayList<>(held.keySet()));
    }

    /**
     * The samples of one measurement (§5), fractions of the slice: CPU and MEMORY of the owners ({@code REGULAR}),
     * of the attempts ({@code EPHEMERAL}, what their processes use, so at most a CPU limit that is enforced) and of
     * both ({@code TOTAL}).
     */
    public List<Sample> samples(Usage usage) {
        var capacity = slice.capacity();
        var tasks = usage.tasks();
        double ownersCpu = fraction(usage.owners().cpus(), capacity.cpus());
        double tasksCpu = fraction(tasks.cpus(), capacity.cpus());
        double ownersRam = fraction(usage.owners().ramBytes(), capacity.ramBytes());
        double tasksRam = fraction(tasks.ramBytes(), capacity.ramBytes());
        return List.of(new Sample("CPU", "REGULAR", ownersCpu), new Sample("MEMORY", "REGULAR", ownersRam),
                new Sample("CPU", "EPHEMERAL", tasksCpu), new Sample("MEMORY", "EPHEMERAL", tasksRam),
                new Sample("CPU", "TOTAL", Math.min(1, ownersCpu + tasksCpu)),
                new Sample("MEMORY", "TOTAL", Math.min(1, ownersRam + tasksRam)));
    }

    private static double fraction(double used, double capacity) {
        return Math.min(1, Math.max(0, used / capacity));
    }

    /** The attempt's process started at {@code now}: its LAUNCHED report, if the agent still holds it. */
    public Optional<Report> launched(String decisionId, Instant now) {
        var attempt = held.get(decisionId);
        if (attempt == null) {
            return Optional.empty();
        }
        var time = stamp(now);
        held.put(decisionId, attempt.launched(time));
        return Optional.of(report(attempt.placement(), ReportState.LAUNCHED, time, null, 0, 0, null));
    }

    /**
     * The attempt's process ended (§7): KILLED when the agent was told to kill it, SUCCEEDED on exit 0, else FAILED
     * with the exit code and the tail of stderr, or with "unknown" when it ended while the agent was away and left no
     * code. Empty when the agent no longer holds it.
     */
    public Optional<Report> ended(String decisionId, Ending ending, Instant now) {
        var attempt = held.remove(decisionId);
        if (attempt == null) {
            return Optional.empty();
        }
        var time = stamp(now);
        ReportState state;
        String reason;
        if (attempt.killReason() != null) {
            state = attempt.failed() ? ReportState.FAILED : ReportState.KILLED;
            reason = attempt.killReason();
        } else if (ending.exitCode() == null) {
            state = ReportState.FAILED;
            reason = "exit code unknown: the process left no exit status (killed with its wrapper, or ended while "
                    + "the agent was away)";
        } else if (ending.exitCode() == 0) {
            state = ReportState.SUCCEEDED;
            reason = null;
        } else {
            state = ReportState.FAILED;
            reason = ending.exitCode() > 128
                    ? "exit code " + ending.exitCode() + " (signal " + (ending.exitCode() - 128) + ")"
                    : "exit code " + ending.exitCode();
            if (!ending.stderrTail().isBlank()) {
                reason += ": " + ending.stderrTail().strip();
            }
        }
        return Optional.of(report(attempt.placement(), state, time, attempt.startTime(), ending.cpuSeconds(),
                ending.memoryBytes(), reason));
    }

    /** The attempt could not be started (no such program, an output it cannot write): FAILED with the reason. */
    public Optional<Report> couldNotStart(String decisionId, String reason, Instant now) {
        var attempt = held.remove(decisionId);
        if (attempt == null) {
            return Optional.empty();
        }
        return Optional.of(report(attempt.placement(), ReportState.FAILED, stamp(now), null, 0, 0,
                "could not start: " + reason));
    }

    /**
     * Marks the attempt to be killed for {@code reason}; its end is then reported KILLED with it (§9). Empty when
     * the agent does not hold it (an action for an attempt that ended is skipped).
     */
    public Optional<Held> kill(String decisionId, String reason) {
        var attempt = held.get(decisionId);
        if (attempt == null) {
            return Optional.empty();
        }
        var killing = attempt.killing(reason, false);
        held.put(decisionId, killing);
        return Optional.of(killing);
    }

    /**
     * The per-attempt memory limit without a cgroup: every launched attempt whose processes hold more RAM than it
     * was placed with ({@code demand}) is marked to be killed, its end to be reported FAILED (the task's fault, so it
     * counts against the attempt limit instead of being placed again for ever, as YARN counts a container killed for
     * its memory). Those marked now, in decision id order.
     */
    public List<Held> overMemory(Usage usage) {
        var over = new ArrayList<Held>();
        for (var attempt : held.values()) {
            var use = usage.attempts().get(attempt.placement().decisionId());
            long limit = attempt.placement().demand().ramBytes();
            if (use == null || attempt.killReason() != null || limit <= 0 || use.ramBytes() <= limit) {
                continue;
            }
            var marked = attempt.killing("killed by the agent: its processes held " + use.ramBytes() / MIB
                    + " MiB, more than the " + limit / MIB + " MiB it was placed with", true);
            held.put(attempt.placement().decisionId(), marked);
            over.add(marked);
        }
        return over;
    }

    /**
     * Takes back an attempt a previous run of this agent left running (found by its pid file); its decision id is
     * taken, so a re-read placement does not start it twice.
     */
    public Held adopt(Placement placement, Instant takenAt, Instant startTime) {
        taken.add(placement.decisionId());
        var attempt = new Held(placement, takenAt, startTime, null, false);
        held.put(placement.decisionId(), attempt);
        return attempt;
    }

    public Optional<Held> held(String decisionId) {
        return Optional.ofNullable(held.get(decisionId));
    }

    /** Every held attempt, by decision id. */
    public Collection<Held> held() {
        return List.copyOf(held.values());
    }

    /**
     * What the QoS controller needs of this node at {@code time} (Salamander §III-D, Algorithm 3 lines 1–4), for
     * {@code --qos local}: the slice, the owners' and the attempts' use, each launched attempt with its use and the
     * time it was taken (the kill order), and the CPU limit in force.
     */
    public NodeObservation observation(Instant time, Usage usage, double cpuLimitCores) {
        var attempts = new ArrayList<RunningAttempt>();
        for (var attempt : held.values()) {
            var use = usage.attempts().getOrDefault(attempt.placement().decisionId(), CpuRam.NONE);
            attempts.add(new RunningAttempt(attempt.placement().decisionId(), attempt.takenAt(), use.cpus(),
                    use.ramBytes()));
        }
        return new NodeObservation(nodeId, time, slice.capacity(), usage.owners(), usage.tasks(), attempts,
                Math.min(cpuLimitCores, slice.capacity().cpus()));
    }

    private Report report(Placement placement, ReportState state, Instant time, Instant startTime, double cpuSeconds,
                          long memoryBytes, String reason) {
        return new Report(placement, nodeId, state, time, startTime, cpuSeconds, memoryBytes, reason);
    }

    /** How long after {@code now} the attempt may start (its {@code notBefore}), zero when it may start now. */
    public static Duration untilStart(Placement placement, Instant now) {
        var wait = Duration.between(now, placement.notBefore());
        return wait.isNegative() ? Duration.ZERO : wait;
    }
}
