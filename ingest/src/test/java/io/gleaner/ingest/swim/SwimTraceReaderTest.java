package io.gleaner.ingest.swim;

import static io.gleaner.ingest.swim.SwimFixtures.SOURCE;
import static io.gleaner.ingest.swim.SwimFixtures.group;
import static io.gleaner.ingest.swim.SwimFixtures.job;
import static io.gleaner.ingest.swim.SwimFixtures.reader;
import static io.gleaner.ingest.swim.SwimFixtures.row;
import static io.gleaner.ingest.swim.SwimFixtures.rows;
import static io.gleaner.ingest.swim.SwimFixtures.trace;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskKind;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SwimTraceReaderTest {

    private static final String FB_2009_NAME = "FB-2009_samples_24_times_1hr_0.tsv";
    private static final long MIB = 1024L * 1024;
    private static final long GIB = 1024L * MIB;
    private static final long CHUNK = 128 * MIB;

    @Test
    void shouldReadTheShippedFb2009TraceFromTheClasspathWithoutRejections() throws IOException {
        long jobs = 0;
        long rejected = 0;
        Instant previous = Instant.MIN;
        boolean nonDecreasing = true;
        JobSubmitted first = null;
        try (var reader = SwimTraceReader.fb2009(SwimJobRule.defaults(), LineTraceReader.NO_LIMIT)) {
            assertThat(reader.sourceName()).isEqualTo(FB_2009_NAME);
            while (reader.hasNext()) {
                var row = reader.next();
                if (row instanceof TraceRow.Parsed<JobSubmitted> parsed) {
                    jobs++;
                    nonDecreasing &= !parsed.eventTime().isBefore(previous);
                    previous = parsed.eventTime();
                    if (first == null) {
                        first = parsed.value();
                    }
                } else {
                    rejected++;
                }
            }
            assertThat(reader.blankLines()).isZero();
            assertThat(reader.linesRead()).isEqualTo(5_894);
        }
        // SWIM README and DESIGN §5: the FB-2009 day holds 5,894 jobs.
        assertThat(jobs).isEqualTo(5_894);
        assertThat(rejected).isZero();
        assertThat(nonDecreasing).isTrue();
        assertThat(first).isEqualTo(job0ByHand());
    }

    /**
     * Job0 of FB-2009 from its line {@code job0 49 49 740773 2339561 627471}, by the rule:
     * submitted 49 s after 2009-05-01T00:00:00Z; 740,773 input bytes < 128 MiB, so 1 map reading all of them;
     * shuffle 2,339,561 bytes > 0, so ceil(2339561 / 1 GiB) = 1 reduce reading all of them.
     */
    private static JobSubmitted job0ByHand() {
        var job = job(row("job0", 49, 49, 740_773, 2_339_561, 627_471));
        assertThat(job.getJobId()).isEqualTo("job0");
        assertThat(job.getJobName()).isEqualTo("job0");
        assertThat(job.getUser()).isEqualTo("default");
        assertThat(job.getQueue()).isEqualTo("default");
        assertThat(job.getPriority()).isZero();
        assertThat(job.getDeadline()).isNull();
        assertThat(job.getSubmitTime()).isEqualTo(Instant.parse("2009-05-01T00:00:49Z"));
        assertThat(job.getInputBytes()).isEqualTo(740_773);
        assertThat(job.getShuffleBytes()).isEqualTo(2_339_561);
        assertThat(job.getOutputBytes()).isEqualTo(627_471);
        assertThat(job.getTasks()).hasSize(2);
        var maps = job.getTasks().get(0);
        assertThat(maps.getKind()).isEqualTo(TaskKind.MAP);
        assertThat(maps.getCount()).isEqualTo(1);
        assertThat(maps.getBytesPerTask()).isEqualTo(740_773);
        assertThat(maps.getLastTaskBytes()).isEqualTo(740_773);
        assertThat(maps.getFlopPerByte()).isEqualTo(3100.0);
        assertThat(maps.getDemand()).isEqualTo(new Resources(1.0, 3 * GIB));
        assertThat(maps.getDataset()).isEqualTo("job0/input");
        assertThat(maps.getFirstChunk()).isZero();
        var reduces = job.getTasks().get(1);
        assertThat(reduces.getKind()).isEqualTo(TaskKind.REDUCE);
        assertThat(reduces.getCount()).isEqualTo(1);
        assertThat(reduces.getBytesPerTask()).isEqualTo(2_339_561);
        assertThat(reduces.getLastTaskBytes()).isEqualTo(2_339_561);
        assertThat(reduces.getFlopPerByte()).isEqualTo(6300.0);
        assertThat(reduces.getDemand()).isEqualTo(new Resources(1.0, 4 * GIB));
        assertThat(reduces.getDataset()).isNull();
        return job;
    }

    @Test
    void shouldKeyEachRowByItsJobIdAndTimeItBySubmitTime() {
        var rows = rows(trace(row("job7", 120, 3, 1, 1, 1)));
        assertThat(rows).singleElement().isInstanceOfSatisfying(TraceRow.Parsed.class, parsed -> {
            assertThat(parsed.key()).isEqualTo("job7");
            assertThat(parsed.eventTime()).isEqualTo(Instant.parse("2009-05-01T00:02:00Z"));
            assertThat(parsed.line()).isEqualTo(1);
        });
    }

    static Stream<Arguments> mapSplits() {
        return Stream.of(
                Arguments.of(Named.of("no input: one empty map", 0L), 1, 0L, 0L),
                Arguments.of(Named.of("one byte", 1L), 1, 1L, 1L),
                Arguments.of(Named.of("exactly one chunk", CHUNK), 1, CHUNK, CHUNK),
                Arguments.of(Named.of("one chunk and a byte", CHUNK + 1), 2, CHUNK, 1L),
                Arguments.of(Named.of("three whole chunks", 3 * CHUNK), 3, CHUNK, CHUNK),
                Arguments.of(Named.of("three chunks and five bytes", 3 * CHUNK + 5), 4, CHUNK, 5L));
    }

    @ParameterizedTest
    @MethodSource("mapSplits")
    void shouldSplitMapInputIntoChunks(long input, int maps, long bytesPerTask, long lastTaskBytes) {
        var group = group(job(row("j", 0, 0, input, 0, 0)), TaskKind.MAP).orElseThrow();
        assertThat(group.getCount()).isEqualTo(maps);
        assertThat(group.getBytesPerTask()).isEqualTo(bytesPerTask);
        assertThat(group.getLastTaskBytes()).isEqualTo(lastTaskBytes);
        assertThat((maps - 1) * bytesPerTask + lastTaskBytes).isEqualTo(input);
    }

    static Stream<Arguments> reduceSplits() {
        long capped = 2000 * GIB + 7;
        return Stream.of(
                Arguments.of(Named.of("one byte", 1L), 1, 1L, 1L),
                Arguments.of(Named.of("exactly 1 GiB", GIB), 1, GIB, GIB),
                // ceil((1 GiB + 1) / 2) = 536870913; the last gets 1073741825 - 536870913 = 536870912.
                Arguments.of(Named.of("1 GiB and a byte", GIB + 1), 2, 536_870_913L, 536_870_912L),
                // 2001 reduces wanted, capped at 1000; ceil((2000 GiB + 7) / 1000) = 2 GiB + 1 = 2147483649;
                // the last gets 2000 GiB + 7 - 999 * 2147483649 = 2147483648 - 992 = 2147482656.
                Arguments.of(Named.of("2000 GiB and 7 bytes: capped at 1000", capped), 1000, 2_147_483_649L,
                        2_147_482_656L));
    }

    @ParameterizedTest
    @MethodSource("reduceSplits")
    void shouldSizeReducesByShuffleBytes(long shuffle, int reduces, long bytesPerTask, long lastTaskBytes) {
        var group = group(job(row("j", 0, 0, 1, shuffle, 0)), TaskKind.REDUCE).orElseThrow();
        assertThat(group.getCount()).isEqualTo(reduces);
        assertThat(group.getBytesPerTask()).isEqualTo(bytesPerTask);
        assertThat(group.getLastTaskBytes()).isEqualTo(lastTaskBytes);
        assertThat((reduces - 1) * bytesPerTask + lastTaskBytes).isEqualTo(shuffle);
    }

    @Test
    void shouldGiveAJobWithoutShuffleOnlyAMapGroup() {
        // job4 of FB-2009 shuffles nothing.
        var job = job(row("job4", 208, 11, 3_623_279, 0, 9_838_062));
        assertThat(job.getTasks()).singleElement()
                .satisfies(g -> assertThat(g.getKind()).isEqualTo(TaskKind.MAP));
    }

    @Test
    void shouldPrefixJobIdsAndNameTheDatasetAfterTheJobId() {
        var rule = SwimJobRule.defaults().withJobIdPrefix("run2/");
        try (var reader = reader(trace(row("job0", 0, 0, 1, 0, 0)), rule, LineTraceReader.NO_LIMIT)) {
            var parsed = (TraceRow.Parsed<JobSubmitted>) reader.next();
            assertThat(parsed.key()).isEqualTo("run2/job0");
            assertThat(parsed.value().getJobId()).isEqualTo("run2/job0");
            assertThat(parsed.value().getJobName()).isEqualTo("job0");
            assertThat(parsed.value().getTasks().get(0).getDataset()).isEqualTo("run2/job0/input");
        }
    }

    @Test
    void shouldTimeJobsFromTheConfiguredEpoch() {
        var rule = SwimJobRule.defaults().withTraceEpoch(Instant.parse("2020-01-01T00:00:00Z"));
        try (var reader = reader(trace(row("job0", 61, 0, 1, 0, 0)), rule, LineTraceReader.NO_LIMIT)) {
            assertThat(reader.next()).isInstanceOfSatisfying(TraceRow.Parsed.class,
                    parsed -> assertThat(parsed.eventTime()).isEqualTo(Instant.parse("2020-01-01T00:01:01Z")));
        }
    }

    static Stream<Arguments> badLines() {
        return Stream.of(
                Arguments.of(Named.of("five fields", "jobX\t2\t1\t10\t10"),
                        "expected 6 tab-separated fields (job name, submit seconds, gap seconds, map input bytes,"
                                + " shuffle bytes, reduce output bytes), found 5"),
                Arguments.of(Named.of("seven fields", "jobX\t2\t1\t10\t10\t10\t10"),
                        "expected 6 tab-separated fields (job name, submit seconds, gap seconds, map input bytes,"
                                + " shuffle bytes, reduce output bytes), found 7"),
                Arguments.of(Named.of("spaces instead of tabs", "jobX 2 1 10 10 10"),
                        "expected 6 tab-separated fields (job name, submit seconds, gap seconds, map input bytes,"
                                + " shuffle bytes, reduce output bytes), found 1"),
                Arguments.of(Named.of("empty job name", "\t2\t1\t10\t10\t10"), "job name must not be empty"),
                Arguments.of(Named.of("submit seconds not a number", "jobX\tabc\t1\t10\t10\t10"),
                        "submit seconds must be a whole number, was 'abc'"),
                Arguments.of(Named.of("gap seconds empty", "jobX\t2\t\t10\t10\t10"),
                        "gap seconds must be a whole number, was ''"),
                Arguments.of(Named.of("map input bytes a fraction", "jobX\t2\t1\t1.5\t10\t10"),
                        "map input bytes must be a whole number, was '1.5'"),
                Arguments.of(Named.of("shuffle bytes past a long", "jobX\t2\t1\t10\t99999999999999999999\t10"),
                        "shuffle bytes must be a whole number, was '99999999999999999999'"),
                Arguments.of(Named.of("negative submit seconds", "jobX\t-2\t1\t10\t10\t10"),
                        "submit seconds must be >= 0, was -2"),
                Arguments.of(Named.of("negative gap seconds", "jobX\t2\t-1\t10\t10\t10"),
                        "gap seconds must be >= 0, was -1"),
                Arguments.of(Named.of("negative map input bytes", "jobX\t2\t1\t-5\t10\t10"),
                        "map input bytes must be >= 0, was -5"),
                Arguments.of(Named.of("negative shuffle bytes", "jobX\t2\t1\t10\t-6\t10"),
                        "shuffle bytes must be >= 0, was -6"),
                Arguments.of(Named.of("negative reduce output bytes", "jobX\t2\t1\t10\t10\t-7"),
                        "reduce output bytes must be >= 0, was -7"),
                // The row before it was submitted at second 3.
                Arguments.of(Named.of("submit time going backwards", "jobX\t2\t0\t10\t10\t10"),
                        "submit seconds must not go backwards, was 2 after 3"),
                Arguments.of(Named.of("submit time past any timestamp", "jobX\t9223372036854775807\t1\t10\t10\t10"),
                        "submit seconds is too large for a timestamp, was 9223372036854775807"));
    }

    @ParameterizedTest
    @MethodSource("badLines")
    void shouldRejectABadLineWithItsReasonAndLineNumberAndReadOn(String bad, String reason) {
        var rows = rows(trace(row("job1", 3, 3, 10, 10, 10), bad, row("job2", 5, 2, 10, 10, 10)));

        assertThat(rows).hasSize(3);
        assertThat(rows.get(0)).isInstanceOf(TraceRow.Parsed.class);
        assertThat(rows.get(1)).isInstanceOfSatisfying(TraceRow.Rejected.class, rejected -> {
            var deadLetter = rejected.deadLetter();
            assertThat(deadLetter.getReason()).isEqualTo(reason);
            assertThat(deadLetter.getSourceTopic()).isEqualTo(SOURCE);
            assertThat(deadLetter.getPartition()).isEqualTo(-1);
            assertThat(deadLetter.getOffset()).isEqualTo(2);
            assertThat(deadLetter.getKey()).isNull();
            assertThat(deadLetter.getValue()).isEqualTo(ByteBuffer.wrap(bad.getBytes(UTF_8)));
            assertThat(deadLetter.getStage()).isEqualTo("ingest");
            assertThat(deadLetter.getTime()).isEqualTo(Instant.EPOCH);
            assertThat(rejected.line()).isEqualTo(2);
        });
        assertThat(rows.get(2)).isInstanceOfSatisfying(TraceRow.Parsed.class, parsed -> {
            assertThat(parsed.key()).isEqualTo("job2");
            assertThat(parsed.line()).isEqualTo(3);
        });
    }

    @Test
    void shouldCompareSubmitTimeWithThePreviousAcceptedRowNotARejectedOne() {
        // Line 2 is rejected for its gap; its submit second 9 must not make line 3 (second 5) go backwards.
        var rows = rows(trace(row("a", 3, 3, 1, 1, 1), "b\t9\t-1\t1\t1\t1", row("c", 5, 2, 1, 1, 1)));
        assertThat(rows).extracting(r -> r.getClass().getSimpleName()).containsExactly("Parsed", "Rejected", "Parsed");
    }

    @Test
    void shouldKeepTheRawBytesOfARejectedLine() {
        var bad = "jöb\t2\t1\t-5\t10\t10";
        var rows = rows(trace(bad));
        assertThat(rows).singleElement().isInstanceOfSatisfying(TraceRow.Rejected.class,
                rejected -> assertThat(rejected.deadLetter().getValue()).isEqualTo(ByteBuffer.wrap(bad.getBytes(UTF_8))));
    }

    @Test
    void shouldRejectALineThatIsNotUtf8AndKeepItsBytes() throws IOException {
        var bytes = new ByteArrayOutputStream();
        var bad = new byte[] {'j', (byte) 0xff, '\t', '1', '\t', '1', '\t', '1', '\t', '1', '\t', '1'};
        bytes.write(bad);
        bytes.write('\n');
        bytes.write(row("job2", 5, 2, 10, 10, 10).getBytes(UTF_8));
        try (var reader = reader(bytes.toByteArray(), SwimJobRule.defaults(), LineTraceReader.NO_LIMIT)) {
            var first = reader.next();
            assertThat(first).isInstanceOfSatisfying(TraceRow.Rejected.class, rejected -> {
                assertThat(rejected.reason()).isEqualTo("line is not valid UTF-8");
                assertThat(rejected.deadLetter().getValue()).isEqualTo(ByteBuffer.wrap(bad));
            });
            assertThat(reader.next()).isInstanceOf(TraceRow.Parsed.class);
            assertThat(reader.hasNext()).isFalse();
        }
    }

    @Test
    void shouldRejectAnOverlongLineKeepingItsFirstBytesAndReadOn() {
        var longLine = "x".repeat(LineTraceReader.DEFAULT_MAX_LINE_BYTES + 10);
        var rows = rows(trace(longLine, row("job2", 5, 2, 10, 10, 10)));
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).isInstanceOfSatisfying(TraceRow.Rejected.class, rejected -> {
            assertThat(rejected.reason()).isEqualTo("line is longer than 65536 bytes; its first 65536 bytes are kept");
            assertThat(rejected.deadLetter().getValue().remaining()).isEqualTo(LineTraceReader.DEFAULT_MAX_LINE_BYTES);
        });
        assertThat(rows.get(1)).isInstanceOfSatisfying(TraceRow.Parsed.class,
                parsed -> assertThat(parsed.line()).isEqualTo(2));
    }

    @Test
    void shouldSkipAndCountBlankLines() {
        try (var reader = reader("\n" + row("a", 1, 1, 1, 1, 1) + "\n \t \n\n" + row("b", 2, 1, 1, 1, 1) + "\n")) {
            var rows = new ArrayList<TraceRow<JobSubmitted>>();
            reader.forEachRemaining(rows::add);
            assertThat(rows).extracting(TraceRow::line).containsExactly(2L, 5L);
            assertThat(reader.blankLines()).isEqualTo(3);
            assertThat(reader.linesRead()).isEqualTo(5);
        }
    }

    @Test
    void shouldAcceptCrlfLineEndsAByteOrderMarkAndNoFinalNewline() {
        var text = "\uFEFF" + row("a", 1, 1, 1, 1, 1) + "\r\n" + row("b", 2, 1, 1, 1, 1);
        var rows = rows(text);
        assertThat(rows).hasSize(2).allSatisfy(r -> assertThat(r).isInstanceOf(TraceRow.Parsed.class));
        assertThat(((TraceRow.Parsed<JobSubmitted>) rows.get(0)).key()).isEqualTo("a");
        assertThat(((TraceRow.Parsed<JobSubmitted>) rows.get(1)).value().getOutputBytes()).isEqualTo(1);
    }

    @Test
    void shouldReadGzipByItsMagicBytesWhateverTheFileIsCalled(@TempDir Path dir) throws IOException {
        var plain = readAll(SwimTraceReader.fb2009(SwimJobRule.defaults(), LineTraceReader.NO_LIMIT));
        byte[] original;
        try (var in = TraceInput.resource(SwimTraceReader.FB_2009_RESOURCE)) {
            original = in.stream().readAllBytes();
        }
        var gz = dir.resolve(FB_2009_NAME + ".gz");
        try (var out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(original);
        }
        var oddName = Files.copy(gz, dir.resolve("trace.bin"));

        try (var reader = SwimTraceReader.open(gz, SwimJobRule.defaults(), LineTraceReader.NO_LIMIT)) {
            assertThat(reader.sourceName()).isEqualTo(FB_2009_NAME + ".gz");
            assertThat(readAll(reader)).hasSize(5_894).isEqualTo(plain);
        }
        assertThat(readAll(SwimTraceReader.open(oddName.toString(), SwimJobRule.defaults(),
                LineTraceReader.NO_LIMIT))).isEqualTo(plain);
    }

    @Test
    void shouldFailLoudlyOnATruncatedGzipStreamRatherThanEndQuietly() throws IOException {
        var bytes = new ByteArrayOutputStream();
        try (var gzip = new GZIPOutputStream(bytes)) {
            for (int i = 0; i < 2000; i++) {
                gzip.write((row("job" + i, i, 1, i, i, i) + "\n").getBytes(UTF_8));
            }
        }
        var truncated = Arrays.copyOf(bytes.toByteArray(), bytes.size() / 2);
        try (var reader = reader(truncated, SwimJobRule.defaults(), LineTraceReader.NO_LIMIT)) {
            assertThatThrownBy(() -> reader.forEachRemaining(row -> { }))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessageStartingWith("reading inline.tsv after line ");
        }
    }

    @Test
    void shouldRefuseAGzFileThatIsNotGzip(@TempDir Path dir) throws IOException {
        var fake = Files.writeString(dir.resolve("trace.tsv.gz"), row("a", 1, 1, 1, 1, 1));
        assertThatThrownBy(() -> SwimTraceReader.open(fake, SwimJobRule.defaults(), LineTraceReader.NO_LIMIT))
                .isInstanceOf(IOException.class)
                .hasMessage("trace.tsv.gz is named .gz but does not start with the gzip magic bytes 1f 8b");
    }

    @Test
    void shouldStopAfterTheLimitWithoutReadingFurther() throws IOException {
        try (var reader = SwimTraceReader.fb2009(SwimJobRule.defaults(), 3)) {
            var keys = new ArrayList<String>();
            reader.forEachRemaining(r -> keys.add(((TraceRow.Parsed<JobSubmitted>) r).key()));
            assertThat(keys).containsExactly("job0", "job1", "job2");
            assertThat(reader.linesRead()).isEqualTo(3);
        }
    }

    @Test
    void shouldCountOnlyJobsTowardsTheLimit() {
        var text = trace(row("a", 1, 1, 1, 1, 1), "bad", row("b", 2, 1, 1, 1, 1), row("c", 3, 1, 1, 1, 1));
        try (var reader = reader(text, SwimJobRule.defaults(), 2)) {
            var rows = new ArrayList<TraceRow<JobSubmitted>>();
            reader.forEachRemaining(rows::add);
            assertThat(rows).extracting(TraceRow::line).containsExactly(1L, 2L, 3L);
            assertThat(reader.linesRead()).isEqualTo(3);
        }
    }

    @Test
    void shouldReadNothingWithALimitOfZero() {
        try (var reader = reader(trace(row("a", 1, 1, 1, 1, 1)), SwimJobRule.defaults(), 0)) {
            assertThat(reader.hasNext()).isFalse();
            assertThat(reader.linesRead()).isZero();
        }
    }

    @Test
    void shouldRefuseANegativeLimit() {
        assertThatThrownBy(() -> SwimTraceReader.fb2009(SwimJobRule.defaults(), -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("limit must be >= 0, was -1");
    }

    @Test
    void shouldStreamRowsAndCloseTheReaderWithTheStream() throws IOException {
        var reader = SwimTraceReader.fb2009(SwimJobRule.defaults(), 10);
        try (var rows = reader.stream()) {
            assertThat(rows.filter(TraceRow.Parsed.class::isInstance).count()).isEqualTo(10);
        }
        // A closed reader has nothing more to give.
        assertThat(reader.hasNext()).isFalse();
    }

    @Test
    void shouldReadTheBundledTraceByItsClasspathLocation() throws IOException {
        try (var reader = SwimTraceReader.open(SwimTraceReader.FB_2009, SwimJobRule.defaults(), 1)) {
            assertThat(reader.next()).isInstanceOfSatisfying(TraceRow.Parsed.class,
                    parsed -> assertThat(parsed.key()).isEqualTo("job0"));
        }
    }

    @Test
    void shouldEncodeTheLargestFb2009JobInUnderOneKilobyte() throws IOException {
        JobSubmitted largest = null;
        try (var reader = SwimTraceReader.fb2009(SwimJobRule.defaults(), LineTraceReader.NO_LIMIT)) {
            for (var job : jobs(reader)) {
                if (largest == null || job.getInputBytes() > largest.getInputBytes()) {
                    largest = job;
                }
            }
        }
        // job969 reads 7,551,263,722,208 bytes (7.5 TB): 56,261 chunks of 128 MiB hold 7,551,223,595,008,
        // so it needs 56,262 maps, the last reading the remaining 40,127,200 bytes.
        assertThat(largest.getJobId()).isEqualTo("job969");
        var maps = group(largest, TaskKind.MAP).orElseThrow();
        assertThat(maps.getCount()).isEqualTo(56_262);
        assertThat(maps.getLastTaskBytes()).isEqualTo(40_127_200L);

        var out = new ByteArrayOutputStream();
        var encoder = EncoderFactory.get().binaryEncoder(out, null);
        new SpecificDatumWriter<>(JobSubmitted.class).write(largest, encoder);
        encoder.flush();
        assertThat(out.size()).isLessThan(1024);
    }

    private static List<JobSubmitted> readAll(SwimTraceReader reader) {
        try (reader) {
            return jobs(reader);
        }
    }

    private static List<JobSubmitted> jobs(SwimTraceReader reader) {
        var jobs = new ArrayList<JobSubmitted>();
        reader.forEachRemaining(row -> {
            if (row instanceof TraceRow.Parsed<JobSubmitted> parsed) {
                jobs.add(parsed.value());
            } else {
                throw new AssertionError("unexpected rejection " + row);
            }
        });
        return jobs;
    }
}
