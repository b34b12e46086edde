package io.gleaner.ingest.replay;

import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.RowCheckingReader;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.EventTimeBound;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * A trace reader that rejects the parsed rows of another whose event time {@link EventTimeBound} does not take (after
 * the wall clock by more than its bound): the replayer sends each record with its event time as the timestamp, the
 * broker refuses one too far after its clock, and a refused send ends the replay. Such a row becomes a dead letter
 * with the bound's reason instead, as the stages would make of the record. The dead letter is as a
 * {@code ValidatingReader}'s: source = the wrapped reader's name, partition -1, offset = the line, key = the row's key,
 * value = the parsed record as text, time 0 (its own time is the one the broker would refuse).
 *
 * @param <V> the record type of the wrapped reader
 */
public final class EventTimeCheckedReader<V> extends RowCheckingReader<V> {

    private final EventTimeBound bound;

    /** @param delegate the reader to check; this reader owns it and closes it */
    public EventTimeCheckedReader(TraceReader<V> delegate, EventTimeBound bound) {
        super(delegate);
        this.bound = Objects.requireNonNull(bound, "bound");
    }

    @Override
    protected Optional<DeadLetter> refuse(TraceRow.Parsed<V> parsed) {
        return bound.problem(parsed.eventTime()).map(problem -> DeadLetters.of(sourceName(), -1, parsed.line(),
                DeadLetters.Raw.key(parsed.key()),
                DeadLetters.Raw.value(String.valueOf(parsed.value()).getBytes(StandardCharsets.UTF_8)), 0,
                problem, LineTraceReader.STAGE));
    }
}
