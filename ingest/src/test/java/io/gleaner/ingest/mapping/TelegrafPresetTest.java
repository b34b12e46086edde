package io.gleaner.ingest.mapping;

import static io.gleaner.ingest.mapping.MappingFixtures.resource;
import static io.gleaner.ingest.mapping.MappingFixtures.sample;
import static io.gleaner.ingest.mapping.MappingFixtures.samples;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.Metric;
import java.time.Instant;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** The telegraf-json preset on documents in the format of Telegraf's JSON output serializer. */
class TelegrafPresetTest {

    private final RecordMapper mapper = Mapping.preset(Mapping.TELEGRAF_JSON).mapper();

    @Test
    void shouldMapCpuTotalToOneMinusIdleOverAHundred() {
        // usage_idle 87.5 % -> busy 1 - 0.875 = 0.125
        var result = mapper.map(MappingFixtures.telegrafCpu("node-1", "cpu-total", 1_700_000_000L, 87.5));

        assertThat(samples(result)).containsExactly(
                sample("node-1", Instant.ofEpochSecond(1_700_000_000L), Metric.CPU, 0.125));
    }

    @Test
    void shouldMapMemToUsedPercentOverAHundred() {
        var result = mapper.map(MappingFixtures.telegrafMem("node-1", 1_700_000_000L, 37.5));

        assertThat(samples(result)).containsExactly(
                sample("node-1", Instant.ofEpochSecond(1_700_000_000L), Metric.MEMORY, 0.375));
    }

    @Test
    void shouldSkipPerCpuSeriesAndOtherMeasurements() {
        assertThat(mapper.map(MappingFixtures.telegrafCpu("node-1", "cpu3", 1_700_000_000L, 50)))
                .isInstanceOf(MappingResult.Skipped.class);
        assertThat(mapper.map("{\"fields\":{\"load1\":0.5},\"name\":\"system\",\"tags\":{\"host\":\"node-1\"},"
                + "\"timestamp\":1700000000}")).isInstanceOf(MappingResult.Skipped.class);
    }

    @Test
    void shouldMapTheSampleFileLineByLine() {
        // telegraf-sample.jsonl: cpu-total node-1 (idle 87.5), cpu0 node-1 (skipped), mem node-1 (37.5 %),
        // disk node-1 (skipped), cpu-total node-2 (idle 50), mem node-2 (25 %).
        var samples = new ArrayList<>();
        var skipped = 0;
        for (var line : resource("mapping/telegraf-sample.jsonl").split("\n")) {
            var result = mapper.map(line);
            if (result instanceof MappingResult.Skipped) {
                skipped++;
            } else {
                samples.addAll(samples(result));
            }
        }

        var t1 = Instant.ofEpochSecond(1_700_000_000L);
        var t2 = Instant.ofEpochSecond(1_700_000_010L);
        assertThat(samples).containsExactly(
                sample("node-1", t1, Metric.CPU, 0.125),
                sample("node-1", t1, Metric.MEMORY, 0.375),
                sample("node-2", t2, Metric.CPU, 0.5),
                sample("node-2", t2, Metric.MEMORY, 0.25));
        assertThat(skipped).isEqualTo(2);
    }

    @Test
    void shouldRejectACpuTotalRecordWithoutUsageIdle() {
        var result = mapper.map("{\"fields\":{\"usage_user\":12.5},\"name\":\"cpu\",\"tags\":{\"cpu\":\"cpu-total\","
                + "\"host\":\"node-1\"},\"timestamp\":1700000000}");

        assertThat(result).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED,
                "cpu field fields.usage_idle is missing"));
    }

    @Test
    void shouldRejectARecordWithoutAHostTag() {
        var result = mapper.map("{\"fields\":{\"used_percent\":20},\"name\":\"mem\",\"tags\":{},"
                + "\"timestamp\":1700000000}");

        assertThat(result).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED,
                "host field tags.host is missing"));
    }
}
