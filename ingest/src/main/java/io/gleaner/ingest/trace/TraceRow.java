package io.gleaner.ingest.trace;

import io.gleaner.schemas.avro.DeadLetter;
import java.time.Instant;
import java.util.Objects;

/**
 * What one line of a trace became: a record for a canonical topic, or a rejection.
 *
 * @param <V> the record type, e.g. {@link io.gleaner.schemas.avro.JobSubmitted}
 */
public sealed interface TraceRow<V> permits TraceRow.Parsed, TraceRow.Rejected {

    /** Line number of the row in its trace, from 1. */
    long line();

    /**
     * A line that parsed.
     *
     * @param line line number in the trace, from 1
     * @param eventTime event time of the record; the Kafka record timestamp when replayed
     * @param key the record key on its topic, e.g. the job id for {@code jobs.submitted}
     * @param value the record
     */
    record Parsed<V>(long line, Instant eventTime, String key, V value) implements TraceRow<V> {
        public Parsed {
            if (line < 1) {
                throw new IllegalArgumentException("line must be >= 1, was " + line);
            }
            Objects.requireNonNull(eventTime, "eventTime");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * A line that did not parse; its dead letter names the trace, the line (as the offset), the raw
     * bytes and the reason.
     *
     * @param deadLetter the dead letter for the {@code deadletter} topic
     */
    record Rejected<V>(DeadLetter deadLetter) implements TraceRow<V> {
        public Rejected {
            Objects.requireNonNull(deadLetter, "deadLetter");
        }

        /** The line number, which is the dead letter's offset. */
        @Override
        public long line() {
            return deadLetter.getOffset();
        }

        /** Why the line was rejected. */
        public String reason() {
            return deadLetter.getReason();
        }
    }
}
