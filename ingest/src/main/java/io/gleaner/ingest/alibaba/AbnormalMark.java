package io.gleaner.ingest.alibaba;

/** The machine files' marks of an abnormal value. */
final class AbnormalMark {

    private AbnormalMark() {
    }

    /** Whether a normalised value is one of the trace's marks of an abnormal value, -1 or 101 (trace_2018.md §2.2). */
    static boolean is(double value) {
        return value == -1.0 || value == 101.0;
    }
}
