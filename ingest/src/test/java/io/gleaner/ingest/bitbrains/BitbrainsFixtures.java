package io.gleaner.ingest.bitbrains;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** Bitbrains rows, files and an independent count of what a raw file should yield. */
final class BitbrainsFixtures {

    static final String HEADER = "Timestamp [ms];\tCPU cores;\tCPU capacity provisioned [MHZ];\tCPU usage [MHZ];"
            + "\tCPU usage [%];\tMemory capacity provisioned [KB];\tMemory usage [KB];\tDisk read throughput [KB/s];"
            + "\tDisk write throughput [KB/s];\tNetwork received throughput [KB/s];"
            + "\tNetwork transmitted throughput [KB/s]";

    /** The real trace the bench and the excerpt come from, when this machine has it. */
    static final Path RND_2013_8 = Path.of("/work/shared/data/bitbrains-rnd/2013-8");

    private BitbrainsFixtures() {
    }

    /** A row in the trace's layout: fields joined by ';' and a tab; disk and network 0. */
    static String row(long seconds, double cpuCapacity, double cpuUsage, double memoryCapacity, double memoryUsage) {
        double percent = cpuCapacity > 0 ? 100 * cpuUsage / cpuCapacity : 0;
        return String.join(";\t", Long.toString(seconds), "4", Double.toString(cpuCapacity),
                Double.toString(cpuUsage), Double.toString(percent), Double.toString(memoryCapacity),
                Double.toString(memoryUsage), "0.0", "0.0", "0.0", "0.0");
    }

    /** A reader over lines held in memory, as if read from the file {@code name} (gzip when it ends in .gz). */
    static BitbrainsTraceReader reader(String name, String... lines) {
        try {
            var bytes = (String.join("\n", lines) + "\n").getBytes(UTF_8);
            if (name.endsWith(".gz")) {
                var out = new ByteArrayOutputStream();
                try (var gzip = new GZIPOutputStream(out)) {
                    gzip.write(bytes);
                }
                bytes = out.toByteArray();
            }
            var input = TraceInput.of(name, new ByteArrayInputStream(bytes));
            return new BitbrainsTraceReader(input, BitbrainsTraceReader.nodeId(name, ""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<TraceRow<UtilizationSample>> readAll(BitbrainsTraceReader reader) {
        try (reader) {
            var rows = new ArrayList<TraceRow<UtilizationSample>>();
            reader.forEachRemaining(rows::add);
            return rows;
        }
    }

    /** Writes a gzip file of the given lines. */
    static Path gzip(Path file, String... lines) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write((String.join("\n", lines) + "\n").getBytes(UTF_8));
        }
        return file;
    }

    static UtilizationSample sample(TraceRow<UtilizationSample> row) {
        return ((TraceRow.Parsed<UtilizationSample>) row).value();
    }

    static String reason(TraceRow<UtilizationSample> row) {
        return ((TraceRow.Rejected<UtilizationSample>) row).reason();
    }

    /**
     * What a raw file should give, counted without the reader: split each data line on ';', and per
     * metric a sample when capacity &gt; 0 and 0 &lt;= usage &lt;= 1.25 x capacity, clamped when usage
     * &gt; capacity, else one rejection.
     */
    record Expected(long rows, long samples, long rejectedMetrics, long clamped, long cpuSamples) {

        static Expected of(InputStream gzip) throws IOException {
            long rows = 0;
            long samples = 0;
            long rejected = 0;
            long clamped = 0;
            long cpu = 0;
            try (var lines = new BufferedReader(new InputStreamReader(new GZIPInputStream(gzip), UTF_8))) {
                String line;
                boolean first = true;
                while ((line = lines.readLine()) != null) {
                    if (first) {
                        first = false;
                        if (line.startsWith("Timestamp")) {
                            continue;
                        }
                    }
                    var fields = line.split(";");
                    rows++;
                    for (int[] metric : new int[][] {{2, 3}, {5, 6}}) {
                        double capacity = Double.parseDouble(fields[metric[0]].trim());
                        double usage = Double.parseDouble(fields[metric[1]].trim());
                        if (capacity <= 0 || usage < 0 || usage > 1.25 * capacity) {
                            rejected++;
                            continue;
                        }
                        samples++;
                        if (metric[0] == 2) {
                            cpu++;
                        }
                        if (usage > capacity) {
                            clamped++;
                        }
                    }
                }
            }
            return new Expected(rows, samples, rejected, clamped, cpu);
        }

        static Expected of(Path gzip) throws IOException {
            try (var in = Files.newInputStream(gzip)) {
                return of(in);
            }
        }

        Expected plus(Expected other) {
            return new Expected(rows + other.rows, samples + other.samples, rejectedMetrics + other.rejectedMetrics,
                    clamped + other.clamped, cpuSamples + other.cpuSamples);
        }
    }
}
