package io.gleaner.ingest.swim;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Small SWIM traces written inline, and ways to look at what the reader made of them. */
public final class SwimFixtures {

    /** The source name the inline traces carry. */
    public static final String SOURCE = "inline.tsv";

    private SwimFixtures() {
    }

    /** One SWIM row, tab-separated. */
    public static String row(String name, long submit, long gap, long input, long shuffle, long output) {
        return String.join("\t", name, Long.toString(submit), Long.toString(gap), Long.toString(input),
                Long.toString(shuffle), Long.toString(output));
    }

    /** The lines joined with {@code \n} and a final {@code \n}. */
    public static String trace(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    /** A reader of inline text with the default rule and no limit. */
    public static SwimTraceReader reader(String text) {
        return reader(text, SwimJobRule.defaults(), LineTraceReader.NO_LIMIT);
    }

    /** A reader of inline text. */
    public static SwimTraceReader reader(String text, SwimJobRule rule, long limit) {
        return reader(text.getBytes(UTF_8), rule, limit);
    }

    /** A reader of inline bytes. */
    public static SwimTraceReader reader(byte[] bytes, SwimJobRule rule, long limit) {
        try {
            return new SwimTraceReader(TraceInput.of(SOURCE, new ByteArrayInputStream(bytes)), rule, limit);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every row of an inline trace, default rule. */
    public static List<TraceRow<JobSubmitted>> rows(String text) {
        try (var reader = reader(text)) {
            var rows = new ArrayList<TraceRow<JobSubmitted>>();
            reader.forEachRemaining(rows::add);
            return rows;
        }
    }

    /** The one job of a one-row trace. */
    public static JobSubmitted job(String row) {
        var rows = rows(trace(row));
        if (rows.size() != 1 || !(rows.get(0) instanceof TraceRow.Parsed<JobSubmitted> parsed)) {
            throw new AssertionError("expected one parsed row, got " + rows);
        }
        return parsed.value();
    }

    /** The job's group of one kind, if it has one. */
    public static Optional<TaskGroup> group(JobSubmitted job, TaskKind kind) {
        return job.getTasks().stream().filter(g -> g.getKind() == kind).findFirst();
    }
}
