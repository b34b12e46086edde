package io.gleaner.ingest.mapping;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How a record writes its time: a number of seconds, milliseconds, microseconds or nanoseconds since
 * 1970-01-01T00:00:00Z, or an ISO-8601 date-time with an offset ({@code 2024-03-01T12:00:00Z},
 * {@code 2024-03-01T13:00:00.250+01:00}). Times are kept to the millisecond, rounding down.
 */
public enum TimeUnitName {

    /** Seconds since the epoch; a fraction is allowed ({@code 1458229140.5}). */
    S("s", 1_000, 1),
    /** Milliseconds since the epoch. */
    MS("ms", 1, 1),
    /** Microseconds since the epoch. */
    US("us", 1, 1_000),
    /** Nanoseconds since the epoch (OTLP's {@code timeUnixNano}). */
    NS("ns", 1, 1_000_000),
    /** An ISO-8601 date-time with a zone offset or {@code Z}. */
    ISO8601("iso8601", 0, 0);

    private final String configValue;
    private final long multiplyToMillis;
    private final long divideToMillis;

    TimeUnitName(String configValue, long multiplyToMillis, long divideToMillis) {
        this.configValue = configValue;
        this.multiplyToMillis = multiplyToMillis;
        this.divideToMillis = divideToMillis;
    }

    /** The name used in mapping files. */
    public String configValue() {
        return configValue;
    }

    static String allowed() {
        return Arrays.stream(values()).map(TimeUnitName::configValue).collect(Collectors.joining(", "));
    }

    /**
     * The unit named {@code text}.
     *
     * @throws IllegalArgumentException listing the allowed names
     */
    public static TimeUnitName parse(String text) {
        for (var unit : values()) {
            if (unit.configValue.equals(text)) {
                return unit;
            }
        }
        throw new IllegalArgumentException("unknown time unit '" + text + "'; expected one of " + allowed());
    }

    /**
     * Milliseconds since the epoch of a whole number in this unit, rounding down.
     *
     * @throws ArithmeticException when the result does not fit a long
     */
    long toMillis(long value) {
        if (this == ISO8601) {
            throw new IllegalStateException("iso8601 times are text");
        }
        return Math.floorDiv(Math.multiplyExact(value, multiplyToMillis), divideToMillis);
    }

    /**
     * Milliseconds since the epoch of a decimal number in this unit, rounding down.
     *
     * @throws ArithmeticException when the result does not fit a long
     */
    long toMillis(BigDecimal value) {
        if (this == ISO8601) {
            throw new IllegalStateException("iso8601 times are text");
        }
        return value.multiply(BigDecimal.valueOf(multiplyToMillis))
                .divide(BigDecimal.valueOf(divideToMillis), 0, RoundingMode.FLOOR)
                .longValueExact();
    }

    /**
     * Milliseconds since the epoch of a time written as text: an ISO-8601 date-time for {@link #ISO8601}, a
     * number otherwise.
     *
     * @throws IllegalArgumentException saying why the text is not a time in this unit
     */
    long parseMillis(String text) {
        var stripped = text.strip();
        if (this == ISO8601) {
            try {
                return OffsetDateTime.parse(stripped).toInstant().toEpochMilli();
            } catch (DateTimeParseException | ArithmeticException e) {
                throw new IllegalArgumentException("'" + text + "' is not an ISO-8601 date-time with an offset"
                        + " (e.g. 2024-03-01T12:00:00Z)");
            }
        }
        try {
            if (isWholeNumber(stripped)) {
                return toMillis(Long.parseLong(stripped));
            }
            return toMillis(new BigDecimal(stripped));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a number of " + configValue);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' " + configValue + " is out of range");
        }
    }

    /** The instant of a number of milliseconds, for messages. */
    static Instant instant(long millis) {
        return Instant.ofEpochMilli(millis);
    }

    private static boolean isWholeNumber(String text) {
        int start = text.startsWith("-") ? 1 : 0;
        if (text.length() == start || text.length() - start > 18) {
            return false;
        }
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** The big integer's value in milliseconds, rounding down. */
    long toMillis(BigInteger value) {
        return toMillis(new BigDecimal(value));
    }
}
