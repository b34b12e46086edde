package io.gleaner.ingest.mapping;

import static io.gleaner.ingest.mapping.MappingFixtures.resource;
import static io.gleaner.ingest.mapping.MappingFixtures.sample;
import static io.gleaner.ingest.mapping.MappingFixtures.samples;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The otlp-json preset on exports in the OTLP/JSON encoding of opentelemetry-proto metrics/v1. */
class OtlpPresetTest {

    private static final long T_NANOS = 1_700_000_000_000_000_000L;
    private static final Instant T = Instant.ofEpochSecond(1_700_000_000L);

    private final RecordMapper mapper = Mapping.preset(Mapping.OTLP_JSON).mapper();

    @Test
    void shouldMapTheHostmetricsSampleToCpuAndMemory() {
        // otlp-sample.json: idle cpu0 0.75, cpu1 0.5 -> cpu = 1 - (0.75 + 0.5) / 2 = 0.375; used 0.25.
        // system.cpu.time and system.memory.usage are ignored.
        var result = mapper.map(resource("mapping/otlp-sample.json"));

        assertThat(samples(result)).containsExactly(
                sample("node-1", T, Metric.CPU, 0.375),
                sample("node-1", T, Metric.MEMORY, 0.25));
    }

    @Test
    void shouldMapEachResourceToItsOwnNode() {
        var export = "{\"resourceMetrics\":[" + MappingFixtures.otlpResource("node-1", T_NANOS, 0.5, 0.5, 0.5) + ","
                + MappingFixtures.otlpResource("node-2", T_NANOS, 1.0, 0.5, 0.125) + "]}";

        assertThat(samples(mapper.map(export))).containsExactly(
                sample("node-1", T, Metric.CPU, 0.5),
                sample("node-1", T, Metric.MEMORY, 0.5),
                sample("node-2", T, Metric.CPU, 0.25),
                sample("node-2", T, Metric.MEMORY, 0.125));
    }

    @Test
    void shouldKeepMillisecondsOfTimeUnixNanoRoundingDown() {
        var result = mapper.map(MappingFixtures.otlpHost("node-1", T_NANOS + 1_999_999L, 0.5, 0.5, 0.5));

        assertThat(samples(result)).extracting(s -> s.getTime()).containsOnly(T.plusMillis(1));
    }

    @Test
    void shouldReadAPercentUnitFromTheMetric() {
        var export = MappingFixtures.otlpHost("node-1", T_NANOS, 0.5, 0.5, 0.5)
                .replace("\"unit\":\"1\",\"gauge\":{\"dataPoints\":[{\"attributes\":[{\"key\":\"state\"",
                        "\"unit\":\"%\",\"gauge\":{\"dataPoints\":[{\"attributes\":[{\"key\":\"state\"")
                .replace("\"asDouble\":0.5}", "\"asDouble\":50}");

        // Only the memory metric's unit became %; its used point now says 50 (%) -> 0.5.
        assertThat(samples(mapper.map(export))).contains(sample("node-1", T, Metric.MEMORY, 0.5));
    }

    @Test
    void shouldReadIntegerValuesOfASumWithoutAveraging() {
        // A custom mapping: a sum metric in percent with asInt values written as decimal strings (int64 in OTLP/JSON).
        var mapper = Mapping.parse("""
                format: otlp-json
                host: k8s.node.name
                metrics:
                  - {metric: disk, name: node.disk.busy, states: [read, write], source: total}
                """, "custom").mapper();
        var export = "{\"resourceMetrics\":[{\"resource\":{\"attributes\":[{\"key\":\"k8s.node.name\",\"value\":"
                + "{\"stringValue\":\"node-7\"}}]},\"scopeMetrics\":[{\"metrics\":[{\"name\":\"node.disk.busy\","
                + "\"unit\":\"%\",\"sum\":{\"dataPoints\":["
                + "{\"attributes\":[{\"key\":\"state\",\"value\":{\"stringValue\":\"read\"}}],"
                + "\"timeUnixNano\":\"1700000000000000000\",\"asInt\":\"30\"},"
                + "{\"attributes\":[{\"key\":\"state\",\"value\":{\"stringValue\":\"write\"}}],"
                + "\"timeUnixNano\":\"1700000000000000000\",\"asInt\":20},"
                + "{\"attributes\":[{\"key\":\"state\",\"value\":{\"stringValue\":\"idle\"}}],"
                + "\"timeUnixNano\":\"1700000000000000000\",\"asInt\":\"50\"}],"
                + "\"aggregationTemporality\":2}}]}]}]}";

        // read 30 % + write 20 % = 0.5; idle is not one of the states.
        assertThat(samples(mapper.map(export))).containsExactly(new UtilizationSample("node-7", T, Metric.DISK,
                UsageSource.TOTAL, 0.5));
    }

