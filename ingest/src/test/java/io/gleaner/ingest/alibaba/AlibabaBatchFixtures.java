package io.gleaner.ingest.alibaba;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Inline batch_task and batch_instance traces, and ways to look at what the readers made of them. */
final class AlibabaBatchFixtures {

    /** The source name the inline traces carry. */
    static final String SOURCE = "inline.csv";
    /** Where the bundled excerpts live on the test classpath. */
    static final String TASK_EXCERPT = "traces/alibaba/batch_task.csv";
    static final String INSTANCE_EXCERPT = "traces/alibaba/batch_instance.csv";

    private AlibabaBatchFixtures() {
    }

    /** The lines joined with {@code \n} and a final {@code \n}. */
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

    static AlibabaBatchTaskReader taskReader(String text) {
        return new AlibabaBatchTaskReader(input(text), AlibabaJobRule.defaults(), LineTraceReader.NO_LIMIT);
    }

    static AlibabaBatchInstanceReader instanceReader(String text) {
        return new AlibabaBatchInstanceReader(input(text), AlibabaJobRule.defaults(), LineTraceReader.NO_LIMIT);
    }

    /** Every row a reader yields; it is closed afterwards. */
    static <V> List<TraceRow<V>> drain(TraceReader<V> reader) {
        try (reader) {
            var rows = new ArrayList<TraceRow<V>>();
            reader.forEachRemaining(rows::add);
            return rows;
        }
    }

    /** The values of the parsed rows. */
    static <V> List<V> values(List<TraceRow<V>> rows) {
        var values = new ArrayList<V>();
        for (var row : rows) {
            if (row instanceof TraceRow.Parsed<V> parsed) {
                values.add(parsed.value());
            }
        }
        return values;
    }

    /** The rejected rows. */
    static <V> List<TraceRow.Rejected<V>> rejections(List<TraceRow<V>> rows) {
        var rejected = new ArrayList<TraceRow.Rejected<V>>();
        for (var row : rows) {
            if (row instanceof TraceRow.Rejected<V> rejection) {
                rejected.add(rejection);
            }
        }
        return rejected;
    }
}
