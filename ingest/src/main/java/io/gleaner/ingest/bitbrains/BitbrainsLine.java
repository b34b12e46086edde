package io.gleaner.ingest.bitbrains;

import io.gleaner.ingest.trace.TraceNumbers;
import java.util.Objects;

/**
 * What one non-blank line of a Bitbrains VM file is: the header, a {@link BitbrainsRow}, or a malformed line
 * with the reason. {@link #parse} is the one parser of the format; {@link BitbrainsTraceReader} and
 * {@link BitbrainsRowReader} both call it and differ only in what they make of a row.
 */
public sealed interface BitbrainsLine permits BitbrainsLine.Header, BitbrainsLine.Row, BitbrainsLine.Malformed {

    /** Fields of a line, in order. */
    int FIELDS = 11;

    /** The header line: it yields no row. */
    record Header() implements BitbrainsLine {
    }

    /** A line that parsed; one of its resources may still be rejected ({@link BitbrainsRow#rejection}). */
    record Row(BitbrainsRow row) implements BitbrainsLine {
        public Row {
            Objects.requireNonNull(row, "row");
        }
    }

    /** A line that did not parse, with a reason naming the field and its value. */
    record Malformed(String reason) implements BitbrainsLine {
        public Malformed {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * Parses one non-blank line. A first line that starts with {@code Timestamp} is the {@link Header}. A line
     * is {@link Malformed} when it has a number of {@code ;}-separated fields other than {@value #FIELDS}, a
     * field that is not a finite decimal number, or a timestamp that is not a whole number of seconds in
     * [0, {@link BitbrainsRow#MAX_SECONDS}]. Fields are stripped of white space (the trace puts a tab after
     * each {@code ;}).
     *
     * @param line       the line without its line end
     * @param lineNumber its number in the file, from 1
     */
    static BitbrainsLine parse(String line, long lineNumber) {
        Objects.requireNonNull(line, "line");
        if (lineNumber == 1 && line.strip().startsWith(BitbrainsFields.HEADER_START)) {
            return new Header();
        }
        var fields = line.split(";", -1);
        if (fields.length != FIELDS) {
            return new Malformed("expected " + FIELDS + " ';'-separated fields (Timestamp, CPU cores,"
                    + " CPU capacity, CPU usage MHz and %, memory capacity and usage, disk read and write,"
                    + " network received and transmitted), found " + fields.length);
        }
        var timestampText = fields[0].strip();
        long seconds;
        try {
            seconds = Long.parseLong(timestampText);
        } catch (NumberFormatException e) {
            return new Malformed("Timestamp must be whole Unix seconds, was '" + timestampText + "'");
        }
        if (seconds < 0 || seconds > BitbrainsRow.MAX_SECONDS) {
            return new Malformed("Timestamp must be in [0, " + BitbrainsRow.MAX_SECONDS + "] seconds, was "
                    + seconds);
        }
        var numbers = new double[FIELDS];
        for (int i = 1; i < FIELDS; i++) {
            var text = fields[i].strip();
            double value = TraceNumbers.decimal(text);
            if (Double.isNaN(value)) {
                return new Malformed(BitbrainsFields.NAMES[i] + " must be a finite decimal number, was '" + text
                        + "'");
            }
            numbers[i] = value;
        }
        return new Row(new BitbrainsRow(seconds, numbers[1], numbers[2], numbers[3], numbers[4], numbers[5],
                numbers[6], numbers[7], numbers[8], numbers[9], numbers[10]));
    }
}
