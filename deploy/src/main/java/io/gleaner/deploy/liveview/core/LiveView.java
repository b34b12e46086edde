package io.gleaner.deploy.liveview.core;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The live view's fold (docs/operations.md#watching-it): each record of the topics it reads, in the order read, into a
 * model bounded by {@link ViewLimits} whatever the run's length, in the records' event time. Thread-safe: one thread
 * folds while the HTTP server's take snapshots.
 *
 * <p>Records of different topics arrive in no set order, so a job's events may come before its submission: the job is
 * followed from the first record that names it, and its user filled in when the submission comes.
 */
public final class LiveView {

    private final ViewLimits limits;
    private final Map<String, NodeSeries> nodes = new TreeMap<>();
    private final LinkedHashMap<String, JobState> jobs = new LinkedHashMap<>();
    private final Deque<LiveEvent.Placement> placements = new ArrayDeque<>();
    private final Deque<LiveEvent.QosAction> qosActions = new ArrayDeque<>();
    private final Deque<LiveEvent.DeadLetter> deadLetters = new ArrayDeque<>();
    private final Map<String, Long> skipped = new TreeMap<>();
    private Instant eventTime = Instant.EPOCH;
    private long records;
    private long nodesHidden;
    private String stopped = "";

    public LiveView(ViewLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /** Folds one record in. */
    public synchronized void apply(LiveEvent event) {
        records++;
        if (event instanceof LiveEvent.Heartbeat h) {
            advance(h.time());
            node(h.nodeId()).heartbeat(h, limits.points());
        } else if (event instanceof LiveEvent.OwnersUse u) {
            advance(u.time());
            node(u.nodeId()).use(u, limits.points());
        } else if (event instanceof LiveEvent.Forecast f) {
            node(f.nodeId()).forecast(f, limits.forecastSteps());
        } else if (event instanceof LiveEvent.Placement p) {
            advance(p.time());
            keep(placements, p);
        } else if (event instanceof LiveEvent.QosAction q) {
            advance(q.time());
            keep(qosActions, q);
        } else if (event instanceof LiveEvent.DeadLetter d) {
            keep(deadLetters, d);
        } else if (event instanceof LiveEvent.JobSubmitted s) {
            advance(s.submitTime());
            job(s.jobId()).submitted = s;
        } else if (event instanceof LiveEvent.JobEvent e) {
            advance(e.time());
            job(e.jobId()).event(e);
        }
    }

    /** Counts a record of {@code topic} that did not decode: skipped, never folded. */
    public synchronized void skip(String topic) {
        skipped.merge(topic, 1L, Long::sum);
    }

    /** Notes that reading the topics stopped, and why: the page says so instead of silently going still. */
    public synchronized void stopped(String reason) {
        stopped = Objects.requireNonNull(reason, "reason");
    }

    /** The view now. */
    public synchronized ViewSnapshot snapshot() {
        var nodeViews = nodes.values().stream().map(NodeSeries::view).toList();
        var queues = new TreeMap<String, int[]>();
        for (var job : jobs.values()) {
            var counts = queues.computeIfAbsent(job.user(), user -> new int[3]);
            counts[switch (job.state) {
                case "waiting" -> 0;
                case "running" -> 1;
                default -> 2;
            }]++;
        }
        var shown = new ArrayList<ViewSnapshot.Job>();
        var newestFirst = new ArrayList<>(jobs.values());
        for (int i = newestFirst.size() - 1; i >= 0 && shown.size() < limits.jobsShown(); i--) {
            shown.add(newestFirst.get(i).view(eventTime));
        }
        return new ViewSnapshot(eventTime, records, Map.copyOf(skipped), stopped, nodesHidden, nodeViews,
                queues.entrySet().stream().map(e -> new ViewSnapshot.Queue(e.getKey(), e.getValue()[0],
                        e.getValue()[1], e.getValue()[2])).toList(),
                newestFirst(placements, LiveEvent.Placement::time), newestFirst(qosActions, LiveEvent.QosAction::time),
                newestFirst(deadLetters, LiveEvent.DeadLetter::time), shown);
    }

    private void advance(Instant time) {
        if (time.isAfter(eventTime)) {
            eventTime = time;
        }
    }

    private NodeSeries node(String nodeId) {
        var series = nodes.get(nodeId);
        if (series != null) {
            return series;
        }
        if (nodes.size() >= limits.nodes()) {
            nodesHidden++;
            return new NodeSeries(nodeId);
        }
        series = new NodeSeries(nodeId);
        nodes.put(nodeId, series);
        return series;
    }

    private JobState job(String jobId) {
        var job = jobs.get(jobId);
        if (job == null) {
            job = new JobState(jobId);
            jobs.put(jobId, job);
            if (jobs.size() > limits.jobs()) {
                jobs.remove(jobs.keySet().iterator().next());
            }
        }
        return job;
    }

    /** Newest first by event time: records of several partitions arrive interleaved. */
    private static <T> List<T> newestFirst(Deque<T> recent, Function<T, Instant> time) {
        return recent.stream().sorted(Comparator.comparing(time).reversed()).toList();
    }

    private <T> void keep(Deque<T> recent, T item) {
        recent.addFirst(item);
        if (recent.size() > limits.recent()) {
            recent.removeLast();
        }
    }

    /** A fraction to a thousandth, finer than a chart shows: a third less JSON to send every second. */
    private static double thousandths(double fraction) {
        return Math.rint(fraction * 1000) / 1000;
    }

    /** One node's latest heartbeat and forecast and its recent points. */
    private static final class NodeSeries {
        private final String nodeId;
        private final Deque<double[]> use = new ArrayDeque<>();
        private final Deque<long[]> attempts = new ArrayDeque<>();
        private LiveEvent.Heartbeat last;
        private ViewSnapshot.Band forecast;

        NodeSeries(String nodeId) {
            this.nodeId = nodeId;
        }

        void heartbeat(LiveEvent.Heartbeat h, int points) {
            last = h;
            attempts.addLast(new long[] {h.time().toEpochMilli(), h.runningAttempts()});
            if (attempts.size() > points) {
                attempts.removeFirst();
            }
        }

        void use(LiveEvent.OwnersUse u, int points) {
            if (!Double.isFinite(u.fraction())) {
                return;
            }
            use.addLast(new double[] {u.time().toEpochMilli(), thousandths(u.fraction())});
            if (use.size() > points) {
                use.removeFirst();
            }
        }

        void forecast(LiveEvent.Forecast f, int steps) {
            if (forecast == null || f.issuedAt().toEpochMilli() >= forecast.issuedAt()) {
                forecast = new ViewSnapshot.Band(f.issuedAt().toEpochMilli(), f.quantile(), f.start().toEpochMilli(),
                        f.stepMillis(), Arrays.stream(f.utilization()).limit(steps).map(LiveView::thousandths)
                                .toArray());
            }
        }

        ViewSnapshot.Node view() {
            return last == null
                    ? new ViewSnapshot.Node(nodeId, 0, 0, 0, 0, 0, List.copyOf(use), List.copyOf(attempts), forecast)
                    : new ViewSnapshot.Node(nodeId, last.cpus(), last.memoryBytes(), last.slots(),
                            last.runningAttempts(), last.freeCpus(), List.copyOf(use), List.copyOf(attempts),
                            forecast);
        }
    }

    /** A followed job: its submission once read, and where its life cycle is. */
    private static final class JobState {
        private final String jobId;
        private LiveEvent.JobSubmitted submitted;
        private String state = "waiting";
        private int tasks;
        private int succeededTasks;
        private Instant ended;

        JobState(String jobId) {
            this.jobId = jobId;
        }

        String user() {
            return submitted == null ? "?" : submitted.user();
        }

        void event(LiveEvent.JobEvent e) {
            tasks = Math.max(tasks, e.tasks());
            succeededTasks = Math.max(succeededTasks, e.succeededTasks());
            if (ended != null) {
                return;
            }
            switch (e.type()) {
                case "STARTED", "ATTEMPT_LOST" -> state = "running";
                case "SUCCEEDED", "FAILED", "REJECTED" -> {
                    state = e.type().toLowerCase(Locale.ROOT);
                    ended = e.time();
                }
                default -> { }
            }
        }

        ViewSnapshot.Job view(Instant now) {
            var deadline = submitted == null ? null : submitted.deadline();
            return new ViewSnapshot.Job(jobId, submitted == null ? "" : submitted.jobName(), user(),
                    submitted == null ? "" : submitted.queue(), submitted == null ? null : submitted.submitTime(),
                    Math.max(tasks, submitted == null ? 0 : submitted.tasks()), succeededTasks, state, deadline, ended,
                    goal(deadline, now));
        }

        private String goal(Instant deadline, Instant now) {
            if (deadline == null) {
                return "";
            }
            if (ended != null) {
                return state.equals("succeeded") && !ended.isAfter(deadline) ? "met" : "missed";
            }
            return now.isAfter(deadline) ? "late" : "open";
        }
    }
}
