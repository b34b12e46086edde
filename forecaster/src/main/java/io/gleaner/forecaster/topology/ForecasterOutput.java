package io.gleaner.forecaster.topology;

import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.DeadLetter;
import java.util.Objects;

/**
 * What the sample processor forwards: a forecast for {@code forecasts}, a dead letter, or neither: the tombstone
 * that deletes a forgotten series from the compacted {@code forecasts}.
 */
record ForecasterOutput(CapacityForecast forecast, DeadLetter deadLetter) {

    private static final ForecasterOutput TOMBSTONE = new ForecasterOutput(null, null);

    ForecasterOutput {
        if (forecast != null && deadLetter != null) {
            throw new IllegalArgumentException("a forecast and a dead letter cannot both be set");
        }
    }

    static ForecasterOutput of(CapacityForecast forecast) {
        return new ForecasterOutput(Objects.requireNonNull(forecast, "forecast"), null);
    }

    static ForecasterOutput of(DeadLetter deadLetter) {
        return new ForecasterOutput(null, Objects.requireNonNull(deadLetter, "deadLetter"));
    }

    static ForecasterOutput tombstone() {
        return TOMBSTONE;
    }

    boolean isDeadLetter() {
        return deadLetter != null;
    }
}
