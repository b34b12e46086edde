package io.gleaner.ingest.mapping;

import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/** Records in the real Telegraf and OTLP/JSON formats, and helpers to read what a mapping made of them. */
public final class MappingFixtures {

    private MappingFixtures() {
    }

    /** A Telegraf JSON output document of the cpu measurement. */
    public static String telegrafCpu(String host, String cpu, long timestampSeconds, double usageIdle) {
        return "{\"fields\":{\"usage_guest\":0,\"usage_guest_nice\":0,\"usage_idle\":" + usageIdle
                + ",\"usage_iowait\":0,\"usage_irq\":0,\"usage_nice\":0,\"usage_softirq\":0,\"usage_steal\":0,"
                + "\"usage_system\":" + (100 - usageIdle) / 2 + ",\"usage_user\":" + (100 - usageIdle) / 2
                + "},\"name\":\"cpu\",\"tags\":{\"cpu\":\"" + cpu + "\",\"host\":\"" + host + "\"},\"timestamp\":"
                + timestampSeconds + "}";
    }

    /** A Telegraf JSON output document of the mem measurement. */
    public static String telegrafMem(String host, long timestampSeconds, double usedPercent) {
        return "{\"fields\":{\"available\":4294967296,\"available_percent\":" + (100 - usedPercent)
                + ",\"total\":8589934592,\"used\":4294967296,\"used_percent\":" + usedPercent
                + "},\"name\":\"mem\",\"tags\":{\"host\":\"" + host + "\"},\"timestamp\":" + timestampSeconds + "}";
    }

    /**
     * An OTLP/JSON export of one host with system.cpu.utilization for two CPUs (idle shares given, the rest
     * split between user and system) and system.memory.utilization (used share given).
     */
    public static String otlpHost(String host, long timeUnixNano, double idleCpu0, double idleCpu1, double used) {
        return "{\"resourceMetrics\":[" + otlpResource(host, timeUnixNano, idleCpu0, idleCpu1, used) + "]}";
    }

    /** One resourceMetrics element, as {@link #otlpHost}. */
    public static String otlpResource(String host, long timeUnixNano, double idleCpu0, double idleCpu1, double used) {
        return "{\"resource\":{\"attributes\":[{\"key\":\"host.name\",\"value\":{\"stringValue\":\"" + host
                + "\"}}]},\"scopeMetrics\":[{\"scope\":{\"name\":\"cpuscraper\"},\"metrics\":[{\"name\":"
                + "\"system.cpu.utilization\",\"unit\":\"1\",\"gauge\":{\"dataPoints\":["
                + cpuPoint("cpu0", "idle", timeUnixNano, idleCpu0) + ","
                + cpuPoint("cpu0", "user", timeUnixNano, 1 - idleCpu0) + ","
                + cpuPoint("cpu1", "idle", timeUnixNano, idleCpu1) + ","
                + cpuPoint("cpu1", "user", timeUnixNano, 1 - idleCpu1)
                + "]}}]},{\"scope\":{\"name\":\"memoryscraper\"},\"metrics\":[{\"name\":\"system.memory.utilization\","
                + "\"unit\":\"1\",\"gauge\":{\"dataPoints\":[" + memPoint("used", timeUnixNano, used) + ","
                + memPoint("free", timeUnixNano, 1 - used) + "]}}]}]}";
    }

    private static String cpuPoint(String cpu, String state, long time, double value) {
        return "{\"attributes\":[{\"key\":\"cpu\",\"value\":{\"stringValue\":\"" + cpu + "\"}},{\"key\":\"state\","
                + "\"value\":{\"stringValue\":\"" + state + "\"}}],\"startTimeUnixNano\":\"" + (time - 60_000_000_000L)
                + "\",\"timeUnixNano\":\"" + time + "\",\"asDouble\":" + value + "}";
    }

    private static String memPoint(String state, long time, double value) {
        return "{\"attributes\":[{\"key\":\"state\",\"value\":{\"stringValue\":\"" + state + "\"}}],"
                + "\"startTimeUnixNano\":\"" + (time - 60_000_000_000L) + "\",\"timeUnixNano\":\"" + time
                + "\",\"asDouble\":" + value + "}";
    }

    /** A test resource's text. */
    public static String resource(String name) {
        try (InputStream in = MappingFixtures.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A sample, for expectations. */
    public static UtilizationSample sample(String node, Instant time, Metric metric, double value) {
        return new UtilizationSample(node, time, metric, UsageSource.REGULAR, value);
    }

    /** The samples of a result that must be {@link MappingResult.Mapped}. */
    public static List<UtilizationSample> samples(MappingResult result) {
        if (result instanceof MappingResult.Mapped mapped) {
            return mapped.samples();
        }
        throw new AssertionError("expected samples, got " + result);
    }
}
