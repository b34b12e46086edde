package io.gleaner.ingest.bitbrains;

import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.HEADER;
import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.gzip;
import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.reason;
import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.row;
import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.ingest.validation.SampleValidator;
import io.gleaner.ingest.validation.ValidatingReader;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BitbrainsDirectoryReaderTest {

    @Test
    void shouldMergeFilesByTimeThenNodeIdKeepingCpuBeforeMemory(@TempDir Path dir) throws IOException {
        gzip(dir.resolve("b.csv.gz"), HEADER, row(0, 1, 0.1, 1, 0.1), row(300, 1, 0.2, 1, 0.2));
        gzip(dir.resolve("a.csv.gz"), HEADER, row(300, 1, 0.3, 1, 0.3), row(600, 1, 0.4, 1, 0.4));
        Files.writeString(dir.resolve("c.csv"), HEADER + "\n" + row(100, 1, 0.5, 1, 0.5) + "\n");
        Files.writeString(dir.resolve("README.md"), "not a trace");

        List<TraceRow<UtilizationSample>> rows = new ArrayList<>();
        try (var reader = BitbrainsDirectoryReader.open(dir, "")) {
            reader.forEachRemaining(rows::add);
            assertThat(reader.sourceName()).isEqualTo(dir.getFileName().toString());
            assertThat(reader.linesRead()).isEqualTo(3 + 3 + 2);
        }

        // Times 0 (b), 100 (c), 300 (a before b: same time, node ids compared), 300 (b), 600 (a).
        assertThat(rows).extracting(r -> sample(r).getTime().getEpochSecond(), r -> sample(r).getNodeId(),
                r -> sample(r).getMetric()).containsExactly(
                tuple(0L, "b", Metric.CPU), tuple(0L, "b", Metric.MEMORY),
                tuple(100L, "c", Metric.CPU), tuple(100L, "c", Metric.MEMORY),
                tuple(300L, "a", Metric.CPU), tuple(300L, "a", Metric.MEMORY),
                tuple(300L, "b", Metric.CPU), tuple(300L, "b", Metric.MEMORY),
                tuple(600L, "a", Metric.CPU), tuple(600L, "a", Metric.MEMORY));
    }

    @Test
    void shouldEmitARejectedRowWhereItStoodInItsFile(@TempDir Path dir) throws IOException {
        gzip(dir.resolve("a.csv.gz"), HEADER, row(0, 1, 0.5, 1, 0.5), "garbage", row(600, 1, 0.5, 1, 0.5));
        gzip(dir.resolve("b.csv.gz"), HEADER, row(300, 1, 0.5, 1, 0.5), row(900, 1, 0.5, 1, 0.5));

        List<TraceRow<UtilizationSample>> rows = new ArrayList<>();
        try (var reader = BitbrainsDirectoryReader.open(dir, "")) {
            reader.forEachRemaining(rows::add);
        }

        // The bad line 3 of a follows a's sample at 0, so it is ordered at time 0, before b's 300.
        assertThat(rows).hasSize(9);
        assertThat(rows.get(2)).isInstanceOf(TraceRow.Rejected.class);
        var deadLetter = ((TraceRow.Rejected<UtilizationSample>) rows.get(2)).deadLetter();
        assertThat(deadLetter.getSourceTopic()).isEqualTo("a.csv.gz");
        assertThat(deadLetter.getOffset()).isEqualTo(3);
        assertThat(reason(rows.get(2))).contains("found 1");
        assertThat(sample(rows.get(3)).getNodeId()).isEqualTo("b");
    }

    @Test
    void shouldRefuseTwoFilesWithTheSameNodeId(@TempDir Path dir) throws IOException {
        gzip(dir.resolve("7.csv.gz"), HEADER);
        Files.writeString(dir.resolve("7.csv"), HEADER + "\n");

        assertThatThrownBy(() -> BitbrainsDirectoryReader.open(dir, ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'7'");
    }

    @Test
    void shouldReadAnEmptyDirectoryAsAnEmptyTrace(@TempDir Path dir) throws IOException {
        try (var reader = BitbrainsDirectoryReader.open(dir, "")) {
            assertThat(reader.hasNext()).isFalse();
            assertThat(reader.files()).isEmpty();
        }
    }

    @Test
    void shouldOpenASingleFileAsAMergeOfOne(@TempDir Path dir) throws IOException {
        var file = gzip(dir.resolve("5.csv.gz"), HEADER, row(0, 1, 0.5, 1, 0.5));

        try (var reader = BitbrainsDirectoryReader.open(file, "x-")) {
            assertThat(reader.files()).extracting(BitbrainsTraceReader::nodeId).containsExactly("x-5");
            assertThat(reader.next()).isInstanceOf(TraceRow.Parsed.class);
        }
    }

    @Test
    void shouldListEveryBundledFileAsAnExcerptVm() throws URISyntaxException, IOException {
        var folder = Path.of(getClass().getClassLoader().getResource(BitbrainsDirectoryReader.EXCERPT_FOLDER).toURI());
        try (var files = Files.list(folder)) {
            var vms = files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".csv.gz"))
                    .map(n -> n.substring(0,
                            n.length() - ".csv.gz".length())).collect(Collectors.toCollection(TreeSet::new));
            assertThat(vms).containsExactlyElementsOf(new TreeSet<>(BitbrainsDirectoryReader.EXCERPT_VMS));
        }
        assertThat(folder.resolve("ATTRIBUTION.md")).isRegularFile();
        assertThat(folder.resolve("LICENSE-repo-BSD-2")).isRegularFile();
    }

    @Test
    void shouldReadTheBundledExcerptEndToEndAsTheRawFilesPredict() throws IOException {
        // Count the raw files independently: data rows, samples per metric, clamped values.
        var expected = new BitbrainsFixtures.Expected(0, 0, 0, 0, 0);
        Map<String, Long> expectedRowsPerNode = new HashMap<>();
        for (var vm : BitbrainsDirectoryReader.EXCERPT_VMS) {
            try (InputStream in = resource(vm)) {
                var file = BitbrainsFixtures.Expected.of(in);
                expected = expected.plus(file);
                expectedRowsPerNode.put("bb-" + vm, file.rows());
            }
        }

        Map<String, Long> cpuPerNode = new HashMap<>();
        Map<String, Long> memoryPerNode = new HashMap<>();
        long samples = 0;
        long rejected = 0;
        var previous = Instant.MIN;
        var previousNode = "";
        boolean ordered = true;
        boolean inRange = true;
        var validator = SampleValidator.anyHost();
        try (var reader = ValidatingReader.of(BitbrainsDirectoryReader.excerpt("bb-"), validator)) {
            while (reader.hasNext()) {
                var row = reader.next();
                if (row instanceof TraceRow.Parsed<UtilizationSample> parsed) {
                    samples++;
                    var s = parsed.value();
                    (s.getMetric() == Metric.CPU ? cpuPerNode : memoryPerNode).merge(s.getNodeId(), 1L, Long::sum);
                    inRange &= s.getValue() >= 0 && s.getValue() <= 1;
                    int byTime = parsed.eventTime().compareTo(previous);
                    ordered &= byTime > 0 || (byTime == 0 && s.getNodeId().compareTo(previousNode) >= 0);
                    previous = parsed.eventTime();
                    previousNode = s.getNodeId();
                } else {
                    rejected++;
                }
            }
            assertThat(reader.linesRead()).isEqualTo(expected.rows() + BitbrainsDirectoryReader.EXCERPT_VMS.size());
        }

        // Ten VMs of about 570 five-minute rows (two days); every excerpt row has both capacities, so 2 samples a row.
        assertThat(expected.rows()).isBetween(10 * 560L, 10 * 580L);
        assertThat(expected.rejectedMetrics()).isZero();
        assertThat(samples).isEqualTo(2 * expected.rows());
        assertThat(rejected).isZero();
        assertThat(cpuPerNode).isEqualTo(expectedRowsPerNode);
        assertThat(memoryPerNode).isEqualTo(expectedRowsPerNode);
        assertThat(ordered).isTrue();
        assertThat(inRange).isTrue();
        assertThat(validator.summary().accepted()).isEqualTo(samples);
        assertThat(validator.trackedSeries()).isEqualTo(20);
    }

    @Test
    void shouldReadTheExcerptThroughItsLocation() throws IOException {
        try (var reader = BitbrainsDirectoryReader.open(BitbrainsDirectoryReader.EXCERPT, "")) {
            assertThat(reader.files()).extracting(BitbrainsTraceReader::nodeId)
                    .containsExactlyElementsOf(BitbrainsDirectoryReader.EXCERPT_VMS);
            assertThat(reader.hasNext()).isTrue();
        }
    }

    @Test
    void shouldReadTheWholeRealDirectoryAsTheRawFilesPredict() throws IOException {
        var dir = BitbrainsFixtures.RND_2013_8;
        assumeTrue(Files.isDirectory(dir), "the Bitbrains Rnd trace is not on this machine");
        var expected = new BitbrainsFixtures.Expected(0, 0, 0, 0, 0);
        long files = 0;
        try (var listing = Files.list(dir)) {
            for (var file : listing.filter(f -> f.toString().endsWith(".csv.gz")).toList()) {
                expected = expected.plus(BitbrainsFixtures.Expected.of(file));
                files++;
            }
        }

        long samples = 0;
        long rejected = 0;
        long zeroCapacity = 0;
        long farAboveCapacity = 0;
        var nodes = new TreeSet<String>();
        Instant previous = Instant.MIN;
        boolean ordered = true;
        boolean inRange = true;
        var validator = SampleValidator.anyHost();
        try (var reader = BitbrainsDirectoryReader.open(dir, "")) {
            var validating = ValidatingReader.of(reader, validator);
            while (validating.hasNext()) {
                var row = validating.next();
                if (row instanceof TraceRow.Parsed<UtilizationSample> parsed) {
                    samples++;
                    nodes.add(parsed.key());
                    inRange &= parsed.value().getValue() >= 0 && parsed.value().getValue() <= 1;
                    ordered &= !parsed.eventTime().isBefore(previous);
                    previous = parsed.eventTime();
                } else {
                    rejected++;
                    var reason = reason(row);
                    boolean zero = reason.contains("capacity provisioned") && reason.contains("must be > 0, was 0.0");
                    zeroCapacity += zero ? 1 : 0;
                    farAboveCapacity += reason.contains("is more than 1.25 times") ? 1 : 0;
                }
            }
            assertThat(reader.clampedSamples()).isEqualTo(expected.clamped());
        }

        assertThat(files).isEqualTo(100);
        assertThat(samples).isEqualTo(expected.samples());
        assertThat(rejected).isEqualTo(expected.rejectedMetrics());
        // The real trace has two kinds of bad samples: its all-zero (unmeasured) rows, capacity 0, and a few
        // memory usages far above a capacity that was being changed (VMs 94, 126, 333); nothing else.
        assertThat(zeroCapacity + farAboveCapacity).isEqualTo(rejected);
        assertThat(zeroCapacity).isPositive().isEven();
        assertThat(farAboveCapacity).isLessThan(zeroCapacity / 100);
        assertThat(validator.summary().rejectedTotal()).isZero();
        assertThat(nodes).hasSize(100);
        assertThat(ordered).isTrue();
        assertThat(inRange).isTrue();
    }

    private static InputStream resource(String vm) throws IOException {
        var in = BitbrainsDirectoryReaderTest.class.getClassLoader()
                .getResourceAsStream(BitbrainsDirectoryReader.EXCERPT_FOLDER + vm + ".csv.gz");
        if (in == null) {
            throw new IOException("no bundled excerpt file for VM " + vm);
        }
        return in;
    }
}
