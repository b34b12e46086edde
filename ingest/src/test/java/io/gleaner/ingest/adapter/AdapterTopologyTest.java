package io.gleaner.ingest.adapter;

import static io.gleaner.ingest.mapping.MappingFixtures.otlpHost;
import static io.gleaner.ingest.mapping.MappingFixtures.otlpResource;
import static io.gleaner.ingest.mapping.MappingFixtures.sample;
import static io.gleaner.ingest.mapping.MappingFixtures.telegrafCpu;
import static io.gleaner.ingest.mapping.MappingFixtures.telegrafMem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.gleaner.ingest.mapping.Mapping;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The adapter's topology on the TopologyTestDriver: mapping, validation, dead letters, stores, event time. */
class AdapterTopologyTest {

    private static final String SOURCE = "telemetry";
    private static final long T = 1_700_000_000L;
    private static final Instant PRODUCED = Instant.ofEpochSecond(1_800_000_000L);

    private final Topics topics = Topics.withPrefix("test.");
    private final AdapterSerdes serdes = AdapterSerdes.with(new InMemorySchemaRegistryClient());

    @TempDir
    Path stateDir;

    private TopologyTestDriver driver;
    private TestInputTopic<byte[], byte[]> source;
    private TestOutputTopic<String, UtilizationSample> samples;
    private TestOutputTopic<String, DeadLetter> deadLetters;

    private void start(Mapping mapping) {
        var config = AdapterConfig.of(SOURCE, mapping.name()).withStage(s -> s.withStateDir(stateDir)
                .withTopicPrefix("test."));
        driver = new TopologyTestDriver(AdapterTopology.build(SOURCE, topics, mapping, serdes, config),
                config.streamsProperties());
        source = driver.createInputTopic(SOURCE, new ByteArraySerializer(), new ByteArraySerializer());
        samples = driver.createOutputTopic(topics.nodesUtilization().name(), new StringDeserializer(),
                serdes.utilizationSample().deserializer());
        deadLetters = driver.createOutputTopic(topics.deadLetters().name(), new StringDeserializer(),
                serdes.deadLetter().deserializer());
    }

    @AfterEach
    void closeDriver() {
        if (driver != null) {
            driver.close();
        }
    }

    /** Pipes a record as a telemetry producer would: its own key, its own (wall-clock) timestamp. */
    private void pipe(String value) {
        source.pipeInput(new TestRecord<>("host-key".getBytes(StandardCharsets.UTF_8),
                value == null ? null : value.getBytes(StandardCharsets.UTF_8), PRODUCED));
    }

    private static TestRecord<String, UtilizationSample> output(UtilizationSample sample) {
        return new TestRecord<>(sample.getNodeId(), sample, sample.getTime());
    }

    private long count(String operation) {
        return driver.metrics().entrySet().stream()
                .filter(e -> e.getKey().group().equals(MapAndValidateProcessor.METRICS_GROUP)
                        && e.getKey().name().equals(operation + "-total"))
                .mapToLong(e -> ((Number) e.getValue().metricValue()).longValue())
                .sum();
    }

