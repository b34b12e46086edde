package io.gleaner.ingest.alibaba;

import java.util.OptionalDouble;

/**
 * The comma-separated fields of one batch_task or batch_instance line, read by name so that a bad value
 * becomes a reason naming the field and the value ({@link BadField}).
 */
final class AlibabaBatchFields {

    private final String[] fields;

    private AlibabaBatchFields(String[] fields) {
        this.fields = fields;
    }

    /** Splits a line on commas, keeping empty fields; each field is stripped of surrounding blanks. */
    static AlibabaBatchFields split(String line) {
        var fields = line.split(",", -1);
        for (int i = 0; i < fields.length; i++) {
            fields[i] = fields[i].strip();
        }
        return new AlibabaBatchFields(fields);
    }

    int count() {
        return fields.length;
    }

    /** A field that must not be empty. */
    String text(int index, String name) {
        var value = fields[index];
        if (value.isEmpty()) {
            throw new BadField(name + " is empty");
        }
        return value;
    }

    /** A whole number of at least {@code min}. */
    long whole(int index, String name, long min) {
        var value = fields[index];
        long parsed;
        try {
            parsed = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new BadField(name + " must be a whole number, was '" + value + "'");
        }
        if (parsed < min) {
            throw new BadField(name + " must be >= " + min + ", was " + parsed);
        }
        return parsed;
    }

    /** A finite number that must be present. */
    double number(int index, String name) {
        var value = optionalNumber(index, name);
        if (value.isEmpty()) {
            throw new BadField(name + " is empty");
        }
        return value.getAsDouble();
    }

    /** A finite number, or empty when the field is empty. */
    OptionalDouble optionalNumber(int index, String name) {
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
    OptionalDouble optionalNonNegative(int index, String name) {
        var value = optionalNumber(index, name);
        if (value.isPresent() && value.getAsDouble() < 0) {
            throw new BadField(name + " must be >= 0, was " + fields[index]);
        }
        return value;
    }

    /** A number in [min, max], or empty when the field is empty. */
    OptionalDouble optionalNumberIn(int index, String name, double min, double max) {
        var value = optionalNumber(index, name);
        if (value.isPresent() && (value.getAsDouble() < min || value.getAsDouble() > max)) {
            throw new BadField(name + " must be in [" + format(min) + ", " + format(max) + "], was " + fields[index]);
        }
        return value;
    }

    private static String format(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    /** A field that does not hold what it should; the message is the dead letter's reason. */
    static final class BadField extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadField(String reason) {
            super(reason, null, false, false);
        }
    }
}
