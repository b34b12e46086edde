package io.gleaner.ingest.google;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.TaskGroup;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real task_events parts in the shared data (clusterdata-2011-2, CC-BY-4.0), when present: the counts of
 * what each line became are worked out from the gzip lines with a plain split, independently of the reader.
 */
class GoogleSampleDataTest {

    private static final Path TASK_EVENTS = Path.of("..", "..", "shared", "data", "google-2011-sample", "task_events");

    static Stream<Path> parts() throws IOException {
        if (!Files.isDirectory(TASK_EVENTS)) {
            return Stream.of(TASK_EVENTS.resolve("absent"));
        }
        try (var files = Files.list(TASK_EVENTS)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".csv.gz")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("parts")
    void shouldReadARealTaskEventsPartAsThePlainCountsSay(Path part) throws IOException {
        assumeTrue(Files.isRegularFile(part), "shared Google 2011 sample not present at " + TASK_EVENTS);
        var lines = new ArrayList<String>();
        try (var in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(part)),
                StandardCharsets.UTF_8))) {
            in.lines().forEach(lines::add);
        }
        Map<String, Long> expected = GoogleExcerptTest.expectedTaskEventCounts(lines);

        var counts = new HashMap<String, Long>();
        long rows = 0;
        boolean inTimeOrder = true;
        boolean singleTaskJobs = true;
        Instant previous = Instant.MIN;
        try (var reader = GoogleTaskEventReader.open(part, GoogleTraceRule.defaults(), LineTraceReader.NO_LIMIT)) {
            while (reader.hasNext()) {
                var row = reader.next();
                rows++;
                GoogleExcerptTest.actualTaskEventCounts(List.of(row)).forEach((k, v) -> counts.merge(k, v, Long::sum));
                if (row instanceof TraceRow.Parsed<SpecificRecord> parsed) {
                    inTimeOrder &= !parsed.eventTime().isBefore(previous);
                    previous = parsed.eventTime();
                    if (parsed.value() instanceof JobSubmitted job) {
                        singleTaskJobs &= job.getTasks().stream().mapToInt(TaskGroup::getCount).sum() == 1;
                    }
                }
            }
            assertThat(reader.linesRead()).isEqualTo(lines.size());
        }

        assertThat(rows).isEqualTo(lines.size());
        assertThat(counts).isEqualTo(expected);
        assertThat(counts.get("job")).isPositive();
        assertThat(inTimeOrder).isTrue();
        assertThat(singleTaskJobs).isTrue();
    }
}
