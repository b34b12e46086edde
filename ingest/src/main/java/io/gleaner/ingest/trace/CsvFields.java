package io.gleaner.ingest.trace;

import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The comma-separated fields of one trace line, read by name so that a bad value becomes a reason naming the field
 * and the value ({@link BadField}). Empty fields are kept: in the Alibaba and Google traces they are missing values.
 */
public final class CsvFields {

    private final String[] fields;

    private CsvFields(String[] fields) {
        this.fields = fields;
    }

    /** Splits a line on commas, keeping empty fields; each field is stripped of surrounding blanks. */
    public static CsvFields split(String line) {
        var fields = line.split(",", -1);
        for (int i = 0; i < fields.length; i++) {
            fields[i] = fields[i].strip();
        }
        return new CsvFields(fields);
    }

    public int count() {
        return fields.length;
    }

    public boolean isEmpty(int index) {
        return fields[index].isEmpty();
    }

    /** The field as written. */
    public String text(int index) {
        return fields[index];
    }

    /** A field that must not be empty. */
    public String text(int index, String name) {
        var value = fields[index];
        if (value.isEmpty()) {
            throw new BadField(name + " is empty");
        }
        return value;
    }

    /** A whole number of at least {@code min}. */
    public long whole(int index, String name, long min) {
        long parsed = parseWhole(fields[index], name);
        if (parsed < min) {
            throw new BadField(name + " must be >= " + min + ", was " + parsed);
        }
        return parsed;
    }

    /** A whole number in [min, max] that must be present. */
    public long whole(int index, String name, long min, long max) {
        var value = optionalWhole(index, name, min, max);
        if (value.isEmpty()) {
            throw new BadField(name + " is empty");
        }
        return value.getAsLong();
    }

    /** A whole number in [min, max], or empty when the field is empty. */
    public OptionalLong optionalWhole(int index, String name, long min, long max) {
        var value = fields[index];
        if (value.isEmpty()) {
            return OptionalLong.empty();
        }
        long parsed = parseWhole(value, name);
        if (parsed < min || parsed > max) {
            throw new BadField(name + " must be in " + min + ".." + max + ", was " + parsed);
        }
        return OptionalLong.of(parsed);
    }

    /** A finite number that must be present. */
    public double number(int index, String name) {
        var value = optionalNumber(index, name);
        if (value.isEmpty()) {
            throw new BadField(name + " is empty");
        }
        return value.getAsDouble();
    }

    /** A finite number, or empty when the field is empty. */
    public OptionalDouble optionalNumber(int index, String name) {
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
        return OptionalDouble.of(parsed);
    }

    /** A number >= 0, or empty when the field is empty. */
    public OptionalDouble optionalNonNegative(int index, String name) {
        var value = optionalNumber(index, name);
        if (value.isPresent() && value.getAsDouble() < 0) {
            throw new BadField(name + " must be >= 0, was " + fields[index]);
        }
        return value;
    }

    /** A number >= 0 that must be present; {@code whenEmpty} explains what its absence means. */
    public double nonNegative(int index, String name, String whenEmpty) {
        var value = optionalNonNegative(index, name);
        if (value.isEmpty()) {
            throw new BadField(name + " is empty" + whenEmpty);
        }
        return value.getAsDouble();
    }

    /** A number in [min, max], or empty when the field is empty. */
    public OptionalDouble optionalNumberIn(int index, String name, double min, double max) {
        var value = optionalNumber(index, name);
        if (value.isPresent() && (value.getAsDouble() < min || value.getAsDouble() > max)) {
            throw new BadField(name + " must be in [" + format(min) + ", " + format(max) + "], was " + fields[index]);
        }
        return value;
    }

    private static long parseWhole(String value, String name) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new BadField(name + " must be a whole number, was '" + value + "'");
        }
    }

    private static String format(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    /** A field that does not hold what it should; the message is the dead letter's reason. */
    public static final class BadField extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public BadField(String reason) {
            super(reason, null, false, false);
        }
    }
}
