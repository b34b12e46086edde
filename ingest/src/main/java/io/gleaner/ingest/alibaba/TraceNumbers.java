package io.gleaner.ingest.alibaba;

/** Strict number parsing for the machine files' comma-separated fields. */
final class TraceNumbers {

    private TraceNumbers() {
    }

    /**
     * A finite decimal number, or NaN when the text is not one. {@link Double#parseDouble} alone would also
     * take {@code NaN}, {@code Infinity} and a trailing {@code d} or {@code f}.
     */
    static double decimal(String text) {
        if (text.isEmpty()) {
            return Double.NaN;
        }
        char last = text.charAt(text.length() - 1);
        if (last != '.' && (last < '0' || last > '9')) {
            return Double.NaN;
        }
        try {
            double value = Double.parseDouble(text);
            return Double.isInfinite(value) ? Double.NaN : value;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Whether a normalised value is one of the trace's marks of an abnormal value, -1 or 101 (trace_2018.md §2.2). */
    static boolean abnormalMark(double value) {
        return value == -1.0 || value == 101.0;
    }
}
