package io.gleaner.ingest.adapter;

import io.gleaner.ingest.validation.SampleValidator;
import io.gleaner.ingest.validation.ValidationRule;
import io.gleaner.ingest.validation.Violation;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The validation rules of {@link SampleValidator}, with the last accepted time of each (node, metric, source)
 * kept in a Kafka Streams store instead of in memory, so that it survives a restart or a move of the task to
 * another instance (the store is backed by a changelog topic).
 *
 * <p>The rules that look at one sample only (unknown node, not a number, out of range) are the
 * {@code SampleValidator}'s own: each sample is checked by a validator that has seen nothing, so the rules,
 * their order and their messages stay defined in one place. The two rules that need the last time (time going
 * backwards, duplicate) are checked here against the store, first the stateless ones, in the validator's order
 * and with its messages. Only accepted samples move a series forward.
 */
final class StoreSampleValidator {

    private final Set<String> knownNodes;
    private final KeyValueStore<String, Long> lastTimes;

    /**
     * @param knownNodes the node ids samples may name; empty accepts any node
     * @param lastTimes  the store of last accepted times, keyed by {@link #seriesKey}
     */
    StoreSampleValidator(Set<String> knownNodes, KeyValueStore<String, Long> lastTimes) {
        this.knownNodes = Set.copyOf(knownNodes);
        this.lastTimes = Objects.requireNonNull(lastTimes, "lastTimes");
    }

    /**
     * Checks one sample and, when it is accepted, stores its time as its series' last.
     *
     * @return empty when the sample is valid; otherwise the rule it broke and a reason naming the value
     */
    Optional<Violation> check(UtilizationSample sample) {
        var stateless = new SampleValidator(knownNodes).check(sample);
        if (stateless.isPresent()) {
            return stateless;
        }
        var key = seriesKey(sample);
        var time = sample.getTime();
        long millis = time.toEpochMilli();
        var last = lastTimes.get(key);
        if (last != null) {
            var series = " (node " + sample.getNodeId() + ", " + sample.getMetric() + ", " + sample.getSource() + ")";
            if (millis < last) {
                return Optional.of(new Violation(ValidationRule.TIME_BACKWARDS, "time must not go backwards, was "
                        + time + " after " + Instant.ofEpochMilli(last) + series));
            }
            if (millis == last) {
                return Optional.of(new Violation(ValidationRule.DUPLICATE, "time " + time
                        + " repeats the previous sample's" + series));
            }
        }
        lastTimes.put(key, millis);
        return Optional.empty();
    }

    /**
     * The store key of a sample's series: metric and source first (fixed names without {@code /}), then the node
     * id, so that no node id can make two series share a key.
     */
    static String seriesKey(UtilizationSample sample) {
        return sample.getMetric().name() + "/" + sample.getSource().name() + "/" + sample.getNodeId();
    }
}
