package io.gleaner.ingest.replay;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A point in trace time, as a window bound: an instant, or a duration after the trace start (the event
 * time of the first parsed row of the trace).
 */
public sealed interface TraceTime permits TraceTime.At, TraceTime.AfterStart {

    /** This bound as an instant, for a trace that starts at {@code traceStart}. */
    Instant resolve(Instant traceStart);

    /**
     * An instant, e.g. {@code 2011-05-01T06:00:00Z}.
     *
     * @param instant the instant
     */
    record At(Instant instant) implements TraceTime {
        public At {
            Objects.requireNonNull(instant, "instant");
        }

        @Override
        public Instant resolve(Instant traceStart) {
            return instant;
        }

        @Override
        public String toString() {
            return instant.toString();
        }
    }

    /**
     * A duration after the trace start, e.g. {@code 6h}.
     *
     * @param duration how long after the start; not negative
     */
    record AfterStart(Duration duration) implements TraceTime {
        public AfterStart {
            Objects.requireNonNull(duration, "duration");
            if (duration.isNegative()) {
                throw new IllegalArgumentException("a duration after the trace start must not be negative, was "
                        + duration);
            }
        }

        @Override
        public Instant resolve(Instant traceStart) {
            return traceStart.plus(duration);
        }

        @Override
        public String toString() {
            return "start+" + duration;
        }
    }

    /**
     * Reads a bound: an ISO-8601 instant ({@code 2009-05-01T06:00:00Z}), an ISO-8601 duration ({@code PT6H}),
     * or a short duration made of amounts with units ms, s, m, h, d ({@code 90s}, {@code 1h30m}, {@code 2d});
     * {@code 0} is the trace start.
     *
     * @throws IllegalArgumentException naming the text if it is none of these
     */
    public static TraceTime parse(String text) {
        Objects.requireNonNull(text, "text");
        var trimmed = text.trim();
        if (trimmed.equals("0")) {
            return new AfterStart(Duration.ZERO);
        }
        if (trimmed.startsWith("P") || trimmed.startsWith("p")) {
            try {
                return new AfterStart(Duration.parse(trimmed));
            } catch (DateTimeParseException e) {
                throw notATime(text);
            }
        }
        if (trimmed.contains("T")) {
            try {
                return new At(Instant.parse(trimmed));
            } catch (DateTimeParseException e) {
                throw notATime(text);
            }
        }
        // One amount and unit at a time, each part starting where the last ended.
        var matcher = Pattern.compile("(\\d+)(ms|s|m|h|d)").matcher(trimmed);
        var total = Duration.ZERO;
        int end = 0;
        while (matcher.find() && matcher.start() == end) {
            long amount = Long.parseLong(matcher.group(1));
            total = total.plus(switch (matcher.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofDays(amount);
            });
            end = matcher.end();
        }
        if (end == 0 || end != trimmed.length()) {
            throw notATime(text);
        }
        return new AfterStart(total);
    }

    private static IllegalArgumentException notATime(String text) {
        return new IllegalArgumentException("'" + text + "' is neither an instant (2009-05-01T06:00:00Z) nor a "
                + "duration after the trace start (PT6H, 90s, 1h30m, 2d)");
    }
}
