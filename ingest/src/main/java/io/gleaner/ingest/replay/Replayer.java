package io.gleaner.ingest.replay;

import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.DeadLetter;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the rows of a trace onto sinks in trace order, paced by event time at a speed factor.
 *
 * <p>Record i is due at offset (eventTime(i) - eventTime(first record)) / speed after the start; the
 * replayer asks the pacer to wait for that offset and then sends the record with its row key and its
 * event time as the timestamp. At infinite speed it never waits. A record whose time has passed (the
 * sink was slow, or the trace went backwards) goes at once; the replayer never reorders or drops.
 * Rejected rows go to the dead-letter sink without waiting, with a null key and, as timestamp, the event
 * time of the last record sent (null, so the sink chooses, before the first).
 *
 * <p>The replayer neither opens nor closes the reader or the sinks; it flushes both sinks before it
 * returns, so the summary counts stored records.
 *
 * @param <V> the record type
 */
public final class Replayer<V> {

    private static final Logger log = LoggerFactory.getLogger(Replayer.class);

    private final RecordSink<V> sink;
    private final RecordSink<DeadLetter> deadLetterSink;
    private final Pacer pacer;
    private final ReplayOptions options;

    /**
     * @param sink where records go, e.g. a {@link KafkaRecordSink} on {@code jobs.submitted}
     * @param deadLetterSink where rejected rows go, e.g. a {@link KafkaRecordSink} on {@code deadletter}
     * @param pacer the clock: {@link WallClockPacer}, or a fake in tests
     * @param options speed and progress reporting
     */
    public Replayer(RecordSink<V> sink, RecordSink<DeadLetter> deadLetterSink, Pacer pacer, ReplayOptions options) {
        this.sink = Objects.requireNonNull(sink, "sink");
        this.deadLetterSink = Objects.requireNonNull(deadLetterSink, "deadLetterSink");
        this.pacer = Objects.requireNonNull(pacer, "pacer");
        this.options = Objects.requireNonNull(options, "options");
    }

    /**
     * Replays every remaining row of {@code rows}.
     *
     * @param progress told every {@link ReplayOptions#progressEvery()} rows and once at the end
     * @throws InterruptedException if the thread is interrupted; records sent so far stay sent
     */
    public ReplaySummary replay(TraceReader<V> rows, Consumer<ReplayProgress> progress) throws InterruptedException {
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(progress, "progress");
        log.info("replaying {} at speed {}", rows.sourceName(), options.speed());
        pacer.start();
        long sent = 0;
        long rejected = 0;
        long sinceProgress = 0;
        Instant first = null;
        Instant last = null;
        while (rows.hasNext()) {
            if (Thread.interrupted()) {
                throw new InterruptedException("replay of " + rows.sourceName() + " interrupted after " + sent
                        + " records");
            }
            var row = rows.next();
            if (row instanceof TraceRow.Parsed<V> parsed) {
                var eventTime = parsed.eventTime();
                if (first == null) {
                    first = eventTime;
                }
                if (options.paced()) {
                    pacer.awaitOffset(offset(first, eventTime));
                }
                sink.send(parsed.key(), parsed.value(), eventTime);
                last = eventTime;
                sent++;
            } else if (row instanceof TraceRow.Rejected<V> rejection) {
                var deadLetter = rejection.deadLetter();
                log.warn("dead letter from {} partition {} offset {}: {}", deadLetter.getSourceTopic(),
                        deadLetter.getPartition(), deadLetter.getOffset(), deadLetter.getReason());
                deadLetterSink.send(null, deadLetter, last);
                rejected++;
            }
            if (++sinceProgress == options.progressEvery()) {
                sinceProgress = 0;
                progress.accept(progress(sent, rejected, rows.blankLines(), last));
            }
        }
        sink.flush();
        deadLetterSink.flush();
        var end = progress(sent, rejected, rows.blankLines(), last);
        progress.accept(end);
        log.info("replayed {}: {} records, {} dead letters, {} blank lines in {}", rows.sourceName(), sent,
                rejected, end.blankLines(), end.elapsed());
        return new ReplaySummary(sent, rejected, end.blankLines(), Optional.ofNullable(first),
                Optional.ofNullable(last), end.elapsed());
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

    private ReplayProgress progress(long sent, long rejected, long blankLines, Instant last) {
        return new ReplayProgress(sent, rejected, blankLines, pacer.elapsed(), Optional.ofNullable(last),
                options.expectedRecords());
    }
}
