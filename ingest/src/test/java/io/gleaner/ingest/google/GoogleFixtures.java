package io.gleaner.ingest.google;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Inline clusterdata-2011 traces, the bundled excerpts, and ways to look at what the readers made of them. */
final class GoogleFixtures {

    static final String SOURCE = "inline.csv";
    static final String TASK_EVENTS = "traces/google/task_events-part-00000-excerpt.csv";
    static final String MACHINE_EVENTS = "traces/google/machine_events.csv";
    static final String TASK_USAGE = "traces/google/task_usage.csv";

    private GoogleFixtures() {
    }

    static String trace(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    static TraceInput input(String text) {
        try {
            return TraceInput.of(SOURCE, new ByteArrayInputStream(text.getBytes(UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static GoogleMachineEventReader machineReader(String text) {
        return new GoogleMachineEventReader(input(text), GoogleTraceRule.defaults(), LineTraceReader.NO_LIMIT);
    }

    static GoogleTaskEventReader taskReader(String text) {
        return new GoogleTaskEventReader(input(text), GoogleTraceRule.defaults(), LineTraceReader.NO_LIMIT);
    }

    static GoogleTaskUsageReader usageReader(String text, GoogleMachineCapacities capacities) {
        return new GoogleTaskUsageReader(input(text), GoogleTraceRule.defaults(), capacities,
                GoogleTaskUsageReader.DEFAULT_WINDOW, GoogleTaskUsageReader.DEFAULT_LATENESS, LineTraceReader.NO_LIMIT);
    }

    /** Capacities from inline machine_events lines. */
    static GoogleMachineCapacities capacities(String... machineEvents) {
        return GoogleMachineCapacities.read(machineReader(trace(machineEvents)));
    }

    static Duration minutes(long minutes) {
        return Duration.ofMinutes(minutes);
    }

    static <V> List<TraceRow<V>> drain(TraceReader<V> reader) {
        try (reader) {
            var rows = new ArrayList<TraceRow<V>>();
            reader.forEachRemaining(rows::add);
            return rows;
        }
    }

    static <V> List<V> values(List<TraceRow<V>> rows) {
        var values = new ArrayList<V>();
        for (var row : rows) {
            if (row instanceof TraceRow.Parsed<V> parsed) {
                values.add(parsed.value());
            }
        }
        return values;
    }

    static <V> List<TraceRow.Rejected<V>> rejections(List<TraceRow<V>> rows) {
        var rejected = new ArrayList<TraceRow.Rejected<V>>();
        for (var row : rows) {
            if (row instanceof TraceRow.Rejected<V> rejection) {
                rejected.add(rejection);
            }
        }
        return rejected;
    }

    /** The lines of a classpath resource. */
    static List<String> lines(String resource) {
        try (InputStream in = Objects.requireNonNull(
                GoogleFixtures.class.getClassLoader().getResourceAsStream(resource), resource)) {
            return new String(in.readAllBytes(), UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
