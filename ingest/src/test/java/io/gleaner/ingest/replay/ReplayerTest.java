package io.gleaner.ingest.replay;

import static io.gleaner.ingest.swim.SwimFixtures.reader;
import static io.gleaner.ingest.swim.SwimFixtures.row;
import static io.gleaner.ingest.swim.SwimFixtures.trace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobSubmitted;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReplayerTest {

    private static final Instant EPOCH = SwimJobRule.DEFAULT_TRACE_EPOCH;

    /** Three jobs submitted at trace seconds 100, 103 and 110: due 0 s, 3 s and 10 s after the first. */
    private static final String THREE_JOBS = trace(
            row("job0", 100, 100, 1, 1, 1),
            row("job1", 103, 3, 1, 1, 1),
            row("job2", 110, 7, 1, 1, 1));

    private final ListSink<JobSubmitted> jobs = new ListSink<>();
    private final ListSink<DeadLetter> deadLetters = new ListSink<>();
    private final FakePacer pacer = new FakePacer();
    private final List<ReplayProgress> progress = new ArrayList<>();

    private ReplaySummary replay(String text, ReplayOptions options) throws InterruptedException {
        try (var rows = reader(text)) {
            return new Replayer<>(jobs, deadLetters, pacer, options).replay(rows, progress::add);
        }
    }

    @Test
    void shouldWaitForEachEventTimeAtRealTime() throws InterruptedException {
        replay(THREE_JOBS, ReplayOptions.atSpeed(1.0));
        assertThat(pacer.starts()).isEqualTo(1);
        assertThat(pacer.waits()).containsExactly(Duration.ZERO, Duration.ofSeconds(3), Duration.ofSeconds(10));
    }

    @Test
    void shouldWaitATenthAsLongAtSpeedTen() throws InterruptedException {
        replay(THREE_JOBS, ReplayOptions.atSpeed(10));
        assertThat(pacer.waits()).containsExactly(Duration.ZERO, Duration.ofMillis(300), Duration.ofSeconds(1));
    }

    @Test
    void shouldNeverWaitAtInfiniteSpeed() throws InterruptedException {
        var summary = replay(THREE_JOBS, ReplayOptions.asFastAsPossible());
        assertThat(pacer.waits()).isEmpty();
        assertThat(summary.sent()).isEqualTo(3);
    }

    @Test
    void shouldSendEachJobKeyedByJobIdAndStampedWithItsSubmitTimeInTraceOrder() throws InterruptedException {
        replay(THREE_JOBS, ReplayOptions.atSpeed(10));
        assertThat(jobs.sent()).extracting(ListSink.Sent::key).containsExactly("job0", "job1", "job2");
        assertThat(jobs.sent()).extracting(ListSink.Sent::timestamp)
                .containsExactly(EPOCH.plusSeconds(100), EPOCH.plusSeconds(103), EPOCH.plusSeconds(110));
        assertThat(jobs.sent()).allSatisfy(s -> assertThat(s.value().getJobId()).isEqualTo(s.key()));
    }

    @Test
    void shouldSendRejectedRowsToTheDeadLetterSinkAndCountEverything() throws InterruptedException {
        var text = trace(row("job0", 100, 100, 1, 1, 1), "job1\t103\t3\t-5\t1\t1", "", row("job2", 110, 7, 1, 1, 1));

        var summary = replay(text, ReplayOptions.asFastAsPossible());

        assertThat(summary).isEqualTo(new ReplaySummary(2, 1, 0, 0, 0, 1, Optional.of(EPOCH.plusSeconds(100)),
                Optional.of(EPOCH.plusSeconds(110)), Duration.ZERO));
        assertThat(jobs.sent()).extracting(ListSink.Sent::key).containsExactly("job0", "job2");
        assertThat(deadLetters.sent()).singleElement().satisfies(sent -> {
            assertThat(sent.key()).isNull();
            assertThat(sent.value().getOffset()).isEqualTo(2);
            assertThat(sent.value().getReason()).isEqualTo("map input bytes must be >= 0, was -5");
            // Stamped with the event time of the record sent before it.
            assertThat(sent.timestamp()).isEqualTo(EPOCH.plusSeconds(100));
        });
    }

    @Test
    void shouldLetTheSinkStampADeadLetterThatComesBeforeAnyRecord() throws InterruptedException {
        replay(trace("bad line", row("job0", 1, 1, 1, 1, 1)), ReplayOptions.asFastAsPossible());
        assertThat(deadLetters.sent()).singleElement().satisfies(sent -> assertThat(sent.timestamp()).isNull());
    }

    @Test
    void shouldFlushBothSinksAfterTheLastRecord() throws InterruptedException {
        replay(trace(row("job0", 1, 1, 1, 1, 1), "bad"), ReplayOptions.asFastAsPossible());
        assertThat(jobs.flushes()).isEqualTo(1);
        assertThat(jobs.sentAtLastFlush()).isEqualTo(1);
        assertThat(deadLetters.flushes()).isEqualTo(1);
        assertThat(deadLetters.sentAtLastFlush()).isEqualTo(1);
    }

    @Test
    void shouldReportProgressEveryNRowsAndAtTheEnd() throws InterruptedException {
        var text = trace(row("job0", 1, 1, 1, 1, 1), "bad", row("job1", 2, 1, 1, 1, 1), row("job2", 3, 1, 1, 1, 1),
                row("job3", 4, 1, 1, 1, 1));

        replay(text, ReplayOptions.asFastAsPossible().withProgressEvery(2));

        // After rows 2 and 4, then at the end (5 rows).
        assertThat(progress).extracting(ReplayProgress::sent).containsExactly(1L, 3L, 4L);
        assertThat(progress).extracting(ReplayProgress::rejected).containsExactly(1L, 1L, 1L);
        assertThat(progress).extracting(ReplayProgress::lastEventTime).containsExactly(
                Optional.of(EPOCH.plusSeconds(1)), Optional.of(EPOCH.plusSeconds(3)), Optional.of(EPOCH.plusSeconds(4)));
    }

    @Test
    void shouldReportRateAndEtaFromThePacersTime() throws InterruptedException {
        replay(THREE_JOBS, ReplayOptions.atSpeed(1.0).withExpectedRecords(6));

        // At speed 1 the fake pacer has run 10 s when the third job goes: 3 records / 10 s = 0.3 per second,
        // and the 3 records left take 3 / 0.3 = 10 s more.
        var last = progress.get(progress.size() - 1);
        assertThat(last.elapsed()).isEqualTo(Duration.ofSeconds(10));
        assertThat(last.recordsPerSecond()).isEqualTo(0.3);
        assertThat(last.eta()).contains(Duration.ofSeconds(10));
    }

    @Test
    void shouldSendARecordEarlierThanTheFirstAtOnce() throws InterruptedException {
        var first = new TraceRow.Parsed<>(1, EPOCH.plusSeconds(10), "a", "A");
        var earlier = new TraceRow.Parsed<>(2, EPOCH.plusSeconds(4), "b", "B");
        var later = new TraceRow.Parsed<>(3, EPOCH.plusSeconds(12), "c", "C");
        var sink = new ListSink<String>();
        var rows = new ListTraceReader<String>(List.of(first, earlier, later), 0);

        new Replayer<>(sink, deadLetters, pacer, ReplayOptions.atSpeed(2)).replay(rows, p -> { });

        assertThat(pacer.waits()).containsExactly(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1));
        assertThat(sink.sent()).extracting(ListSink.Sent::key).containsExactly("a", "b", "c");
        assertThat(rows.closed()).as("the caller owns the reader").isFalse();
    }

    @Test
    void shouldReportNoEventTimesWhenNothingWasSent() throws InterruptedException {
        var summary = replay("\n\n", ReplayOptions.atSpeed(1));
        assertThat(summary).isEqualTo(new ReplaySummary(0, 0, 0, 0, 0, 2, Optional.empty(), Optional.empty(), Duration.ZERO));
        assertThat(progress).singleElement().satisfies(p -> assertThat(p.blankLines()).isEqualTo(2));
    }

    @Test
    void shouldStopWhenInterrupted() {
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> replay(THREE_JOBS, ReplayOptions.asFastAsPossible()))
                    .isInstanceOf(InterruptedException.class)
                    .hasMessage("replay of inline.tsv interrupted after 0 records");
            assertThat(jobs.sent()).isEmpty();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void shouldReplayTheFirstJobsOfTheShippedTrace() throws Exception {
        try (var rows = SwimTraceReader.fb2009(SwimJobRule.defaults(), 50)) {
            var summary = new Replayer<>(jobs, deadLetters, pacer, ReplayOptions.atSpeed(100)).replay(rows, p -> { });
            assertThat(summary.sent()).isEqualTo(50);
            assertThat(summary.firstEventTime()).contains(EPOCH.plusSeconds(49));
        }
        // Job0 goes at offset 0 and every later job at (submit - 49 s) / 100.
        assertThat(pacer.waits()).hasSize(50).first().isEqualTo(Duration.ZERO);
        for (int i = 0; i < 50; i++) {
            var submitted = jobs.sent().get(i).value().getSubmitTime();
            assertThat(pacer.waits().get(i)).isEqualTo(Duration.between(EPOCH.plusSeconds(49), submitted).dividedBy(100));
        }
        assertThat(deadLetters.sent()).isEmpty();
    }
}
