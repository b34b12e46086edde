package io.gleaner.ingest.replay;

import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.DeadLetter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the rows of a trace onto sinks in trace order, paced by event time at a speed factor, within a
 * window of trace time, for a seeded sample of keys, and, when resuming, only what is not there yet.
 *
 * <p>Every row the reader yields gets a position, its ordinal from 1 ({@link TracePosition}), whether it
 * is sent or not, so positions are the same on every run. Each row is then, in this order: skipped when
 * its event time is outside the {@link ReplayWindow}; skipped when the {@link KeySampler} does not keep
 * its key; skipped when the destination already holds it ({@link Resume}); or sent. Skipped rows are
 * counted by reason and neither sent nor dead-lettered.
 *
 * <p>Record i is due at offset (eventTime(i) - eventTime(first record sent)) / speed after the start; the
 * replayer asks the pacer to wait for that offset and then sends the record with its row key, its event
 * time as the timestamp and its position. At infinite speed it never asks the pacer. A record whose time
 * has passed (the sink was slow, or the trace went backwards) goes at once; the replayer never reorders.
 *
 * <p>Rejected rows go to the dead-letter sink without waiting, with a null key and, as timestamp, the
 * event time of the last record sent (null, so the sink chooses, before the first). The window and the
 * sampler apply to them too when their dead letter says its event time (a time other than 0) or key.
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

    /**
     * @param sink where records go, e.g. a {@link KafkaRecordSink} on {@code jobs.submitted}
     * @param deadLetterSink where rejected rows go, e.g. a {@link KafkaRecordSink} on {@code deadletter}
     * @param pacer the clock: {@link WallClockPacer}, or a fake in tests
     * @param options speed, window, sampling and progress reporting
     */
    public Replayer(RecordSink<V> sink, RecordSink<DeadLetter> deadLetterSink, Pacer pacer, ReplayOptions options) {
        this.sink = Objects.requireNonNull(sink, "sink");
        this.deadLetterSink = Objects.requireNonNull(deadLetterSink, "deadLetterSink");
        this.pacer = Objects.requireNonNull(pacer, "pacer");
        this.options = Objects.requireNonNull(options, "options");
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
     * same trace, reader settings and options as the interrupted run, the destinations end up holding
     * exactly what one uninterrupted replay would have put there.
     *
     * @param resume what the destinations already hold, e.g. from {@link KafkaReplayedPositions#resume}
     * @param progress told every {@link ReplayOptions#progressEvery()} rows and once at the end
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
        var sampler = options.sampler();
        ReplayWindow.Resolved window = null;
        long position = 0;
        long sinceProgress = 0;
        pacer.start();
        while (rows.hasNext()) {
            if (Thread.interrupted()) {
                throw new InterruptedException("replay of " + source + " interrupted after " + counts.sent
                        + " records");
            }
            var row = rows.next();
            var from = new TracePosition(source, ++position);
            if (row instanceof TraceRow.Parsed<V> parsed) {
                var eventTime = parsed.eventTime();
                if (window == null) {
                    window = options.window().resolve(eventTime);
                }
                if (!window.contains(eventTime)) {
                    counts.skippedByWindow++;
                    counts.skippedParsed++;
                } else if (!sampler.keeps(parsed.key())) {
                    counts.skippedBySampling++;
                    counts.skippedParsed++;
                } else if (resume.records().holds(parsed.key(), from)) {
                    counts.skippedAsReplayed++;
                    counts.skippedParsed++;
                } else {
                    send(parsed, from, counts);
                }
            } else if (row instanceof TraceRow.Rejected<V> rejection) {
                var deadLetter = rejection.deadLetter();
                var eventTime = eventTimeOf(deadLetter);
                var key = keyOf(deadLetter);
                if (window != null && eventTime != null && !window.contains(eventTime)) {
                    counts.skippedByWindow++;
                } else if (key != null && !sampler.keeps(key)) {
                    counts.skippedBySampling++;
                } else if (resume.deadLetters().holds(null, from)) {
                    counts.skippedAsReplayed++;
                } else {
                    deadLetter(deadLetter, from, counts);
                }
            }
            if (++sinceProgress == options.progressEvery()) {
                sinceProgress = 0;
                progress.accept(progress(counts, rows.blankLines()));
            }
        }
        sink.flush();
        deadLetterSink.flush();
        var end = progress(counts, rows.blankLines());
        progress.accept(end);
        var summary = new ReplaySummary(counts.sent, counts.rejected, counts.skippedByWindow,
                counts.skippedBySampling, counts.skippedAsReplayed, end.blankLines(),
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
        deadLetterSink.send(null, deadLetter, counts.last, from);
        counts.rejected++;
    }

    /** The dead letter's event time, or null when it does not know it (time 0). */
    private static Instant eventTimeOf(DeadLetter deadLetter) {
        var time = deadLetter.getTime();
        return time == null || time.equals(Instant.EPOCH) ? null : time;
    }

    /** The dead letter's key as text, or null when it has none. */
    private static String keyOf(DeadLetter deadLetter) {
        var key = deadLetter.getKey();
        return key == null ? null : StandardCharsets.UTF_8.decode(key.duplicate()).toString();
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

    private ReplayProgress progress(Counts counts, long blankLines) {
        return new ReplayProgress(counts.sent, counts.rejected, counts.skippedParsed, blankLines, pacer.elapsed(),
                Optional.ofNullable(counts.last), options.expectedRecords());
    }

    /** The running counts of one replay. */
    private static final class Counts {
        long sent;
        long rejected;
        long skippedByWindow;
        long skippedBySampling;
        long skippedAsReplayed;
        long skippedParsed;
        Instant first;
        Instant last;
    }
}