    @Test
    void shouldRejectAnUnknownUnitAsUnknownUnit() {
        var export = MappingFixtures.otlpHost("node-1", T_NANOS, 0.5, 0.5, 0.5)
                .replace("\"name\":\"system.cpu.utilization\",\"unit\":\"1\"",
                        "\"name\":\"system.cpu.utilization\",\"unit\":\"ratio\"");

        var result = mapper.map(export);

        assertThat(result).isInstanceOfSatisfying(MappingResult.Rejected.class, rejected -> {
            assertThat(rejected.problem()).isEqualTo(MappingResult.Problem.UNKNOWN_UNIT);
            assertThat(rejected.reason()).isEqualTo("unknown unit 'ratio' of resourceMetrics[0].scopeMetrics[0]"
                    + ".metrics[0] (system.cpu.utilization); expected 1 (fraction) or % (percent)");
        });
    }

    @Test
    void shouldRejectAResourceWithoutHostName() {
        var export = MappingFixtures.otlpHost("node-1", T_NANOS, 0.5, 0.5, 0.5).replace("host.name", "service.name");

        assertThat(mapper.map(export)).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED,
                "resourceMetrics[0] has no resource attribute host.name to name its node"));
    }

    @Test
    void shouldRejectADataPointWithoutAValue() {
        var export = MappingFixtures.otlpHost("node-1", T_NANOS, 0.5, 0.5, 0.5)
                .replaceFirst(",\"asDouble\":0.5\\}", "}");

        assertThat(mapper.map(export)).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED,
                "resourceMetrics[0].scopeMetrics[0].metrics[0] (system.cpu.utilization).dataPoints[0] has neither "
                        + "asDouble nor asInt"));
    }

    @Test
    void shouldRejectCpuUtilizationWithoutAnIdleState() {
        var export = MappingFixtures.otlpHost("node-1", T_NANOS, 0.5, 0.5, 0.5).replace("\"idle\"", "\"busy\"");

        assertThat(mapper.map(export)).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED,
                "resourceMetrics[0].scopeMetrics[0].metrics[0] (system.cpu.utilization) of node node-1 has no data "
                        + "point with state in [idle]"));
    }

    @Test
    void shouldSkipAnExportWithoutTheMappedMetrics() {
        var export = "{\"resourceMetrics\":[{\"resource\":{\"attributes\":[{\"key\":\"host.name\",\"value\":"
                + "{\"stringValue\":\"node-1\"}}]},\"scopeMetrics\":[{\"metrics\":[{\"name\":\"system.disk.io\","
                + "\"unit\":\"By\",\"sum\":{\"dataPoints\":[{\"timeUnixNano\":\"1700000000000000000\","
                + "\"asInt\":\"1024\"}],\"aggregationTemporality\":2,\"isMonotonic\":true}}]}]}]}";

        assertThat(mapper.map(export)).isInstanceOf(MappingResult.Skipped.class);
    }

    @Test
    void shouldRejectSomethingThatIsNotAnOtlpExport() {
        assertThat(mapper.map("{\"name\":\"cpu\"}")).isEqualTo(new MappingResult.Rejected(
                MappingResult.Problem.MALFORMED, "no resourceMetrics list; expected an OTLP/JSON metrics export"));
    }
}
