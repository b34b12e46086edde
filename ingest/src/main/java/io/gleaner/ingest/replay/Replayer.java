package io.gleaner.ingest.replay;

import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.DeadLetter;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the rows of a trace onto sinks in trace order, paced by event time at a speed factor, within a
 * window of trace time, for a seeded sample of keys, checked (validated) on the way, and, when resuming,
 * only what is not there yet.
 *
 * <p>Each row the reader yields goes through these steps in order:
 * <ol>
 *   <li>selection: skipped when its event time is outside the {@link ReplayWindow} or when the
 *       {@link KeySampler} does not keep its key (for a rejected row, only when its dead letter says its
 *       time or key);</li>
 *   <li>the check, if any ({@link #withCheck}, e.g. a {@code ValidatingReader} over the selected rows),
 *       which may turn a parsed row into a rejected one;</li>
 *   <li>a position: its ordinal among the rows that came through the check, from 1
 *       ({@link TracePosition}), the same on every run with the same trace and options;</li>
 *   <li>skipped when the destination already holds that position ({@link Resume}); otherwise sent.</li>
 * </ol>
 * Skipped rows are counted by reason and neither sent nor dead-lettered. Validation runs after the
 * selection, so its counts cover exactly the rows replayed, and before the resume check, so a resumed
 * replay rebuilds the validator's state over the rows it skips and rejects what an uninterrupted one
 * would.
 *
 * <p>Record i is due at offset (eventTime(i) - eventTime(first record sent)) / speed after the start; the
 * replayer asks the pacer to wait for that offset and then sends the record with its row key, its event
 * time as the timestamp and its position. At infinite speed it never asks the pacer. A record whose time
 * has passed (the sink was slow, or the trace went backwards) goes at once; the replayer never reorders.
 * Rejected rows go to the dead-letter sink without waiting, with a null key and, as timestamp, the event
 * time of the parsed row before them, sent or already held (null, so the sink chooses, before the first):
 * the same on a resumed run as on an uninterrupted one.
 *
 * <p>The replayer neither opens nor closes the reader or the sinks; it flushes both sinks before it
 * returns, so the summary counts stored records.
 *
 * @param <V> the record type
 */
public final class Replayer<V> {

    private static final Logger log = LoggerFactory.getLogger(Replayer.class);

    /** Dead letters logged one by one at WARN; later ones at DEBUG, and their count at the end. */
    static final int DEAD_LETTERS_LOGGED = 10;

    private final RecordSink<V> sink;
    private final RecordSink<DeadLetter> deadLetterSink;
    private final Pacer pacer;
    private final ReplayOptions options;
    private final UnaryOperator<TraceReader<V>> check;

    /**
     * @param sink where records go, e.g. a {@link KafkaRecordSink} on {@code jobs.submitted}
     * @param deadLetterSink where rejected rows go, e.g. a {@link KafkaRecordSink} on {@code deadletter}
     * @param pacer the clock: {@link WallClockPacer}, or a fake in tests
     * @param options speed, window, sampling and progress reporting
     */
    public Replayer(RecordSink<V> sink, RecordSink<DeadLetter> deadLetterSink, Pacer pacer, ReplayOptions options) {
        this(sink, deadLetterSink, pacer, options, UnaryOperator.identity());
    }

    private Replayer(RecordSink<V> sink, RecordSink<DeadLetter> deadLetterSink, Pacer pacer, ReplayOptions options,
            UnaryOperator<TraceReader<V>> check) {
        this.sink = Objects.requireNonNull(sink, "sink");
        this.deadLetterSink = Objects.requireNonNull(deadLetterSink, "deadLetterSink");
        this.pacer = Objects.requireNonNull(pacer, "pacer");
        this.options = Objects.requireNonNull(options, "options");
        this.check = Objects.requireNonNull(check, "check");
    }

    /**
     * This replayer with a check between selection and sending: {@code check} wraps the selected rows in
     * a reader that yields one row for each row it takes, passed on or turned into a rejection, e.g.
     * {@code rows -> ValidatingReader.of(rows, validator)}. It is applied once per replay.
     */
    public Replayer<V> withCheck(UnaryOperator<TraceReader<V>> newCheck) {
        return new Replayer<>(sink, deadLetterSink, pacer, options, newCheck);
    }

    /**
     * Replays every remaining row of {@code rows} from the first.
     *
     * @param progress told every {@link ReplayOptions#progressEvery()} rows and once at the end
     * @throws InterruptedException if the thread is interrupted; records sent so far stay sent
     */
    public ReplaySummary replay(TraceReader<V> rows, Consumer<ReplayProgress> progress) throws InterruptedException {
        return replay(rows, Resume.none(), progress);
    }

    /**
     * Replays the rows of {@code rows} that {@code resume} says the destinations do not hold yet. With the
     * same trace, reader settings, options and check as the interrupted run, the destinations end up
     * holding exactly what one uninterrupted replay would have put there.
     *
     * @param resume what the destinations already hold, e.g. from {@link KafkaReplayedPositions#resume}
     * @param progress told every {@link ReplayOptions#progressEvery()} rows read and once at the end
     * @throws InterruptedException if the thread is interrupted; records sent so far stay sent
     * @throws IllegalArgumentException if the window, once the trace start is known, ends before it starts
     */
    public ReplaySummary replay(TraceReader<V> rows, Resume resume, Consumer<ReplayProgress> progress)
            throws InterruptedException {
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(resume, "resume");
        Objects.requireNonNull(progress, "progress");
        var source = rows.sourceName();
        log.info("replaying {} at speed {}, window {}, sample {}", source, options.speed(), options.window(),
                options.sampler());
        var counts = new Counts();
        var selected = new SelectedRows<>(rows, options.window(), options.sampler());
        var checked = Objects.requireNonNull(check.apply(selected), "check returned null");
        long position = 0;
        long progressAt = options.progressEvery();
        pacer.start();
        while (checked.hasNext()) {
            if (Thread.interrupted()) {
                throw new InterruptedException("replay of " + source + " interrupted after " + counts.sent
                        + " records");
            }
            var row = checked.next();
            var from = new TracePosition(source, ++position);
            if (row instanceof TraceRow.Parsed<V> parsed) {
                counts.lastParsed = parsed.eventTime();
                if (resume.records().holds(parsed.key(), parsed.value(), from)) {
                    counts.skippedAsReplayed++;
                    counts.skippedParsedAsReplayed++;
                } else {
                    send(parsed, from, counts);
                }
            } else if (row instanceof TraceRow.Rejected<V> rejection) {
                if (resume.deadLetters().holds(null, rejection.deadLetter(), from)) {
                    counts.skippedAsReplayed++;
                } else {
                    deadLetter(rejection.deadLetter(), from, counts);
                }
            }
            if (selected.read() >= progressAt) {
                progressAt = selected.read() + options.progressEvery();
                progress.accept(progress(counts, selected, rows.blankLines()));
            }
        }
        sink.flush();
        deadLetterSink.flush();
        var end = progress(counts, selected, rows.blankLines());
        progress.accept(end);
        var summary = new ReplaySummary(counts.sent, counts.rejected, selected.skippedByWindow(),
                selected.skippedBySampling(), counts.skippedAsReplayed, end.blankLines(),
                Optional.ofNullable(counts.first), Optional.ofNullable(counts.last), end.elapsed());
        log.info("replayed {}: {} records, {} dead letters, skipped {} outside the window, {} not in the sample, "
                + "{} already replayed; {} blank lines; in {}", source, summary.sent(), summary.rejected(),
                summary.skippedByWindow(), summary.skippedBySampling(), summary.skippedAsReplayed(),
                summary.blankLines(), summary.elapsed());
        return summary;
    }

    private void send(TraceRow.Parsed<V> parsed, TracePosition from, Counts counts) throws InterruptedException {
        var eventTime = parsed.eventTime();
        if (counts.first == null) {
            counts.first = eventTime;
        }
        if (options.paced()) {
            pacer.awaitOffset(offset(counts.first, eventTime));
        }
        sink.send(parsed.key(), parsed.value(), eventTime, from);
        counts.last = eventTime;
        counts.sent++;
    }

    private void deadLetter(DeadLetter deadLetter, TracePosition from, Counts counts) {
        if (counts.rejected < DEAD_LETTERS_LOGGED) {
            log.warn("dead letter from {} partition {} offset {}: {}", deadLetter.getSourceTopic(),
                    deadLetter.getPartition(), deadLetter.getOffset(), deadLetter.getReason());
        } else {
            log.debug("dead letter from {} partition {} offset {}: {}", deadLetter.getSourceTopic(),
                    deadLetter.getPartition(), deadLetter.getOffset(), deadLetter.getReason());
        }
        deadLetterSink.send(null, deadLetter, counts.lastParsed, from);
        counts.rejected++;
    }

    /** (eventTime - first) / speed, and zero for a time before the first. */
    Duration offset(Instant first, Instant eventTime) {
        var sinceFirst = Duration.between(first, eventTime);
        if (sinceFirst.isNegative()) {
            return Duration.ZERO;
        }
        if (options.speed() == 1.0) {
            return sinceFirst;
        }
        double seconds = sinceFirst.getSeconds() + sinceFirst.getNano() / 1e9;
        // Math.round saturates at Long.MAX_VALUE nanos (292 years) instead of overflowing.
        return Duration.ofNanos(Math.round(seconds / options.speed() * 1e9));
    }

    private ReplayProgress progress(Counts counts, SelectedRows<V> selected, long blankLines) {
        return new ReplayProgress(counts.sent, counts.rejected,
                selected.skippedParsed() + counts.skippedParsedAsReplayed, blankLines, pacer.elapsed(),
                Optional.ofNullable(counts.last), options.expectedRecords());
    }

    /** The running counts of one replay. */
    private static final class Counts {
        long sent;
        long rejected;
        long skippedAsReplayed;
        long skippedParsedAsReplayed;
        Instant first;
        Instant last;
        Instant lastParsed;
    }
}
