package io.gleaner.simulator.report;

import java.util.Locale;

/** How the report writes numbers: short for people, exact for CSV, and {@code n/a} for NaN everywhere. */
final class Figures {

    /** What a NaN value is printed as, in text, CSV and HTML alike. */
    static final String NOT_AVAILABLE = "n/a";

    private Figures() {
    }

    /**
     * A value for a reader: whole numbers without decimals, then fewer decimals the larger the value (2 from 1, 1
     * from 100, none from 1000) and 3 significant digits below 1.
     */
    static String brief(double value) {
        if (Double.isNaN(value)) {
            return NOT_AVAILABLE;
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        double abs = Math.abs(value);
        if (value == Math.rint(value) && abs < 1e15) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        if (abs >= 1000) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        if (abs >= 100) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        if (abs >= 1) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }

    /** A ratio to the baseline, e.g. {@code 0.81x}. */
    static String ratio(double ratio) {
        return Double.isNaN(ratio) ? NOT_AVAILABLE : String.format(Locale.ROOT, "%.2fx", ratio);
    }

    /** A value for CSV: the shortest text that parses back to the same double ({@link Double#toString}). */
    static String exact(double value) {
        return Double.isNaN(value) ? NOT_AVAILABLE : Double.toString(value);
    }

    /** The mean, and when the policy ran on several seeds the range, e.g. {@code 12.50 [11.00..14.00]}. */
    static String summary(MetricSummary summary) {
        var text = brief(summary.mean());
        if (summary.defined() > 1) {
            text += " [" + brief(summary.min()) + ".." + brief(summary.max()) + "]";
        }
        return summary.partial() ? text + "*" : text;
    }
}
