package io.gleaner.forecaster.topology;

import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.DeadLetter;
import java.util.Objects;

/** What the sample processor forwards: a forecast for {@code forecasts}, or a dead letter. */
record ForecasterOutput(CapacityForecast forecast, DeadLetter deadLetter) {

    ForecasterOutput {
        if ((forecast == null) == (deadLetter == null)) {
            throw new IllegalArgumentException("exactly one of forecast and dead letter must be set");
        }
    }

    static ForecasterOutput of(CapacityForecast forecast) {
        return new ForecasterOutput(Objects.requireNonNull(forecast, "forecast"), null);
    }

    static ForecasterOutput of(DeadLetter deadLetter) {
        return new ForecasterOutput(null, Objects.requireNonNull(deadLetter, "deadLetter"));
    }

    boolean isDeadLetter() {
        return deadLetter != null;
    }
}
