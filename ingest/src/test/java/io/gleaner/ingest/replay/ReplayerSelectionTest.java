package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.ingest.trace.MappedRows;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.ingest.validation.SampleValidator;
import io.gleaner.ingest.validation.ValidatingReader;
import io.gleaner.ingest.validation.ValidationRule;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Which rows a replay sends: window, sampling, resume, and the position every row gets. */
class ReplayerSelectionTest {

    private static final Instant T0 = Instant.parse("2018-01-01T00:00:00Z");

    private final ListSink<String> records = new ListSink<>();
    private final ListSink<DeadLetter> deadLetters = new ListSink<>();
    private final FakePacer pacer = new FakePacer();

    private static TraceRow<String> parsed(long line, long seconds, String key) {
        return new TraceRow.Parsed<>(line, T0.plusSeconds(seconds), key, key + "@" + seconds);
    }

    private static TraceRow<String> rejected(long line, Instant time, String key) {
        return new TraceRow.Rejected<>(DeadLetter.newBuilder()
                .setSourceTopic("list").setPartition(-1).setOffset(line)
                .setKey(key == null ? null : ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)))
                .setValue(null).setReason("bad value on line " + line).setStage("ingest").setTime(time)
                .build());
    }

    private ReplaySummary replay(List<TraceRow<String>> rows, ReplayOptions options, Resume resume)
            throws InterruptedException {
        return new Replayer<>(records, deadLetters, pacer, options)
                .replay(new ListTraceReader<>(rows, 0), resume, progress -> { });
    }

    private ReplaySummary replay(List<TraceRow<String>> rows, ReplayOptions options) throws InterruptedException {
        return replay(rows, options, Resume.none());
    }

    private List<String> sentKeys() {
        return records.sent().stream().map(ListSink.Sent::key).toList();
    }

    @Test
    void shouldGiveEveryRowInsideTheSelectionItsOrdinalAsPosition() throws InterruptedException {
        // Two rows of one line (cpu and memory) get two positions; the row outside the window gets none.
        var rows = List.of(parsed(1, 0, "a"), parsed(1, 0, "b"), rejected(2, Instant.EPOCH, null),
                parsed(3, 99, "c"), parsed(4, 5, "d"));

        replay(rows, ReplayOptions.asFastAsPossible().withWindow(ReplayWindow.parse(null, "10s")));

        assertThat(records.sent()).extracting(ListSink.Sent::from).containsExactly(
                new TracePosition("list", 1), new TracePosition("list", 2), new TracePosition("list", 4));
        assertThat(deadLetters.sent()).extracting(ListSink.Sent::from).containsExactly(new TracePosition("list", 3));
    }

    @Test
    void shouldSkipAndCountRowsOutsideAWindowGivenAsDurationsFromTheTraceStart() throws InterruptedException {
        var rows = List.of(parsed(1, 0, "a"), parsed(2, 10, "b"), parsed(3, 20, "c"), parsed(4, 30, "d"),
                parsed(5, 15, "e"));

        var summary = replay(rows, ReplayOptions.asFastAsPossible().withWindow(ReplayWindow.parse("10s", "30s")));

        // [10 s, 30 s) after the first row's time: b, c and e (the trace is not sorted; each row is judged alone).
        assertThat(sentKeys()).containsExactly("b", "c", "e");
        assertThat(summary.skippedByWindow()).isEqualTo(2);
        assertThat(summary.sent()).isEqualTo(3);
        assertThat(summary.rows()).isEqualTo(5);
        assertThat(deadLetters.sent()).isEmpty();
    }

    @Test
    void shouldTakeWindowBoundsGivenAsInstantsAsTheyAre() throws InterruptedException {
        var rows = List.of(parsed(1, 0, "a"), parsed(2, 3600, "b"), parsed(3, 7200, "c"));

        replay(rows, ReplayOptions.asFastAsPossible()
                .withWindow(ReplayWindow.parse("2018-01-01T00:30:00Z", "2018-01-01T02:00:00Z")));

        assertThat(sentKeys()).containsExactly("b");
    }

    @Test
    void shouldPaceFromTheFirstRecordInsideTheWindow() throws InterruptedException {
        var rows = List.of(parsed(1, 0, "a"), parsed(2, 100, "b"), parsed(3, 104, "c"));

        replay(rows, ReplayOptions.atSpeed(1).withWindow(ReplayWindow.parse("100s", null)));

        // b is the first record sent: it goes at once, c 4 s later; nothing waits for the 100 s skipped.
        assertThat(pacer.waits()).containsExactly(Duration.ZERO, Duration.ofSeconds(4));
    }

    @Test
    void shouldWindowADeadLetterByItsEventTimeOnlyWhenItKnowsIt() throws InterruptedException {
        var rows = List.of(parsed(1, 0, "a"), rejected(2, T0.plusSeconds(50), null), rejected(3, Instant.EPOCH, null),
                rejected(4, T0.plusSeconds(5), null));

        var summary = replay(rows, ReplayOptions.asFastAsPossible().withWindow(ReplayWindow.parse(null, "10s")));

        // Line 2 is past the window; line 3 has no time (0) so it cannot be judged and is dead-lettered.
        assertThat(deadLetters.sent()).extracting(sent -> sent.value().getOffset()).containsExactly(3L, 4L);
        assertThat(summary.skippedByWindow()).isEqualTo(1);
        assertThat(summary.rejected()).isEqualTo(2);
    }

    @Test
    void shouldSendOnlyTheKeysTheSamplerKeepsAndCountTheRest() throws InterruptedException {
        var sampler = new KeySampler(0.3, 2024);
        var rows = new ArrayList<TraceRow<String>>();
        for (int step = 0; step < 3; step++) {
            for (int node = 0; node < 100; node++) {
                rows.add(parsed(rows.size() + 1, step * 300L, "m_" + node));
            }
        }
        var keptNodes = IntStream.range(0, 100).mapToObj(i -> "m_" + i).filter(sampler::keeps).toList();

        var summary = replay(rows, ReplayOptions.asFastAsPossible().withSampler(sampler));

        // Every row of a kept node is sent, in trace order; every row of another node is skipped.
        var expected = new ArrayList<String>();
        for (int step = 0; step < 3; step++) {
            expected.addAll(keptNodes);
        }
        assertThat(sentKeys()).containsExactlyElementsOf(expected);
        assertThat(keptNodes).isNotEmpty().hasSizeLessThan(100);
        assertThat(summary.skippedBySampling()).isEqualTo(300 - expected.size());
    }

    @Test
    void shouldSampleTheSameRowsOnASecondRunWithTheSameSeed() throws InterruptedException {
        var rows = IntStream.range(0, 200).mapToObj(i -> parsed(i + 1, i, "job" + i)).toList();
        var options = ReplayOptions.asFastAsPossible().withSampler(new KeySampler(0.5, 1));

        replay(rows, options);
        var first = sentKeys();
        var second = new ListSink<String>();
        new Replayer<>(second, deadLetters, pacer, options).replay(new ListTraceReader<>(rows, 0), progress -> { });

        assertThat(second.sent()).extracting(ListSink.Sent::key).containsExactlyElementsOf(first);
    }

    @Test
    void shouldSampleADeadLetterByItsKeyWhenItHasOne() throws InterruptedException {
        var sampler = new KeySampler(0.5, 3);
        var dropped = IntStream.range(0, 100).mapToObj(i -> "m_" + i).filter(k -> !sampler.keeps(k)).findFirst()
                .orElseThrow();
        var rows = List.of(rejected(1, Instant.EPOCH, dropped), rejected(2, Instant.EPOCH, null));

        var summary = replay(rows, ReplayOptions.asFastAsPossible().withSampler(sampler));

        assertThat(deadLetters.sent()).extracting(sent -> sent.value().getOffset()).containsExactly(2L);
        assertThat(summary.skippedBySampling()).isEqualTo(1);
    }

    @Test
    void shouldSkipWhatTheDestinationsAlreadyHoldWhenResuming() throws InterruptedException {
        var rows = List.of(parsed(1, 0, "a"), rejected(2, Instant.EPOCH, null), parsed(3, 1, "b"),
                rejected(4, Instant.EPOCH, null), parsed(5, 2, "a"), parsed(6, 3, "b"));
        // Records: key a reached position 5, key b position 1 (none of b yet). Dead letters: up to 2.
        ReplayedPositions recordsHeld = (key, value, from) -> from.position() <= ("a".equals(key) ? 5 : 1);
        ReplayedPositions deadLettersHeld = (key, value, from) -> key == null && from.position() <= 2;

        var summary = replay(rows, ReplayOptions.atSpeed(1), new Resume(recordsHeld, deadLettersHeld));

        assertThat(records.sent()).extracting(sent -> sent.from().position()).containsExactly(3L, 6L);
        assertThat(deadLetters.sent()).extracting(sent -> sent.from().position()).containsExactly(4L);
        assertThat(summary.skippedAsReplayed()).isEqualTo(3);
        assertThat(summary.rows()).isEqualTo(6);
        // Paced from the first record sent in this run (b at 1 s), not from the trace's first.
        assertThat(pacer.waits()).containsExactly(Duration.ZERO, Duration.ofSeconds(2));
    }

    @Test
    void shouldStampADeadLetterWithThePrecedingRowsTimeWhetherThatRowWasSentOrAlreadyHeld()
            throws InterruptedException {
        var rows = List.of(parsed(1, 10, "a"), parsed(2, 20, "b"), rejected(3, Instant.EPOCH, null));
        ReplayedPositions recordsHeld = (key, value, from) -> true;

        replay(rows, ReplayOptions.asFastAsPossible(), new Resume(recordsHeld, ReplayedPositions.NONE));

        // Nothing was sent in this run, yet the dead letter carries b's time, as in an uninterrupted replay.
        assertThat(records.sent()).isEmpty();
        assertThat(deadLetters.sent()).singleElement()
                .satisfies(sent -> assertThat(sent.timestamp()).isEqualTo(T0.plusSeconds(20)));
    }

    @Test
    void shouldApplyTheWindowAndTheSampleBeforeAskingWhatIsHeld() throws InterruptedException {
        var asked = new ArrayList<Long>();
        ReplayedPositions recordsHeld = (key, value, from) -> {
            asked.add(from.position());
            return false;
        };
        var rows = List.of(parsed(1, 0, "a"), parsed(2, 50, "b"), parsed(3, 5, "c"));

        var summary = replay(rows, ReplayOptions.asFastAsPossible().withWindow(ReplayWindow.parse(null, "10s")),
                new Resume(recordsHeld, ReplayedPositions.NONE));

        // Row 2 is outside the window: counted there once, never asked about; c is the second row selected.
        assertThat(asked).containsExactly(1L, 2L);
        assertThat(summary.skippedByWindow()).isEqualTo(1);
        assertThat(summary.skippedAsReplayed()).isZero();
    }

    @Test
    void shouldRefuseAWindowThatTurnsOutToEndBeforeItStarts() {
        var rows = List.of(parsed(1, 0, "a"));
        var options = ReplayOptions.asFastAsPossible().withWindow(ReplayWindow.parse("1h", "2017-12-31T00:00:00Z"));
        assertThatThrownBy(() -> replay(rows, options))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the window must end after it starts");
    }

    @Test
    void shouldReportSkippedRowsInProgressAndCountThemTowardsTheEta() throws InterruptedException {
        var rows = List.of(parsed(1, 0, "a"), parsed(2, 50, "b"), parsed(3, 5, "c"), parsed(4, 60, "d"));
        var progress = new ArrayList<ReplayProgress>();

        new Replayer<>(records, deadLetters, pacer, ReplayOptions.asFastAsPossible().withExpectedRecords(4)
                .withWindow(ReplayWindow.parse(null, "10s")))
                .replay(new ListTraceReader<>(rows, 0), progress::add);

        var last = progress.get(progress.size() - 1);
        assertThat(last.sent()).isEqualTo(2);
        assertThat(last.skipped()).isEqualTo(2);
        assertThat(last.eta()).contains(Duration.ZERO);
    }

    @Test
    void shouldCheckOnlyTheSelectedRowsAndGiveARowTheCheckRejectsAPosition() throws InterruptedException {
        var seen = new ArrayList<String>();
        var rows = List.of(parsed(1, 0, "a"), parsed(2, 50, "b"), parsed(3, 5, "bad"), parsed(4, 6, "c"));
        UnaryOperator<TraceReader<String>> check = selected -> new MappedRows<>(selected, row -> {
            if (row instanceof TraceRow.Parsed<String> p) {
                seen.add(p.key());
                if (p.key().equals("bad")) {
                    return rejected(p.line(), p.eventTime(), p.key());
                }
            }
            return row;
        });

        var summary = new Replayer<>(records, deadLetters, pacer,
                ReplayOptions.asFastAsPossible().withWindow(ReplayWindow.parse(null, "10s")))
                .withCheck(check).replay(new ListTraceReader<>(rows, 0), progress -> { });

        assertThat(seen).containsExactly("a", "bad", "c");
        assertThat(sentKeys()).containsExactly("a", "c");
        assertThat(deadLetters.sent()).singleElement()
                .satisfies(sent -> assertThat(sent.from()).isEqualTo(new TracePosition("list", 2)));
        assertThat(summary.rejected()).isEqualTo(1);
        assertThat(summary.skippedByWindow()).isEqualTo(1);
    }

    @Test
    void shouldValidateOnlyTheSampledNodesSoTheValidationCountsMatchTheDeadLetters() throws InterruptedException {
        var sampler = new KeySampler(0.5, 11);
        var nodes = IntStream.range(0, 40).mapToObj(i -> "m_" + i).toList();
        var kept = nodes.stream().filter(sampler::keeps).findFirst().orElseThrow();
        var dropped = nodes.stream().filter(n -> !sampler.keeps(n)).findFirst().orElseThrow();
        // One sample out of range on a kept node, one on a dropped node.
        var rows = List.<TraceRow<UtilizationSample>>of(sample(1, kept, 0.5), sample(2, kept, 1.5),
                sample(3, dropped, 0.5), sample(4, dropped, 2.0));
        var validator = SampleValidator.anyHost();
        var samples = new ListSink<UtilizationSample>();

        var summary = new Replayer<>(samples, deadLetters, pacer, ReplayOptions.asFastAsPossible().withSampler(sampler))
                .withCheck(selected -> ValidatingReader.of(selected, validator))
                .replay(new ListTraceReader<>(rows, 0), progress -> { });

        assertThat(validator.summary().rejected(ValidationRule.OUT_OF_RANGE)).isEqualTo(1);
        assertThat(validator.summary().accepted()).isEqualTo(1);
        assertThat(summary.rejected()).isEqualTo(1);
        assertThat(summary.skippedBySampling()).isEqualTo(2);
        assertThat(deadLetters.sent()).singleElement()
                .satisfies(sent -> assertThat(sent.value().getReason()).startsWith("OUT_OF_RANGE"));
    }

    private static TraceRow<UtilizationSample> sample(long line, String node, double value) {
        var time = T0.plusSeconds(line * 300);
        return new TraceRow.Parsed<>(line, time, node, UtilizationSample.newBuilder().setNodeId(node).setTime(time)
                .setMetric(Metric.CPU).setSource(UsageSource.REGULAR).setValue(value).build());
    }
}
