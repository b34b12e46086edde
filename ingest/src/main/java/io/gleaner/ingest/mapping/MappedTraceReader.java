package io.gleaner.ingest.mapping;

import io.gleaner.ingest.trace.ForwardingTraceReader;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.ingest.validation.SampleValidator;
import io.gleaner.ingest.validation.ValidationRule;
import io.gleaner.ingest.validation.Violation;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads a CSV or JSON-lines file (or OTLP/JSON, one export per line) under a {@link Mapping} and yields one
 * {@link UtilizationSample} row per sample: a line that yields several samples (e.g. cpu and memory of one
 * host) gives several rows with the same line number, keyed by node id, at the sample's time.
 *
 * <p><b>Mapping</b> to {@code UtilizationSample}, field by field: nodeId = the {@code host} field, stripped;
 * time = the {@code time} field in its unit, to the millisecond (rounded down); metric and source from the
 * metric rule; value = the rule's field converted to a fraction ({@code percent} / 100, {@code fraction},
 * {@code bytes} / capacity, then 1 - x when {@code complement}). See {@link FieldMapping} and
 * {@link OtlpMapping}.
 *
 * <p><b>Rejections.</b> A line the mapping cannot use (not JSON, a missing field, a value that is not a number,
 * a time before 1970, a unit the record names that the mapping does not know, a CSV line with the wrong number
 * of columns) becomes one {@link TraceRow.Rejected}, whatever the number of samples it would have had: source =
 * the file name, partition -1, offset = line number, value = the raw line, the reason naming the field and its
 * value, stage {@code ingest}; a unit the record names that the mapping does not know is reported as
 * {@code UNKNOWN_UNIT: <reason>}, the validation package's rule (count them in a validator's summary with
 * {@link #countingUnknownUnitsIn}). A line that fails the mapping's {@code filter}, or to which no metric applies, is
 * skipped and counted ({@link #skippedLines()}); blank lines are skipped and counted ({@link #blankLines()}).
 * Values are not range-checked here: wrap the reader in the validation package's {@code ValidatingReader}.
 *
 * <p><b>CSV headers.</b> With {@code csv.header: true} the first non-blank line names the columns (or is skipped
 * when the mapping lists {@code csv.columns}); a header that lacks a column the mapping reads fails the read
 * with a {@link MappingException}, as every line would be rejected for the same reason.
 *
 * <p>Streaming: one line and its samples are held at a time; gzip is read directly. Not thread-safe.
 */
public final class MappedTraceReader extends ForwardingTraceReader<UtilizationSample> {

    private final Mapping mapping;
    private final Lines lines;
    private final long limit;
    private final ArrayDeque<TraceRow<UtilizationSample>> pending = new ArrayDeque<>();
    private long yielded;
    private long skippedLines;
    private long unknownUnitLines;
    private SampleValidator unknownUnitCounter;
    private boolean closed;

    /**
     * A reader of an open input.
     *
     * @param input   the file; the reader owns and closes it
     * @param mapping how its lines become samples
     * @param limit   most samples to yield (rejected lines do not count); {@link LineTraceReader#NO_LIMIT} for all
     */
    public MappedTraceReader(TraceInput input, Mapping mapping, long limit) {
        Objects.requireNonNull(input, "input");
        this.mapping = Objects.requireNonNull(mapping, "mapping");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        this.limit = limit;
        this.lines = new Lines(input);
    }

    /** Opens a location: a file path (plain or gzip), or {@code classpath:<resource>}. */
    public static MappedTraceReader open(String location, Mapping mapping, long limit) throws IOException {
        Objects.requireNonNull(mapping, "mapping");
        return new MappedTraceReader(TraceInput.open(location), mapping, limit);
    }

    /** Opens a file, plain or gzip. */
    public static MappedTraceReader open(Path file, Mapping mapping, long limit) throws IOException {
        Objects.requireNonNull(mapping, "mapping");
        return new MappedTraceReader(TraceInput.file(file), mapping, limit);
    }

    /** The mapping lines are read with. */
    public Mapping mapping() {
        return mapping;
    }

    /**
     * Counts each line rejected for an unknown unit as a {@link ValidationRule#UNKNOWN_UNIT} rejection of
     * {@code validator}, so that its summary holds every sample that did not get through (wrap this reader in
     * a {@code ValidatingReader} over the same validator for the other rules).
     *
     * @return this reader
     */
    public MappedTraceReader countingUnknownUnitsIn(SampleValidator validator) {
        this.unknownUnitCounter = Objects.requireNonNull(validator, "validator");
        return this;
    }

    /** Lines rejected so far because they named a unit the mapping does not know. */
    public long unknownUnitLines() {
        return unknownUnitLines;
    }

    /** Lines skipped so far because they failed the filter or no metric applied to them (not rejected). */
    public long skippedLines() {
        return skippedLines;
    }

    @Override
    public boolean hasNext() {
        if (!pending.isEmpty()) {
            return true;
        }
        if (closed) {
            return false;
        }
        if (yielded >= limit) {
            close();
            return false;
        }
        while (lines.hasNext()) {
            var row = lines.next();
            if (row instanceof TraceRow.Parsed<List<UtilizationSample>> parsed) {
                for (var sample : parsed.value()) {
                    if (yielded >= limit) {
                        break;
                    }
                    pending.add(new TraceRow.Parsed<>(parsed.line(), sample.getTime(), sample.getNodeId(), sample));
                    yielded++;
                }
            } else if (row instanceof TraceRow.Rejected<List<UtilizationSample>> rejected) {
                pending.add(new TraceRow.Rejected<>(rejected.deadLetter()));
            }
            if (!pending.isEmpty()) {
                return true;
            }
        }
        close();
        return false;
    }

    @Override
    public TraceRow<UtilizationSample> next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more rows in " + sourceName());
        }
        return pending.poll();
    }

    @Override
    protected TraceReader<?> source() {
        return lines;
    }

    @Override
    public void close() {
        closed = true;
        super.close();
    }

    /** The lines of the file, each mapped to all of its samples (or rejected, or skipped). */
    private final class Lines extends LineTraceReader<List<UtilizationSample>> {

        private RecordMapper mapper;
        private boolean headerPending;

        Lines(TraceInput input) {
            super(input, NO_LIMIT, DEFAULT_MAX_LINE_BYTES);
            var csv = mapping instanceof FieldMapping fields ? fields.csv() : Optional.<CsvLayout>empty();
            headerPending = csv.isPresent() && csv.get().header();
            mapper = csv.isPresent() && csv.get().columns().isEmpty() ? null : mapping.mapper();
        }

        /** A row, or null to skip the line (LineTraceReader skips null rows). */
        @Override
        protected TraceRow<List<UtilizationSample>> parse(String line, long lineNumber) {
            if (headerPending) {
                headerPending = false;
                if (mapper == null) {
                    var fields = (FieldMapping) mapping;
                    List<String> header;
                    try {
                        header = CsvRecordMapper.split(line, fields.csv().orElseThrow().delimiter()).stream()
                                .map(String::strip).toList();
                    } catch (IllegalArgumentException e) {
                        throw new MappingException(sourceName(), "csv.header", "cannot read the header line: "
                                + e.getMessage());
                    }
                    try {
                        mapper = fields.mapper(header);
                    } catch (MappingException e) {
                        throw new MappingException(sourceName(), "csv.header", e.problem(), e);
                    }
                }
                return null;
            }
            var result = mapper.map(line);
            if (result instanceof MappingResult.Mapped mapped) {
                var first = mapped.samples().get(0);
                return new TraceRow.Parsed<>(lineNumber, first.getTime(), first.getNodeId(), mapped.samples());
            }
            if (result instanceof MappingResult.Rejected rejected) {
                if (rejected.problem() == MappingResult.Problem.UNKNOWN_UNIT) {
                    unknownUnitLines++;
                    var violation = new Violation(ValidationRule.UNKNOWN_UNIT, rejected.reason());
                    if (unknownUnitCounter != null) {
                        unknownUnitCounter.countRejected(violation);
                    }
                    return rejected(lineNumber, violation.rule() + ": " + violation.reason());
                }
                return rejected(lineNumber, rejected.reason());
            }
            skippedLines++;
            return null;
        }
    }
}
