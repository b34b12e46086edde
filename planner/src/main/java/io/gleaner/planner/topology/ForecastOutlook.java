package io.gleaner.planner.topology;

import io.gleaner.schemas.forecasts.SpareCapacity;

import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.Metric;
import java.time.Instant;
import java.util.OptionalDouble;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;

/** The planner core's {@link CapacityOutlook} over the forecaster's view of {@code forecasts} ({@link SpareCapacity}). */
final class ForecastOutlook implements CapacityOutlook {

    private final SpareCapacity spare;

    ForecastOutlook(SpareCapacity spare) {
        this.spare = spare;
    }

    /** The outlook of the global forecasts store that {@link PlannerTopology} adds. */
    static ForecastOutlook of(ProcessorContext<?, ?> context) {
        KeyValueStore<String, CapacityForecast> store = context.getStateStore(SpareCapacity.VIEW_STORE);
        return new ForecastOutlook(SpareCapacity.of(store));
    }

    @Override
    public OptionalDouble spare(String nodeId, Resource resource, Instant time) {
        var at = spare.at(nodeId, resource == Resource.CPU ? Metric.CPU : Metric.MEMORY, time);
        return at.status() == SpareCapacity.Status.AVAILABLE ? OptionalDouble.of(at.fraction()) : OptionalDouble.empty();
    }
}
