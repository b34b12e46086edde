package io.gleaner.simulator.lockstep;

import io.gleaner.schemas.avro.CapacityForecast;
import java.util.Objects;
import java.util.function.Function;

/**
 * What the lockstep waits for before a round's decisions when a forecaster stage runs beside the planner
 * (docs/simulator.md#lockstep): the forecaster's consumer group past the round's utilization samples, and the
 * planner's view of {@code forecasts} holding, under every series key, the latest record the topic holds. The
 * planner reads its forecasts from a global table, whose thread keeps no group offsets: only the view itself can say
 * what it has read.
 *
 * @param forecasterApplicationId the forecaster's Kafka Streams {@code application.id}
 * @param plannerView             the planner's view: series key to the forecast it holds, or null
 */
public record ForecastBarrier(String forecasterApplicationId, Function<String, CapacityForecast> plannerView) {

    public ForecastBarrier {
        Objects.requireNonNull(forecasterApplicationId, "forecasterApplicationId");
        Objects.requireNonNull(plannerView, "plannerView");
        if (forecasterApplicationId.isBlank()) {
            throw new IllegalArgumentException("forecasterApplicationId must not be blank");
        }
    }
}
