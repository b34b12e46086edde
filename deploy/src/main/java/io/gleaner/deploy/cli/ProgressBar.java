package io.gleaner.deploy.cli;

import java.io.PrintWriter;

/**
 * A progress bar on the error stream: on a terminal one line redrawn in place; otherwise (a log file, CI) a new
 * line at every tenth of the way, so logs stay readable.
 */
final class ProgressBar {

    private static final int WIDTH = 30;

    private final PrintWriter out;
    private final String unit;
    private final long total;
    private final boolean interactive;
    private String last = "";
    private long lastTenth = -1;

    ProgressBar(PrintWriter out, String unit, long total) {
        this(out, unit, total, System.console() != null);
    }

    ProgressBar(PrintWriter out, String unit, long total, boolean interactive) {
        if (total < 0) {
            throw new IllegalArgumentException("total must be >= 0, was " + total);
        }
        this.out = out;
        this.unit = unit;
        this.total = total;
        this.interactive = interactive;
    }

    /** Shows {@code done} of the total, with a short detail after it. */
    void update(long done, String detail) {
        double fraction = total == 0 ? 1 : Math.min(1.0, (double) done / total);
        int filled = (int) Math.round(fraction * WIDTH);
        var line = String.format("[%s%s] %3d%% %d/%d %s  %s", "#".repeat(filled), " ".repeat(WIDTH - filled),
                Math.round(fraction * 100), done, total, unit, detail);
        if (interactive && !line.equals(last)) {
            out.print("\r" + line + " ".repeat(Math.max(0, last.length() - line.length())));
            out.flush();
            last = line;
        } else if (!interactive && (long) (fraction * 10) > lastTenth) {
            out.println(line);
            out.flush();
            lastTenth = (long) (fraction * 10);
        }
    }

    /** Ends the line so that what follows starts on its own. */
    void finish() {
        if (interactive) {
            out.println();
            out.flush();
        }
    }
}
