package io.gleaner.ingest.adapter;

import io.gleaner.ingest.mapping.MappingResult;
import io.gleaner.ingest.mapping.RecordMapper;
import io.gleaner.ingest.validation.ValidationRule;
import io.gleaner.schemas.InputChecks;
import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.EventTimeBound;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One telemetry record in, its samples (keyed by node id, timestamped with their own time) and dead letters
 * out: map the raw bytes with the mapping, then check each sample against the validation rules with the last
 * times kept in the {@value AdapterTopology#LAST_SAMPLE_TIMES} store.
 *
 * <p>A record the mapping rejects becomes one dead letter (reason prefixed {@code UNKNOWN_UNIT: } when it names
 * an unknown unit); a sample that breaks a rule becomes one dead letter whose reason starts with the rule (e.g.
 * {@code TIME_BACKWARDS: ...}) and names the series, the other samples of the record still go out. Every dead
 * letter carries the source topic, partition, offset, raw key and raw value. Records the mapping skips (not
 * about the mapped metrics) are counted, not dead-lettered.
 *
 * <p>Why not {@code DecodeOrDeadLetter} of the schemas module: it decodes values one to one under a fixed string
 * key, while here one record yields several outputs keyed by node id, and the source's keys are whatever the
 * telemetry producer set (kept as raw bytes in the dead letter rather than decoded as text).
 *
 * <p>Counts go to Kafka Streams' metrics, group {@value #METRICS_GROUP}, per task: {@code accepted},
 * {@code skipped}, {@code malformed} and one per {@link ValidationRule} ({@code out-of-range}, ...), each with
 * {@code -total} and {@code -rate}.
 */
final class MapAndValidateProcessor implements Processor<byte[], byte[], String, AdapterOutput> {

    /** Scope of the adapter's custom metrics; Kafka Streams puts them in the group {@value #METRICS_GROUP}. */
    static final String METRICS_SCOPE = "gleaner-ingest";
    /** The metrics group the counts are in. */
    static final String METRICS_GROUP = "stream-" + METRICS_SCOPE + "-metrics";
    /** Operation name of accepted samples. */
    static final String ACCEPTED = "accepted";
    /** Operation name of records skipped by the mapping. */
    static final String SKIPPED = "skipped";
    /** Operation name of records the mapping rejected as malformed. */
    static final String MALFORMED = "malformed";

    private static final Logger log = LoggerFactory.getLogger(MapAndValidateProcessor.class);

    private final RecordMapper mapper;
    private final String sourceTopic;
    private final Set<String> knownNodes;
    private final EventTimeBound bound;
    private ProcessorContext<String, AdapterOutput> context;
    private StoreSampleValidator validator;
    private Sensor accepted;
    private Sensor skipped;
    private Sensor malformed;
    private final Map<ValidationRule, Sensor> rejected = new EnumMap<>(ValidationRule.class);

    /**
     * @param mapper      maps the records
     * @param sourceTopic the source topic's name, for dead letters of records without metadata
     * @param knownNodes  the node ids samples may name; empty accepts any node
     * @param bound       which sample times are taken: a sample is written with its time as timestamp, and the
     *                    broker refuses one too far after its clock
     */
    MapAndValidateProcessor(RecordMapper mapper, String sourceTopic, Set<String> knownNodes, EventTimeBound bound) {
        this.mapper = mapper;
        this.sourceTopic = sourceTopic;
        this.knownNodes = Set.copyOf(knownNodes);
        this.bound = bound;
    }

    /** The metric name of a rule's count: its name in lower case with dashes, e.g. {@code time-backwards}. */
    static String operationName(ValidationRule rule) {
        return rule.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public void init(ProcessorContext<String, AdapterOutput> context) {
        this.context = context;
        KeyValueStore<String, Long> store = context.getStateStore(AdapterTopology.LAST_SAMPLE_TIMES);
        this.validator = new StoreSampleValidator(knownNodes, store);
        var task = context.taskId().toString();
        var metrics = context.metrics();
        accepted = metrics.addRateTotalSensor(METRICS_SCOPE, task, ACCEPTED, Sensor.RecordingLevel.INFO);
        skipped = metrics.addRateTotalSensor(METRICS_SCOPE, task, SKIPPED, Sensor.RecordingLevel.INFO);
        malformed = metrics.addRateTotalSensor(METRICS_SCOPE, task, MALFORMED, Sensor.RecordingLevel.INFO);
        for (var rule : ValidationRule.values()) {
            rejected.put(rule, metrics.addRateTotalSensor(METRICS_SCOPE, task, operationName(rule),
                    Sensor.RecordingLevel.INFO));
        }
    }

    @Override
    public void process(Record<byte[], byte[]> record) {
        var value = record.value();
        if (value == null) {
            malformed.record();
            deadLetter(record, null, "null value (tombstone) where a telemetry record was expected");
            return;
        }
        var result = mapper.map(value);
        if (result instanceof MappingResult.Mapped mapped) {
            for (var sample : mapped.samples()) {
                // Before the validator, which keeps each node's last sample time under its id.
                var problem = bound.problem(sample.getTime()).or(() -> idTooLong(sample.getNodeId()));
                if (problem.isPresent()) {
                    malformed.record();
                    deadLetter(record, null, problem.get());
                    continue;
                }
                var violation = validator.check(sample);
                // The rules every stage reading nodes.utilization applies, so that the adapter writes none they refuse.
                var rules = violation.isEmpty() ? InputChecks.DEFAULT.utilizationSample(sample) : Optional.<String>empty();
                if (rules.isPresent()) {
                    malformed.record();
                    deadLetter(record, sample.getNodeId(), rules.get());
                } else if (violation.isEmpty()) {
                    accepted.record();
                    context.forward(new Record<>(sample.getNodeId(), AdapterOutput.of(sample),
                            sample.getTime().toEpochMilli()));
                } else {
                    rejected.get(violation.get().rule()).record();
                    deadLetter(record, sample.getNodeId(), violation.get().rule() + ": " + violation.get().reason());
                }
            }
        } else if (result instanceof MappingResult.Rejected mappingRejected) {
            if (mappingRejected.problem() == MappingResult.Problem.UNKNOWN_UNIT) {
                rejected.get(ValidationRule.UNKNOWN_UNIT).record();
                deadLetter(record, null, ValidationRule.UNKNOWN_UNIT + ": " + mappingRejected.reason());
            } else {
                malformed.record();
                deadLetter(record, null, mappingRejected.reason());
            }
        } else {
            skipped.record();
        }
    }

    /** Forwards a dead letter of the record being processed, keyed by {@code outputKey} (null when unknown). */
    private void deadLetter(Record<byte[], byte[]> record, String outputKey, String reason) {
        var metadata = context.recordMetadata();
        var deadLetter = DeadLetters.of(metadata.map(m -> m.topic()).orElse(sourceTopic),
                metadata.map(m -> m.partition()).orElse(-1), metadata.map(m -> m.offset()).orElse(-1L),
                DeadLetters.Raw.key(record.key()), DeadLetters.Raw.value(record.value()), record.timestamp(), reason,
                AdapterTopology.STAGE);
        log.warn("dead letter from {} partition {} offset {}: {}", deadLetter.getSourceTopic(),
                deadLetter.getPartition(), deadLetter.getOffset(), reason);
        context.forward(new Record<>(outputKey, AdapterOutput.of(deadLetter), record.timestamp()));
    }

    private static Optional<String> idTooLong(String nodeId) {
        int max = InputChecks.DEFAULT.limits().maxIdChars();
        return nodeId.length() <= max ? Optional.empty()
                : Optional.of("nodeId must be at most " + max + " characters, was " + nodeId.length() + " characters");
    }

    @Override
    public void close() {
        var metrics = context.metrics();
        metrics.removeSensor(accepted);
        metrics.removeSensor(skipped);
        metrics.removeSensor(malformed);
        rejected.values().forEach(metrics::removeSensor);
    }
}
