package io.gleaner.ingest.trace;

/** Strict number parsing for trace fields, shared by the readers that need a finite decimal and nothing more. */
public final class TraceNumbers {

    private TraceNumbers() {
    }

    /**
     * A finite decimal number, or NaN when the text is not one. {@link Double#parseDouble} alone would also
     * take {@code NaN}, {@code Infinity} and a trailing {@code d} or {@code f}.
     */
    public static double decimal(String text) {
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
}
