package io.gleaner.ingest.validation;

import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.RowCheckingReader;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.runtime.DeadLetters;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A trace reader that passes every row of another through a {@link SampleValidator}: parsed rows that
 * break a rule become {@link TraceRow.Rejected} rows, the others come out unchanged and in order.
 *
 * <p>The dead letter of a row rejected here has source = the wrapped reader's {@link #sourceName()},
 * partition -1, offset = the row's line number, key = the node id, value = the rejected sample as Avro
 * JSON text (this reader sees parsed records, not raw lines; the line number leads back to the line),
 * reason = the {@link Violation}'s reason prefixed with its rule (e.g.
 * {@code OUT_OF_RANGE: value must be in [0, 1], was 1.5 (node vm1, CPU, REGULAR)}), stage
 * {@value LineTraceReader#STAGE}, and time = the row's event time (0 if it does not fit in epoch
 * milliseconds). Rows the wrapped reader already rejected
 * pass through untouched and are not counted by the validator.
 *
 * <p>Holds one row at a time; the validator's state is bounded by the number of nodes. Not thread-safe.
 *
 * @param <V> the record type of the wrapped reader
 */
public final class ValidatingReader<V> extends RowCheckingReader<V> {

    private final SampleValidator validator;
    private final Function<? super V, UtilizationSample> sampleOf;

    /**
     * @param delegate the reader to validate; this reader owns it and closes it
     * @param validator counts and remembers what it checks; read its {@link SampleValidator#summary()} at the end
     * @param sampleOf the sample to check in a record, or {@code null} for a record that is not a sample
     *        (it passes unchecked)
     */
    public ValidatingReader(TraceReader<V> delegate, SampleValidator validator,
            Function<? super V, UtilizationSample> sampleOf) {
        super(delegate);
        this.validator = Objects.requireNonNull(validator, "validator");
        this.sampleOf = Objects.requireNonNull(sampleOf, "sampleOf");
    }

    /** Validates a reader of utilization samples. */
    public static ValidatingReader<UtilizationSample> of(TraceReader<UtilizationSample> delegate,
            SampleValidator validator) {
        return new ValidatingReader<>(delegate, validator, Function.identity());
    }

    /** The validator; its summary counts every sample this reader checked. */
    public SampleValidator validator() {
        return validator;
    }

    /** Counts so far, the same as {@code validator().summary()}. */
    public ValidationSummary summary() {
        return validator.summary();
    }

    @Override
    protected Optional<DeadLetter> refuse(TraceRow.Parsed<V> parsed) {
        var sample = sampleOf.apply(parsed.value());
        if (sample == null) {
            return Optional.empty();
        }
        return validator.check(sample).map(violation -> deadLetter(parsed, sample, violation));
    }

    private DeadLetter deadLetter(TraceRow.Parsed<V> parsed, UtilizationSample sample, Violation violation) {
        return DeadLetters.of(sourceName(), -1, parsed.line(),
                DeadLetters.Raw.key(sample.getNodeId()),
                DeadLetters.Raw.value(sample.toString().getBytes(StandardCharsets.UTF_8)),
                deadLetterTime(parsed.eventTime()).toEpochMilli(), violation.rule() + ": " + violation.reason(),
                LineTraceReader.STAGE);
    }

    /** The event time, or 0 when it does not fit the dead letter's epoch milliseconds. */
    private static Instant deadLetterTime(Instant eventTime) {
        try {
            eventTime.toEpochMilli();
            return eventTime;
        } catch (ArithmeticException e) {
            return Instant.EPOCH;
        }
    }
}
