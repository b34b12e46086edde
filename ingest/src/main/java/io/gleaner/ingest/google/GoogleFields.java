package io.gleaner.ingest.google;

import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The comma-separated fields of one line of a clusterdata-2011 table, read by name so that a bad value becomes
 * a reason naming the field and the value ({@link BadField}). Empty fields are the trace's missing values.
 */
final class GoogleFields {

    private final String[] fields;

    private GoogleFields(String[] fields) {
        this.fields = fields;
    }

    /** Splits a line on commas, keeping empty fields. */
    static GoogleFields split(String line) {
        var fields = line.split(",", -1);
        for (int i = 0; i < fields.length; i++) {
            fields[i] = fields[i].strip();
        }
        return new GoogleFields(fields);
    }

    int count() {
        return fields.length;
    }

    boolean isEmpty(int index) {
        return fields[index].isEmpty();
    }

    /** The field as written. */
    String text(int index) {
        return fields[index];
    }

    /** A whole number in [min, max] that must be present. */
    long whole(int index, String name, long min, long max) {
        var value = optionalWhole(index, name, min, max);
        if (value.isEmpty()) {
            throw new BadField(name + " is empty");
        }
        return value.getAsLong();
    }

    /** A whole number in [min, max], or empty when the field is empty. */
    OptionalLong optionalWhole(int index, String name, long min, long max) {
        var value = fields[index];
        if (value.isEmpty()) {
            return OptionalLong.empty();
        }
        long parsed;
        try {
            parsed = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new BadField(name + " must be a whole number, was '" + value + "'");
        }
        if (parsed < min || parsed > max) {
            throw new BadField(name + " must be in " + min + ".." + max + ", was " + parsed);
        }
        return OptionalLong.of(parsed);
    }

    /**
     * A trace timestamp in microseconds: a whole number >= 0 other than 2^63 - 1, which means "after the end of
     * the trace" and names no instant.
     */
    long timestamp(int index, String name) {
        long micros = whole(index, name, 0, Long.MAX_VALUE);
        if (micros == GoogleTraceRule.AFTER_THE_TRACE) {
            throw new BadField(name + " " + micros + " means after the end of the trace: there is no instant to give"
                    + " the record");
        }
        return micros;
    }

    /** A finite number >= 0, or empty when the field is empty. */
    OptionalDouble optionalNonNegative(int index, String name) {
        var value = fields[index];
        if (value.isEmpty()) {
            return OptionalDouble.empty();
        }
        double parsed;
        try {
            parsed = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new BadField(name + " must be a number, was '" + value + "'");
        }
        if (!Double.isFinite(parsed)) {
            throw new BadField(name + " must be a finite number, was '" + value + "'");
        }
        if (parsed < 0) {
            throw new BadField(name + " must be >= 0, was " + value);
        }
        return OptionalDouble.of(parsed);
    }

    /** A finite number >= 0 that must be present; {@code whenEmpty} explains what its absence means. */
    double nonNegative(int index, String name, String whenEmpty) {
        var value = optionalNonNegative(index, name);
        if (value.isEmpty()) {
            throw new BadField(name + " is empty" + whenEmpty);
        }
        return value.getAsDouble();
    }

    /** A field that does not hold what it should; the message is the dead letter's reason. */
    static final class BadField extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadField(String reason) {
            super(reason, null, false, false);
        }
    }
}
