package io.gleaner.deploy.jobs;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A number of bytes as a person writes it in a job file: {@code 1073741824}, {@code "1GiB"}, {@code "1.5 GB"}. Units
 * are B, the decimal KB MB GB TB PB (powers of 1000) and the binary KiB MiB GiB TiB PiB (powers of 1024), in any case.
 */
public final class ByteSize {

    /** What a size with units is allowed to be, for the messages. */
    public static final String UNITS = "B, KB, MB, GB, TB, PB, KiB, MiB, GiB, TiB, PiB";

    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([A-Za-z]*)");
    private static final Map<String, Long> FACTORS = Map.ofEntries(
            Map.entry("", 1L), Map.entry("b", 1L),
            Map.entry("kb", 1000L), Map.entry("mb", 1000L * 1000), Map.entry("gb", 1000L * 1000 * 1000),
            Map.entry("tb", 1000L * 1000 * 1000 * 1000), Map.entry("pb", 1000L * 1000 * 1000 * 1000 * 1000),
            Map.entry("kib", 1L << 10), Map.entry("mib", 1L << 20), Map.entry("gib", 1L << 30),
            Map.entry("tib", 1L << 40), Map.entry("pib", 1L << 50));

    private ByteSize() {
    }

    /**
     * The bytes {@code text} names: a whole number of bytes, or a number with a unit that comes to one.
     *
     * @throws IllegalArgumentException saying what was wrong and what is allowed
     */
    public static long parse(String text) {
        var matcher = SIZE.matcher(text.strip());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size; expected bytes or a number with a unit ("
                    + UNITS + "), e.g. \"2GiB\"");
        }
        var factor = FACTORS.get(matcher.group(2).toLowerCase(Locale.ROOT));
        if (factor == null) {
            throw new IllegalArgumentException("'" + text + "' has an unknown unit '" + matcher.group(2)
                    + "'; expected one of " + UNITS);
        }
        var bytes = new BigDecimal(matcher.group(1)).multiply(BigDecimal.valueOf(factor));
        try {
            return bytes.longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is " + bytes.toPlainString()
                    + " bytes; expected a whole number of bytes that fits a long", e);
        }
    }
}
