package io.gleaner.runtime;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.function.Function;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;

/**
 * The checks {@link ConfigDef} has no validator for: ISO-8601 durations (declared as strings), shares in [0, 1) and
 * names parsed by a type of our own (whose message lists what is allowed).
 */
public final class SettingValidators {

    private SettingValidators() {
    }

    /** An ISO-8601 duration ({@code PT1H}, {@code P7D}) that is not negative, or null when the setting may be off. */
    public static ConfigDef.Validator duration() {
        return durationAtLeast(Duration.ZERO, "at least zero");
    }

    /** An ISO-8601 duration above zero. */
    public static ConfigDef.Validator positiveDuration() {
        return durationAtLeast(Duration.ofNanos(1), "> 0");
    }

    private static ConfigDef.Validator durationAtLeast(Duration least, String shown) {
        return new ConfigDef.Validator() {
            @Override
            public void ensureValid(String name, Object value) {
                if (value == null) {
                    return;
                }
                Duration duration;
                try {
                    duration = Duration.parse(value.toString());
                } catch (DateTimeParseException e) {
                    throw new ConfigException(name, value, "must be an ISO-8601 duration such as PT1H or P7D");
                }
                if (duration.compareTo(least) < 0) {
                    throw new ConfigException(name, value, "must be " + shown);
                }
            }

            @Override
            public String toString() {
                return "an ISO-8601 duration, " + shown;
            }
        };
    }

    /** A number in [0, 1), or null when the setting may be off. */
    public static ConfigDef.Validator shareBelowOne() {
        return new ConfigDef.Validator() {
            @Override
            public void ensureValid(String name, Object value) {
                if (value != null && !((Double) value >= 0 && (Double) value < 1)) {
                    throw new ConfigException(name, value, "must be in [0, 1)");
                }
            }

            @Override
            public String toString() {
                return "[0,...,1)";
            }
        };
    }

    /**
     * A value {@code parse} accepts; its {@link IllegalArgumentException} (which lists the allowed values) becomes
     * the message.
     *
     * @param shown what the reference page says is allowed, e.g. {@code fifo, fair, coshh, salamander, cuckoo}
     */
    public static ConfigDef.Validator parsedBy(Function<String, ?> parse, String shown) {
        return new ConfigDef.Validator() {
            @Override
            public void ensureValid(String name, Object value) {
                try {
                    parse.apply(value.toString());
                } catch (IllegalArgumentException e) {
                    throw new ConfigException(name, value, e.getMessage());
                }
            }

            @Override
            public String toString() {
                return shown;
            }
        };
    }
}
