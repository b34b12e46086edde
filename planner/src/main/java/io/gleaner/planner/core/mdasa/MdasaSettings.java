package io.gleaner.planner.core.mdasa;

import io.gleaner.classifier.estimate.SlotsForDeadline;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * What the deadline-aware policies take from configuration.
 *
 * @param sizing   how MDASA and NDASA size a job for its deadline: Eq. 3.16 (reduce slots fixed) or Eqs. 3.17–3.18
 *                 (Lagrange); the thesis's Slot Estimator "can [be] configured to use any of the 2 methods"
 * @param edfEpoch how often EDF reads its queue: {@link Duration#ZERO} for every event (evEDF), else a job
 *                 submitted within an epoch waits for its end (epEDF); &gt;= 0
 */
public record MdasaSettings(SlotsForDeadline.Method sizing, Duration edfEpoch) {

    public MdasaSettings {
        Objects.requireNonNull(sizing, "sizing");
        Objects.requireNonNull(edfEpoch, "edfEpoch");
        if (edfEpoch.isNegative()) {
            throw new IllegalArgumentException("edfEpoch must be >= 0, was " + edfEpoch);
        }
    }

    /** Lagrange sizing (the thesis's minimum total slots) and event-based EDF. */
    public static MdasaSettings defaults() {
        return new MdasaSettings(SlotsForDeadline.Method.LAGRANGE, Duration.ZERO);
    }

    /** The names {@link #parseSizing} takes, for messages. */
    public static final String SIZINGS = "lagrange, fixed-reduce";

    /**
     * The sizing named {@code value}: {@code lagrange} or {@code fixed-reduce} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static SlotsForDeadline.Method parseSizing(String value) {
        return switch (Objects.requireNonNull(value, "sizing").strip().toLowerCase(Locale.ROOT)) {
            case "lagrange" -> SlotsForDeadline.Method.LAGRANGE;
            case "fixed-reduce" -> SlotsForDeadline.Method.FIXED_REDUCE;
            default -> throw new IllegalArgumentException("unknown sizing '" + value + "'; expected one of " + SIZINGS);
        };
    }

    /** The configuration name of {@code method}, as {@link #parseSizing} reads it. */
    public static String sizingName(SlotsForDeadline.Method method) {
        return method == SlotsForDeadline.Method.LAGRANGE ? "lagrange" : "fixed-reduce";
    }

    /** These settings with another EDF epoch. */
    public MdasaSettings withEdfEpoch(Duration value) {
        return new MdasaSettings(sizing, value);
    }
}