    @Test
    void shouldTurnTelegrafCpuAndMemIntoSamplesKeyedByNodeAtTheirOwnTime() {
        start(Mapping.preset(Mapping.TELEGRAF_JSON));

        pipe(telegrafCpu("node-1", "cpu-total", T, 87.5));
        pipe(telegrafCpu("node-1", "cpu0", T, 50));
        pipe(telegrafMem("node-1", T, 37.5));
        pipe(telegrafCpu("node-2", "cpu-total", T + 10, 25));

        assertThat(samples.readRecordsToList()).containsExactly(
                output(sample("node-1", Instant.ofEpochSecond(T), Metric.CPU, 0.125)),
                output(sample("node-1", Instant.ofEpochSecond(T), Metric.MEMORY, 0.375)),
                output(sample("node-2", Instant.ofEpochSecond(T + 10), Metric.CPU, 0.75)));
        assertThat(samples.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
        assertThat(count(MapAndValidateProcessor.ACCEPTED)).isEqualTo(3);
        assertThat(count(MapAndValidateProcessor.SKIPPED)).isEqualTo(1);
    }

    @Test
    void shouldTurnAnOtlpExportOfTwoHostsIntoTheirSamples() {
        start(Mapping.preset(Mapping.OTLP_JSON));
        long nanos = T * 1_000_000_000L;

        pipe("{\"resourceMetrics\":[" + otlpResource("node-1", nanos, 0.75, 0.5, 0.25) + ","
                + otlpResource("node-2", nanos, 1.0, 1.0, 0.5) + "]}");

        var t = Instant.ofEpochSecond(T);
        assertThat(samples.readRecordsToList()).containsExactly(
                output(sample("node-1", t, Metric.CPU, 0.375)),
                output(sample("node-1", t, Metric.MEMORY, 0.25)),
                output(sample("node-2", t, Metric.CPU, 0.0)),
                output(sample("node-2", t, Metric.MEMORY, 0.5)));
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterAMalformedRecordAndGoOnWithTheNextOne() {
        start(Mapping.preset(Mapping.TELEGRAF_JSON));

        pipe("{\"fields\":{\"usage_idle\":");
        pipe(telegrafMem("node-1", T, 50));

        assertThat(samples.readRecordsToList()).containsExactly(
                output(sample("node-1", Instant.ofEpochSecond(T), Metric.MEMORY, 0.5)));
        var dead = deadLetters.readRecord();
        assertThat(dead.key()).isNull();
        assertThat(dead.timestamp()).isEqualTo(PRODUCED.toEpochMilli());
        var letter = dead.value();
        assertThat(letter.getSourceTopic()).isEqualTo(SOURCE);
        assertThat(letter.getPartition()).isZero();
        assertThat(letter.getOffset()).isZero();
        assertThat(StandardCharsets.UTF_8.decode(letter.getKey()).toString()).isEqualTo("host-key");
        assertThat(StandardCharsets.UTF_8.decode(letter.getValue()).toString())
                .isEqualTo("{\"fields\":{\"usage_idle\":");
        assertThat(letter.getReason()).startsWith("not valid JSON: ");
        assertThat(letter.getStage()).isEqualTo("ingest");
        assertThat(letter.getTime()).isEqualTo(PRODUCED);
        assertThat(deadLetters.isEmpty()).isTrue();
        assertThat(count(MapAndValidateProcessor.MALFORMED)).isEqualTo(1);
    }

    @Test
    void shouldDeadLetterATombstone() {
        start(Mapping.preset(Mapping.TELEGRAF_JSON));

        pipe(null);

        assertThat(deadLetters.readValue().getReason())
                .isEqualTo("null value (tombstone) where a telemetry record was expected");
        assertThat(samples.isEmpty()).isTrue();
    }

    @Test
    void shouldRejectATimeGoingBackwardsAndADuplicatePerSeries() {
        start(Mapping.preset(Mapping.TELEGRAF_JSON));

        pipe(telegrafCpu("node-1", "cpu-total", T + 10, 50));
        pipe(telegrafCpu("node-1", "cpu-total", T, 50));
        pipe(telegrafCpu("node-1", "cpu-total", T + 10, 40));
        pipe(telegrafMem("node-1", T, 50));
        pipe(telegrafCpu("node-1", "cpu-total", T + 20, 40));

        // The memory series is its own: its first sample at T is fine although cpu is already at T + 10.
        assertThat(samples.readValuesToList()).extracting(s -> s.getMetric() + "@" + s.getTime().getEpochSecond())
                .containsExactly("CPU@" + (T + 10), "MEMORY@" + T, "CPU@" + (T + 20));
        assertThat(deadLetters.readValuesToList()).extracting(DeadLetter::getOffset, DeadLetter::getReason)
                .containsExactly(
                        tuple(1L, "TIME_BACKWARDS: time must not go backwards, was "
                                + "2023-11-14T22:13:20Z after 2023-11-14T22:13:30Z (node node-1, CPU, REGULAR)"),
                        tuple(2L, "DUPLICATE: time 2023-11-14T22:13:30Z repeats the "
                                + "previous sample's (node node-1, CPU, REGULAR)"));
        assertThat(count("time-backwards")).isEqualTo(1);
        assertThat(count("duplicate")).isEqualTo(1);
    }

    @Test
    void shouldKeepTheLastAcceptedTimePerSeriesInTheStore() {
        start(Mapping.preset(Mapping.TELEGRAF_JSON));

        pipe(telegrafCpu("node-1", "cpu-total", T + 10, 50));
        pipe(telegrafCpu("node-1", "cpu-total", T, 50));
        pipe(telegrafMem("node-1", T, 50));

        var store = driver.<String, Long>getKeyValueStore(AdapterTopology.LAST_SAMPLE_TIMES);
        assertThat(List.of(store.get("CPU/REGULAR/node-1"), store.get("MEMORY/REGULAR/node-1")))
                .containsExactly((T + 10) * 1000, T * 1000);
        assertThat(store.approximateNumEntries()).isEqualTo(2);
    }

    @Test
    void shouldRejectAnOutOfRangeSampleButKeepTheOtherSamplesOfItsRecord() {
        start(Mapping.preset(Mapping.OTLP_JSON));
        // idle 1.5 on both CPUs -> cpu = 1 - 1.5 = -0.5, out of range; memory 0.25 is fine.
        pipe(otlpHost("node-1", T * 1_000_000_000L, 1.5, 1.5, 0.25));

        assertThat(samples.readRecordsToList()).containsExactly(
                output(sample("node-1", Instant.ofEpochSecond(T), Metric.MEMORY, 0.25)));
        var dead = deadLetters.readRecord();
        assertThat(dead.key()).isEqualTo("node-1");
        assertThat(dead.value().getReason()).isEqualTo("OUT_OF_RANGE: value must be in [0, 1], was -0.5 "
                + "(node node-1, CPU, REGULAR)");
        assertThat(count("out-of-range")).isEqualTo(1);
        assertThat(count(MapAndValidateProcessor.ACCEPTED)).isEqualTo(1);
    }

    @Test
    void shouldRejectAnUnknownUnitWithItsRule() {
        start(Mapping.preset(Mapping.OTLP_JSON));

        pipe(otlpHost("node-1", T * 1_000_000_000L, 0.5, 0.5, 0.25).replace("\"unit\":\"1\"", "\"unit\":\"ratio\""));

        assertThat(deadLetters.readValue().getReason()).startsWith("UNKNOWN_UNIT: unknown unit 'ratio' of ");
        assertThat(samples.isEmpty()).isTrue();
        assertThat(count("unknown-unit")).isEqualTo(1);
    }

    @Test
    void shouldRejectNotANumber() {
        start(Mapping.parse("""
                format: json
                host: h
                time: {field: t, unit: ms}
                metrics:
                  - {metric: cpu, field: v, unit: fraction}
                """, "plain"));

        pipe("{\"h\":\"n1\",\"t\":5,\"v\":\"NaN\"}");

        assertThat(deadLetters.readValue().getReason()).isEqualTo("NOT_A_NUMBER: value must be a finite number, was "
                + "NaN (node n1, CPU, REGULAR)");
        assertThat(samples.isEmpty()).isTrue();
    }

    @Test
    void shouldReadCsvRecordsWithTheMappingsColumns() {
        start(Mapping.parse("""
                format: csv
                csv: {columns: [node, time, cpu]}
                host: node
                time: {field: time, unit: iso8601}
                metrics:
                  - {metric: cpu, field: cpu, unit: percent}
                """, "csv"));

        pipe("n1,2023-11-14T22:13:20Z,50");

        assertThat(samples.readKeyValuesToList()).containsExactly(
                KeyValue.pair("n1", sample("n1", Instant.ofEpochSecond(T), Metric.CPU, 0.5)));
    }

    @Test
    void shouldRefuseACsvMappingThatTakesItsColumnsFromAHeaderLine() {
        var mapping = Mapping.parse("""
                format: csv
                csv: {header: true}
                host: node
                time: {field: time, unit: s}
                metrics:
                  - {metric: cpu, field: cpu, unit: percent}
                """, "header");
        var config = AdapterConfig.of(SOURCE, "header").withStage(s -> s.withStateDir(stateDir));

        assertThatThrownBy(() -> AdapterTopology.build(SOURCE, topics, mapping, serdes, config))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("records without a header need csv.columns");
    }

    @Test
    void shouldNameEveryOperatorAndTheStore() {
        var config = AdapterConfig.of(SOURCE, "telegraf-json").withStage(s -> s.withStateDir(stateDir));

        var description = AdapterTopology.build(SOURCE, topics, Mapping.preset(Mapping.TELEGRAF_JSON), serdes, config)
                .describe().toString();

        assertThat(description).contains("telemetry-source", "map-and-validate", "adapter-dead", "adapter-samples",
                "utilization-sink", "dead-letters-sink", AdapterTopology.LAST_SAMPLE_TIMES);
        assertThat(description).doesNotContain("KSTREAM-");
    }

}
