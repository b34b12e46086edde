package io.gleaner.planner.topology;

import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.runtime.EventTimeBound;
import io.gleaner.runtime.GlobalView;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.forecasts.SpareCapacity;
import java.time.Instant;
import java.util.OptionalDouble;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;

/** The planner core's {@link CapacityOutlook} over the forecaster's view of {@code forecasts} ({@link SpareCapacity}). */
final class ForecastOutlook implements CapacityOutlook {

    private final SpareCapacity spare;

    ForecastOutlook(SpareCapacity spare) {
        this.spare = spare;
    }

    /**
     * Adds a global view of {@code forecasts} to {@code builder}, the store
     * {@link PlannerTopology#FORECASTS_VIEW_STORE}: every instance sees every series. A record that does not decode,
     * that {@link SpareCapacity#problem} finds wrong, or issued at a time {@code bound} does not take goes to
     * {@code sink} as a dead letter naming {@code stage} ({@link GlobalView}).
     */
    static void addView(StreamsBuilder builder, Topics topics, Serde<CapacityForecast> serde, EventTimeBound bound,
                        String stage, GlobalView.DeadLetterSink sink) {
        GlobalView.add(builder, topics.forecasts(), serde,
                (key, forecast) -> bound.problem(forecast.getIssuedAt()).or(() -> SpareCapacity.problem(key, forecast)),
                PlannerTopology.FORECASTS_VIEW_STORE, "forecasts-view", stage, sink);
    }

    /** The outlook of the global forecasts store that {@link PlannerTopology} adds. */
    static ForecastOutlook of(ProcessorContext<?, ?> context) {
        KeyValueStore<String, CapacityForecast> store = context.getStateStore(PlannerTopology.FORECASTS_VIEW_STORE);
        return new ForecastOutlook(SpareCapacity.of(store));
    }

    @Override
    public OptionalDouble spare(String nodeId, Resource resource, Instant time) {
        var at = spare.at(nodeId, resource == Resource.CPU ? Metric.CPU : Metric.MEMORY, time);
        return at.status() == SpareCapacity.Status.AVAILABLE ? OptionalDouble.of(at.fraction()) : OptionalDouble.empty();
    }
}
