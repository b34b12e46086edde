package io.gleaner.runtime.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Gleaner's own meters, counted by the stages' adapters (never by a pure core) on Micrometer's global registry: a
 * no-op until a process serves them ({@link MetricsServer}), so the simulator and the tests count into nothing. Names
 * are Micrometer's dotted ones; Prometheus shows them in snake case with {@code _total} and {@code _seconds}
 * (docs/operations.md#metrics-and-health lists every one with its labels).
 */
public final class GleanerMeters {

    /** Each planner task's last count of queued tasks and running attempts per user: task -> user -> counts. */
    private static final Map<String, Map<String, UserLoad>> USER_LOAD_BY_TASK = new ConcurrentHashMap<>();
    /** Every user counted so far. */
    private static final Set<String> USERS_SEEN = ConcurrentHashMap.newKeySet();

    private GleanerMeters() {
    }

    /** What one user has in a planner task's queue: tasks not yet running or done, and attempts running. */
    public record UserLoad(long queuedTasks, long runningAttempts) {

        /** Both users' loads added. */
        public UserLoad plus(UserLoad other) {
            return new UserLoad(queuedTasks + other.queuedTasks, runningAttempts + other.runningAttempts);
        }
    }

    /**
     * A dead letter made by {@code stage} from a record of {@code sourceTopic} (or a file's name) for {@code reason},
     * counted by the kind of reason ({@link #reasonKind}), since the free text would make a label without bound.
     */
    public static void deadLetter(String stage, String sourceTopic, String reason) {
        Counter.builder("gleaner.dead.letters").description("Records sent to the dead-letter topic")
                .tag("stage", stage).tag("source_topic", sourceTopic).tag("reason", reasonKind(reason))
                .register(Metrics.globalRegistry).increment();
    }

    /**
     * The kind of a dead letter's reason, one of a few: {@code undecodable} (the bytes are not the topic's Avro),
     * {@code key} (the record key is not its subject's id, or missing), {@code event_time} (outside what the stage
     * takes), {@code too_large}, {@code unknown_subject} (a report of a job or attempt the stage does not know), or
     * {@code invalid} (a field breaks the topic's rules; the default).
     */
    static String reasonKind(String reason) {
        var text = reason == null ? "" : reason.toLowerCase(Locale.ROOT);
        if (text.contains("decode") || text.contains("deserializ") || text.contains("schema")) {
            return "undecodable";
        }
        if (text.contains("record key") || text.contains("null key")) {
            return "key";
        }
        if (text.contains("event time")) {
            return "event_time";
        }
        if (text.contains("bytes") && (text.contains("larger") || text.contains("longer") || text.contains("exceed"))) {
            return "too_large";
        }
        if (text.contains("unknown") || text.contains("never routed") || text.contains("no cell runs")) {
            return "unknown_subject";
        }
        return "invalid";
    }

    /**
     * Planner task {@code task}'s queue by user: the gauges {@code gleaner.queue.tasks} and
     * {@code gleaner.running.attempts} (label {@code user}) show the sums over the tasks of this process, so that a
     * planner of several cells counts each user once per instance.
     */
    public static synchronized void userLoad(String task, Map<String, UserLoad> byUser) {
        USER_LOAD_BY_TASK.put(task, Map.copyOf(byUser));
        var total = new TreeMap<String, UserLoad>();
        // A user once seen stays, at 0 when it has nothing: a series that vanishes reads as missing data.
        USERS_SEEN.addAll(byUser.keySet());
        USERS_SEEN.forEach(user -> total.put(user, new UserLoad(0, 0)));
        USER_LOAD_BY_TASK.values()
                .forEach(each -> each.forEach((user, load) -> total.merge(user, load, UserLoad::plus)));
        var queued = new ArrayList<MultiGauge.Row<?>>();
        var running = new ArrayList<MultiGauge.Row<?>>();
        total.forEach((user, load) -> {
            queued.add(MultiGauge.Row.of(Tags.of("user", user), load.queuedTasks()));
            running.add(MultiGauge.Row.of(Tags.of("user", user), load.runningAttempts()));
        });
        UserGauges.QUEUED.register(queued, true);
        UserGauges.RUNNING.register(running, true);
    }

    /** The per-user gauges, made on first use. */
    private static final class UserGauges {
        static final MultiGauge QUEUED = MultiGauge.builder("gleaner.queue.tasks")
                .description("Tasks of the user's jobs not yet running or done, in the planner's queue")
                .register(Metrics.globalRegistry);
        static final MultiGauge RUNNING = MultiGauge.builder("gleaner.running.attempts")
                .description("Attempts of the user's jobs running").register(Metrics.globalRegistry);
    }

    /** A sample above the forecast in force for it ({@code metric}: CPU or MEMORY), which the forecaster reacts to. */
    public static void forecastMiss(String metric) {
        Counter.builder("gleaner.forecast.misses").description("Owners' samples above the forecast in force")
                .tag("metric", metric).register(Metrics.globalRegistry).increment();
    }

    /** One lockstep round through Kafka, from producing its inputs to reading its placements. */
    public static void lockstepRound(Duration took) {
        Timer.builder("gleaner.lockstep.rounds").description("Lockstep rounds through Kafka (wall clock)")
                .publishPercentileHistogram().register(Metrics.globalRegistry).record(took);
    }

    /** {@code count} attempts placed by {@code policy}. */
    public static void placements(String policy, int count) {
        if (count > 0) {
            Counter.builder("gleaner.placements").description("Task attempts placed").tag("policy", policy)
                    .register(Metrics.globalRegistry).increment(count);
        }
    }

    /** One report of an attempt's end taken by the planner, by its outcome (SUCCEEDED, FAILED, KILLED, ...). */
    public static void attemptEnded(String outcome) {
        Counter.builder("gleaner.attempts.ended").description("Attempt ends the planner applied, by outcome")
                .tag("outcome", outcome).register(Metrics.globalRegistry).increment();
    }

    /** A node found lost, and the attempts of it that are placed again. */
    public static void nodeLost(int relaunchedAttempts) {
        Metrics.counter("gleaner.nodes.lost").increment();
        if (relaunchedAttempts > 0) {
            Metrics.counter("gleaner.relaunches").increment(relaunchedAttempts);
        }
    }

    /** A step of a job's life cycle (SUBMITTED, ADMITTED, REJECTED, STARTED, SUCCEEDED, FAILED, ...). */
    public static void jobStep(String type) {
        Counter.builder("gleaner.job.steps").description("Job life-cycle steps published on jobs.events")
                .tag("type", type).register(Metrics.globalRegistry).increment();
    }

    /** A QoS action decided, by its kind (THROTTLE, KILL, RELEASE, ...). */
    public static void qosAction(String kind) {
        Counter.builder("gleaner.qos.actions").description("QoS actions decided").tag("kind", kind)
                .register(Metrics.globalRegistry).increment();
    }

    /** A forecast refit of one node by the forecaster. */
    public static void forecastRefit() {
        Metrics.counter("gleaner.forecast.refits").increment();
    }

    /**
     * How long the planner took over one input record under {@code policy}: a heartbeat's placements with any re-plan
     * it ran (COSHH's LP solves, Salamander's search), or a job or report applied. A histogram, so that Prometheus can
     * give its quantiles.
     */
    public static void decisionTime(String policy, String input, Duration took) {
        Timer.builder("gleaner.planner.decision").description("Planner time (wall clock) per input record")
                .tag("policy", policy).tag("input", input).publishPercentileHistogram()
                .register(Metrics.globalRegistry).record(took);
    }
}
