package io.gleaner.deploy.cli;

import java.io.PrintWriter;

/** A one-line progress bar on the error stream, redrawn in place when its text changes. */
final class ProgressBar {

    private static final int WIDTH = 30;

    private final PrintWriter out;
    private final String unit;
    private final long total;
    private String last = "";

    ProgressBar(PrintWriter out, String unit, long total) {
        if (total < 0) {
            throw new IllegalArgumentException("total must be >= 0, was " + total);
        }
        this.out = out;
        this.unit = unit;
        this.total = total;
    }

    /** Shows {@code done} of the total, with a short detail after it. */
    void update(long done, String detail) {
        double fraction = total == 0 ? 1 : Math.min(1.0, (double) done / total);
        int filled = (int) Math.round(fraction * WIDTH);
        var line = String.format("[%s%s] %3d%% %d/%d %s  %s", "#".repeat(filled), " ".repeat(WIDTH - filled),
                Math.round(fraction * 100), done, total, unit, detail);
        if (!line.equals(last)) {
            out.print("\r" + line + " ".repeat(Math.max(0, last.length() - line.length())));
            out.flush();
            last = line;
        }
    }

    /** Ends the line so that what follows starts on its own. */
    void finish() {
        out.println();
        out.flush();
    }
}
