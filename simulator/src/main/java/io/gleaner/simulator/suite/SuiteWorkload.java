package io.gleaner.simulator.suite;

import java.util.Locale;
import java.util.Objects;

/**
 * A workload of the suite bench, by name, and the part of the suite it belongs to. The parts are fixed by the name,
 * never by an option, so that what a planner was tuned on cannot drift into what it is reported on:
 * <ul>
 *   <li>{@value #FB_2009} (the bundled FB-2009 day, the bench every planner was developed on) and
 *       {@code synthetic-<seed>} with a seed below {@value #FIRST_REPORT_SEED} are the <b>tuning</b> part;</li>
 *   <li>{@value #GOOGLE_2011} (Google 2011 jobs, another company and another kind of job) and {@code synthetic-<seed>}
 *       with a seed of {@value #FIRST_REPORT_SEED} or more are the <b>report</b> part.</li>
 * </ul>
 *
 * @param name the workload's name, lower case
 * @param seed the seed of a synthetic workload; -1 for the others
 */
public record SuiteWorkload(String name, long seed) {

    /** The bundled Facebook 2009 day. */
    public static final String FB_2009 = "fb2009";
    /** Jobs of the bundled Google 2011 excerpt. */
    public static final String GOOGLE_2011 = "google2011";
    /** Prefix of a synthetic SWIM-like workload's name, before its seed. */
    public static final String SYNTHETIC = "synthetic-";
    /** Synthetic seeds from here on are report-only. */
    public static final long FIRST_REPORT_SEED = 100;

    /** The two parts of the suite. */
    public enum Part {
        /** What planners may be tuned on. */
        TUNE,
        /** What is only reported: never look at it while tuning. */
        REPORT;

        /** The part's name on the command line and in the results. */
        public String configValue() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public SuiteWorkload {
        Objects.requireNonNull(name, "name");
    }

    /**
     * The workload named {@code text}: {@value #FB_2009}, {@value #GOOGLE_2011} or {@code synthetic-<seed>} with a
     * seed &gt;= 0.
     */
    public static SuiteWorkload parse(String text) {
        var name = text.trim().toLowerCase(Locale.ROOT);
        if (name.equals(FB_2009) || name.equals(GOOGLE_2011)) {
            return new SuiteWorkload(name, -1);
        }
        if (name.startsWith(SYNTHETIC)) {
            try {
                long seed = Long.parseLong(name.substring(SYNTHETIC.length()));
                if (seed >= 0) {
                    return new SuiteWorkload(SYNTHETIC + seed, seed);
                }
            } catch (NumberFormatException e) {
                // the message below says what a name may be
            }
        }
        throw new IllegalArgumentException("unknown workload '" + text + "': " + FB_2009 + ", " + GOOGLE_2011
                + " or " + SYNTHETIC + "<seed> (seed >= 0)");
    }

    /** Whether this is a synthetic workload. */
    public boolean synthetic() {
        return seed >= 0;
    }

    /** The part of the suite this workload belongs to. */
    public Part part() {
        if (name.equals(FB_2009) || synthetic() && seed < FIRST_REPORT_SEED) {
            return Part.TUNE;
        }
        return Part.REPORT;
    }
}
