package io.gleaner.ingest.validation;

import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Checks utilization samples one at a time against the {@link ValidationRule}s and counts the outcome.
 *
 * <p>The rules are tried in this order and the first that fails is reported (a sample breaks at most one
 * rule in the counts):
 * <ol>
 *   <li>{@link ValidationRule#UNKNOWN_HOST}: the known nodes are non-empty and do not contain the node;</li>
 *   <li>{@link ValidationRule#NOT_A_NUMBER}: the value is NaN or infinite;</li>
 *   <li>{@link ValidationRule#OUT_OF_RANGE}: the value is outside [0, 1], or the time does not fit in
 *       epoch milliseconds (the wire type);</li>
 *   <li>{@link ValidationRule#TIME_BACKWARDS}: the time is earlier than the last accepted sample's of the
 *       same (node, metric, source);</li>
 *   <li>{@link ValidationRule#DUPLICATE}: the time equals that last accepted sample's (whatever the value).</li>
 * </ol>
 * {@link ValidationRule#UNKNOWN_UNIT} is not decided here: a parser that meets a unit it does not know has
 * no sample to check, and reports it with {@link #countRejected(Violation)} so the summary still counts it.
 *
 * <p>Only accepted samples move a series forward, so one bad sample does not make the next good one look
 * like a duplicate or a step back. The state is the last accepted time per (node, metric, source) and
 * nothing else: memory grows with the number of nodes (times at most 20 series each), never with the
 * number of samples. Unknown nodes are rejected before any state is kept for them.
 *
 * <p>One validator per replay or per adapter task; not thread-safe.
 */
public final class SampleValidator {

    private static final Metric[] METRICS = Metric.values();
    private static final UsageSource[] SOURCES = UsageSource.values();

    static {
        // NodeSeries keeps which series it has seen in the bits of one long.
        if (METRICS.length * SOURCES.length > Long.SIZE) {
            throw new ExceptionInInitializerError("more than 64 (metric, source) series: "
                    + METRICS.length + " metrics x " + SOURCES.length + " sources");
        }
    }

    private final Set<String> knownHosts;
    private final Map<String, NodeSeries> lastTimes = new HashMap<>();
    private final long[] rejected = new long[ValidationRule.values().length];
    private long accepted;
    private long trackedSeries;

    /**
     * @param knownHosts the node ids samples may name; empty accepts any node
     */
    public SampleValidator(Set<String> knownHosts) {
        this.knownHosts = Set.copyOf(Objects.requireNonNull(knownHosts, "knownHosts"));
    }

    /** A validator that accepts samples of any node. */
    public static SampleValidator anyHost() {
        return new SampleValidator(Set.of());
    }

    /**
     * Checks one sample, counts the outcome, and remembers its time when it is accepted.
     *
     * @return empty when the sample is valid; otherwise the rule it broke and a reason naming the value
     */
    public Optional<Violation> check(UtilizationSample sample) {
        Objects.requireNonNull(sample, "sample");
        var nodeId = Objects.requireNonNull(sample.getNodeId(), "sample nodeId");
        var time = Objects.requireNonNull(sample.getTime(), "sample time");
        var metric = Objects.requireNonNull(sample.getMetric(), "sample metric");
        var source = Objects.requireNonNull(sample.getSource(), "sample source");
        double value = sample.getValue();

        if (!knownHosts.isEmpty() && !knownHosts.contains(nodeId)) {
            return reject(ValidationRule.UNKNOWN_HOST, "node '" + nodeId + "' is not a known node ("
                    + knownHosts.size() + " known)");
        }
        var series = " (node " + nodeId + ", " + metric + ", " + source + ")";
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return reject(ValidationRule.NOT_A_NUMBER, "value must be a finite number, was " + value + series);
        }
        if (value < 0.0 || value > 1.0) {
            return reject(ValidationRule.OUT_OF_RANGE, "value must be in [0, 1], was " + value + series);
        }
        long millis;
        try {
            millis = time.toEpochMilli();
        } catch (ArithmeticException e) {
            return reject(ValidationRule.OUT_OF_RANGE, "time must fit in epoch milliseconds, was " + time + series);
        }
        var node = lastTimes.get(nodeId);
        int index = metric.ordinal() * SOURCES.length + source.ordinal();
        if (node != null && node.has(index)) {
            long last = node.last[index];
            if (millis < last) {
                return reject(ValidationRule.TIME_BACKWARDS, "time must not go backwards, was " + time
                        + " after " + Instant.ofEpochMilli(last) + series);
            }
            if (millis == last) {
                return reject(ValidationRule.DUPLICATE, "time " + time + " repeats the previous sample's" + series);
            }
        }
        if (node == null) {
            node = new NodeSeries();
            lastTimes.put(nodeId, node);
        }
        if (!node.has(index)) {
            trackedSeries++;
        }
        node.set(index, millis);
        accepted++;
        return Optional.empty();
    }

    /**
     * Counts a violation found outside {@link #check}, e.g. {@link ValidationRule#UNKNOWN_UNIT} raised by
     * a mapping-driven parser, so that the summary holds every sample that did not get through.
     */
    public void countRejected(Violation violation) {
        Objects.requireNonNull(violation, "violation");
        rejected[violation.rule().ordinal()]++;
    }

    /** Counts so far: accepted samples and rejections per rule. */
    public ValidationSummary summary() {
        var counts = new EnumMap<ValidationRule, Long>(ValidationRule.class);
        for (var rule : ValidationRule.values()) {
            counts.put(rule, rejected[rule.ordinal()]);
        }
        return new ValidationSummary(accepted, counts);
    }

    /** The known nodes; empty when any node is accepted. */
    public Set<String> knownHosts() {
        return knownHosts;
    }

    /** Number of (node, metric, source) series whose last time is remembered: the validator's whole state. */
    public long trackedSeries() {
        return trackedSeries;
    }

    private Optional<Violation> reject(ValidationRule rule, String reason) {
        rejected[rule.ordinal()]++;
        return Optional.of(new Violation(rule, reason));
    }

    /** Last accepted time of each (metric, source) series of one node, as epoch milliseconds. */
    private static final class NodeSeries {
        private final long[] last = new long[METRICS.length * SOURCES.length];
        private long seen;

        boolean has(int index) {
            return (seen & (1L << index)) != 0;
        }

        void set(int index, long millis) {
            last[index] = millis;
            seen |= 1L << index;
        }
    }
}
