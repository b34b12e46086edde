package io.gleaner.planner.core.cells;

import io.gleaner.planner.core.Job;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The router's state between jobs (docs/cells.md#the-router), for the router stage and the bench alike: the jobs it
 * holds because no cell knows a node yet, and the CPU it has sent each cell since the status it holds of the cell.
 * {@link #route} routes the held jobs, oldest first, and then the new one, over the cells' latest statuses with what
 * was sent since added ({@link CellStatus#withQueued}); a job that stays held is kept for the next call.
 *
 * <p>Pure: the statuses are given with each call, so that the router stage reads them from its view of
 * {@code cells.status} and the bench from its cells, and the state is plain data the stage keeps in its stores.
 */
public final class CellRouting {

    /** Held jobs in the order they are retried: by submit time, then job id. */
    public static final Comparator<Job> HELD_ORDER = Comparator.comparing(Job::submitTime).thenComparing(Job::jobId);

    /**
     * The CPU sent to a cell since its status of {@code statusTime}: counted on top of that status until a newer one
     * comes, which already holds those jobs in its queue.
     */
    public record Sent(Instant statusTime, double cpus) {

        public Sent {
            Objects.requireNonNull(statusTime, "statusTime");
        }
    }

    /** One job's route, with the event time at which it was taken. */
    public record Routed(Job job, Route route, Instant time) {
    }

    private final Map<Integer, Sent> sent;
    private final List<Job> held;

    /** The router's state: what it sent each cell since its status, and the jobs it holds. */
    public CellRouting(Map<Integer, Sent> sent, List<Job> held) {
        this.sent = new HashMap<>(sent);
        this.held = new ArrayList<>(held);
        this.held.sort(HELD_ORDER);
    }

    /** A router that has sent nothing and holds nothing. */
    public static CellRouting empty() {
        return new CellRouting(Map.of(), List.of());
    }

    /**
     * Routes the held jobs and then {@code job} over {@code statuses} (one per cell, indexed by cell; a cell not heard
     * from is {@link CellStatus#empty}) at event time {@code time}: every route taken, in order, the jobs still held
     * included ({@link Route.Held}).
     */
    public List<Routed> route(Job job, List<CellStatus> statuses, Instant time) {
        if (!knowsANode(statuses)) {
            // Nothing can be routed: hold the job without retrying the others, so that holding stays cheap however
            // many jobs come before the cells' first statuses.
            held.add(job);
            held.sort(HELD_ORDER);
            return List.of(new Routed(job, new Route.Held(CellRouter.NO_NODE_YET), time));
        }
        var effective = new ArrayList<CellStatus>(statuses.size());
        for (var status : statuses) {
            var since = sent.get(status.cell());
            if (since == null || !since.statusTime().equals(status.time())) {
                since = new Sent(status.time(), 0);
                sent.put(status.cell(), since);
            }
            effective.add(status.withQueued(since.cpus()));
        }
        var jobs = new ArrayList<>(held);
        held.clear();
        jobs.add(job);
        var routes = new ArrayList<Routed>(jobs.size());
        for (var next : jobs) {
            var route = CellRouter.route(next, effective);
            if (route instanceof Route.To to) {
                effective.set(to.cell(), effective.get(to.cell()).withRouted(next));
                var since = sent.get(to.cell());
                sent.put(to.cell(), new Sent(since.statusTime(), since.cpus() + CellStatus.cpus(next)));
            } else if (route instanceof Route.Held) {
                held.add(next);
            }
            routes.add(new Routed(next, route, time));
        }
        // Kept in retry order, as the router stage reads them back from its store.
        held.sort(HELD_ORDER);
        return routes;
    }

    /** Whether some cell's status knows a node: until one does, every job is held. */
    public static boolean knowsANode(List<CellStatus> statuses) {
        return statuses.stream().anyMatch(status -> !status.nodes().isEmpty());
    }

    /** What was sent each cell since its status, by cell. */
    public Map<Integer, Sent> sent() {
        return Map.copyOf(sent);
    }

    /** The jobs held, in {@link #HELD_ORDER}. */
    public List<Job> held() {
        return List.copyOf(held);
    }
}
