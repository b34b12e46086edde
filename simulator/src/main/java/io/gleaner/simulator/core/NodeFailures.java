package io.gleaner.simulator.core;

import io.gleaner.ingest.replay.TraceTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Which nodes of a simulated cluster fail in a run, and when (docs/node-liveness.md): a schedule, a rate, or both.
 * {@link #of} turns it into the {@link NodeFailure}s of one run, for {@link SimulationSettings#nodeFailures()}.
 *
 * @param schedule    nodes that fail at a given time, each node at most once
 * @param ratePerHour each node not in the schedule fails after an exponentially distributed time with this rate per
 *                    hour from the start of the run, drawn from the run's seed; 0: none
 */
public record NodeFailures(List<Scheduled> schedule, double ratePerHour) {

    /** No node fails. */
    public static final NodeFailures NONE = new NodeFailures(List.of(), 0);

    /** Drawn failure times are capped here, far past any workload, so that a tiny rate cannot overflow an instant. */
    private static final double MAX_HOURS = 1e6;

    /**
     * Mixed into the run's seed for the failure times: the simulation's own generator is seeded with the seed itself,
     * and the failures must not follow the same sequence as its chunk layouts.
     */
    private static final long SEED_SALT = 0x6E6F64652D6C6F73L;

    /** A node of the schedule and when it fails: an instant, or a duration after the run's first job arrives. */
    public record Scheduled(String nodeId, TraceTime at) {
        public Scheduled {
            Objects.requireNonNull(nodeId, "nodeId");
            Objects.requireNonNull(at, "at");
            if (nodeId.isBlank()) {
                throw new IllegalArgumentException("a scheduled node failure needs a node id");
            }
        }

        @Override
        public String toString() {
            return nodeId + "@" + at;
        }
    }

    public NodeFailures {
        schedule = List.copyOf(schedule);
        var seen = new HashSet<String>();
        for (var failure : schedule) {
            if (!seen.add(failure.nodeId())) {
                throw new IllegalArgumentException("node " + failure.nodeId() + " is scheduled to fail twice; a node "
                        + "fails once and does not come back");
            }
        }
        if (!(ratePerHour >= 0) || Double.isInfinite(ratePerHour)) {
            throw new IllegalArgumentException("ratePerHour must be finite and >= 0, was " + ratePerHour);
        }
    }

    /**
     * Reads a schedule: {@code node@time} pairs, comma-separated, each time an instant or a duration after the first
     * job's arrival as {@link TraceTime#parse} reads it, e.g. {@code n1@30m,n3@2009-05-01T02:00:00Z}.
     *
     * @throws IllegalArgumentException naming the part that is not {@code node@time}
     */
    public static List<Scheduled> parseSchedule(String text) {
        Objects.requireNonNull(text, "text");
        var schedule = new ArrayList<Scheduled>();
        for (var part : text.split(",", -1)) {
            int at = part.lastIndexOf('@');
            if (at <= 0 || part.substring(0, at).isBlank() || at == part.length() - 1) {
                throw new IllegalArgumentException("'" + part.strip() + "' is not node@time (e.g. n1@30m or "
                        + "n1@2009-05-01T02:00:00Z)");
            }
            schedule.add(new Scheduled(part.substring(0, at).strip(), TraceTime.parse(part.substring(at + 1))));
        }
        return List.copyOf(schedule);
    }

    /** Whether any node can fail. */
    public boolean any() {
        return !schedule.isEmpty() || ratePerHour > 0;
    }

    /**
     * The failures of one run on {@code cluster} whose first job arrives at {@code start}, with the run's
     * {@code seed}, by time then node id. With a rate, one time is drawn per node of the cluster, in the cluster's
     * order, whether or not the schedule names the node, so that a schedule does not shift the other nodes' draws;
     * a node in the schedule fails at the earlier of its two times. A failure after the workload has drained changes
     * nothing, so the draws have no horizon.
     *
     * @throws IllegalArgumentException naming a scheduled node that is not in the cluster, or one scheduled before
     *                                  {@link Instant#EPOCH}
     */
    public List<NodeFailure> of(ClusterSpec cluster, Instant start, long seed) {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(start, "start");
        var ids = cluster.nodes().stream().map(NodeSpec::nodeId).toList();
        var at = new LinkedHashMap<String, Instant>();
        if (ratePerHour > 0) {
            var random = new SplittableRandom(seed ^ SEED_SALT);
            for (var nodeId : ids) {
                // Inverse transform of Exp(rate): -ln(1 - U) / rate hours, U in [0, 1).
                double hours = Math.min(MAX_HOURS, -Math.log1p(-random.nextDouble()) / ratePerHour);
                at.put(nodeId, start.plus(Duration.ofMillis(Math.round(hours * 3_600_000))));
            }
        }
        for (var failure : schedule) {
            if (!ids.contains(failure.nodeId())) {
                throw new IllegalArgumentException("unknown node '" + failure.nodeId() + "' in the node failure "
                        + "schedule; cluster " + cluster.name() + " has " + String.join(", ", ids));
            }
            var time = failure.at().resolve(start);
            at.merge(failure.nodeId(), time, (a, b) -> a.isBefore(b) ? a : b);
        }
        return at.entrySet().stream()
                .map(entry -> new NodeFailure(entry.getKey(), entry.getValue()))
                .sorted(Comparator.comparing(NodeFailure::at).thenComparing(NodeFailure::nodeId))
                .toList();
    }

    /** The failures as a schedule and a rate, for a report: e.g. {@code n1@start+PT30M, 0.5 per node-hour}. */
    public String describe() {
        if (!any()) {
            return "none";
        }
        var parts = new ArrayList<String>();
        schedule.forEach(failure -> parts.add(failure.toString()));
        if (ratePerHour > 0) {
            parts.add(ratePerHour + " per node-hour, seeded by the run's seed");
        }
        return String.join(", ", parts);
    }
}
