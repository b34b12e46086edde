package io.gleaner.forecaster.core;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link SeriesLifeCycle} needs of the forecaster's settings (validated where they are read:
 * {@code ForecastSettings}).
 *
 * @param window      how much history each refit sees, a whole number of steps
 * @param refitPeriod refit boundaries are the multiples of this period since the epoch, a whole number of steps
 * @param step        the forecast grid
 * @param maxHold     how long a sample is held over steps without one
 * @param horizon     steps forecast
 * @param quantile    quantile level of the forecast
 * @param staleness   a series with no sample for this long of stream time is stale
 * @param reaction    how a forecast reacts to a sample above it, or empty to refit on the schedule only
 */
public record LifeCycleSettings(Duration window, Duration refitPeriod, Duration step, Duration maxHold, int horizon,
                                double quantile, Duration staleness, Optional<MissReaction> reaction) {

    public LifeCycleSettings {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(refitPeriod, "refitPeriod");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(maxHold, "maxHold");
        Objects.requireNonNull(staleness, "staleness");
        Objects.requireNonNull(reaction, "reaction");
    }

    /** The misses a day of steps may hold at {@link #quantile()} ({@link MissReaction#budget}). */
    public int missBudget() {
        return MissReaction.budget(quantile, (int) (Duration.ofDays(1).toMillis() / step.toMillis()));
    }
}
