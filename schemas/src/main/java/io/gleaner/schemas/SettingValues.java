package io.gleaner.schemas;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.function.Function;

/**
 * Reads one setting from configuration properties, the same way for every stage and for the serde: a missing key
 * takes its fallback; a bad value is an {@link IllegalArgumentException} that names the key and the value. Values
 * may be strings (from a properties file or the command line) or already typed (from code).
 */
public final class SettingValues {

    private SettingValues() {
    }

    /** The text of {@code key}, stripped, or {@code fallback} when it is missing. */
    public static String text(Map<String, ?> properties, String key, String fallback) {
        var value = properties.get(key);
        return value == null ? fallback : value.toString().strip();
    }

    /** The whole number of {@code key} (a long), or {@code fallback} when it is missing. */
    public static long longValue(Map<String, ?> properties, String key, long fallback) {
        return parsed(properties, key, fallback, Long::parseLong, "a whole number");
    }

    /** The whole number of {@code key} (an int), or {@code fallback} when it is missing. */
    public static int intValue(Map<String, ?> properties, String key, int fallback) {
        return parsed(properties, key, fallback, Integer::parseInt, "a whole number");
    }

    /** The number of {@code key}, or {@code fallback} when it is missing. */
    public static double decimal(Map<String, ?> properties, String key, double fallback) {
        return parsed(properties, key, fallback, Double::parseDouble, "a number");
    }

    /** The ISO-8601 duration of {@code key} (e.g. {@code PT1H}), or {@code fallback} when it is missing. */
    public static Duration duration(Map<String, ?> properties, String key, Duration fallback) {
        return parsed(properties, key, fallback, Duration::parse, "an ISO-8601 duration such as PT1H or P7D");
    }

    /** The boolean of {@code key} ({@code true} or {@code false}, any case), or {@code fallback} when it is missing. */
    public static boolean flag(Map<String, ?> properties, String key, boolean fallback) {
        var value = properties.get(key);
        if (value == null) {
            return fallback;
        }
        if (value instanceof Boolean b) {
            return b;
        }
        var text = value.toString().strip();
        if (text.equalsIgnoreCase("true")) {
            return true;
        }
        if (text.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(key + " must be true or false, was '" + value + "'");
    }

    /**
     * The value of {@code key} as {@code parse} reads its stripped text, or {@code fallback} when it is missing.
     *
     * @param kind what the value must be, for the error: {@code key must be <kind>, was '<value>'}
     */
    private static <T> T parsed(Map<String, ?> properties, String key, T fallback, Function<String, T> parse,
                                String kind) {
        var value = properties.get(key);
        if (value == null) {
            return fallback;
        }
        try {
            return parse.apply(value.toString().strip());
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IllegalArgumentException(key + " must be " + kind + ", was '" + value + "'", e);
        }
    }
}
