package io.gleaner.runtime.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/**
 * Gleaner's own meters, counted by the stages' adapters (never by a pure core) on Micrometer's global registry: a
 * no-op until a process serves them ({@link MetricsServer}), so the simulator and the tests count into nothing. Names
 * are Micrometer's dotted ones; Prometheus shows them in snake case with {@code _total} and {@code _seconds}
 * (docs/operations.md#metrics-and-health lists every one with its labels).
 */
public final class GleanerMeters {

    private GleanerMeters() {
    }

    /** A dead letter made by {@code stage} from a record of {@code sourceTopic} (or a file's name). */
    public static void deadLetter(String stage, String sourceTopic) {
        Counter.builder("gleaner.dead.letters").description("Records sent to the dead-letter topic")
                .tag("stage", stage).tag("source_topic", sourceTopic)
                .register(Metrics.globalRegistry).increment();
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
