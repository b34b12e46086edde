package io.gleaner.ingest.alibaba;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;

/** Inputs and raw-line helpers for the Alibaba machine reader tests. */
final class AlibabaMachineFixtures {

    /** The synthetic files written for these tests (see their README.md). */
    static final String SYNTHETIC_META = "classpath:traces/alibaba/machine_meta.csv";
    static final String SYNTHETIC_USAGE = "classpath:traces/alibaba/machine_usage.csv";

    /** The real sample of the trace, when this machine has it (never copied into the repository). */
    static final Path REAL = Path.of("/work/shared/data/alibaba-2018-sample");

    private AlibabaMachineFixtures() {
    }

    static TraceInput input(String name, String... lines) {
        try {
            return TraceInput.of(name, new ByteArrayInputStream((String.join("\n", lines) + "\n").getBytes(UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static <V> List<TraceRow<V>> readAll(TraceReader<V> reader) {
        try (reader) {
            var rows = new ArrayList<TraceRow<V>>();
            reader.forEachRemaining(rows::add);
            return rows;
        }
    }

    static <V> V value(TraceRow<V> row) {
        return ((TraceRow.Parsed<V>) row).value();
    }

    static String reason(TraceRow<?> row) {
        return ((TraceRow.Rejected<?>) row).reason();
    }

    /** Calls {@code line} with the fields of every line of a classpath resource or a gzip file, split on ','. */
    static void eachLine(String location, Consumer<String[]> line) throws IOException {
        InputStream in;
        if (location.startsWith("classpath:")) {
            var resource = location.substring("classpath:".length());
            in = AlibabaMachineFixtures.class.getClassLoader().getResourceAsStream(resource);
            if (in == null) {
                throw new IOException("no resource " + location);
            }
        } else {
            in = new GZIPInputStream(Files.newInputStream(Path.of(location)));
        }
        try (var lines = new BufferedReader(new InputStreamReader(in, UTF_8))) {
            String text;
            while ((text = lines.readLine()) != null) {
                if (!text.isBlank()) {
                    line.accept(text.split(",", -1));
                }
            }
        }
    }
}
