package io.gleaner.planner.core;

import java.time.Instant;
import java.util.OptionalDouble;

/**
 * What the forecaster says a node will have spare: A(k,m,t) / C(k,m) = max(0, 1 - (U(k,m,t) + S(m))) of Salamander
 * Eq. 1, for node k, resource m and time t. Policies that plan over time (Salamander, next) read it; FIFO and Fair
 * answer heartbeats with what the node has free now and ignore it.
 */
@FunctionalInterface
public interface CapacityOutlook {

    /** No forecasts: every answer is empty. */
    CapacityOutlook NONE = (nodeId, resource, time) -> OptionalDouble.empty();

    /** A resource the forecaster forecasts. */
    enum Resource { CPU, MEMORY }

    /**
     * The forecast spare share of {@code resource} on {@code nodeId} at {@code time}, in [0, 1]; empty when there is
     * no forecast, the node stopped reporting (stale), or {@code time} is outside the forecast's horizon.
     */
    OptionalDouble spare(String nodeId, Resource resource, Instant time);
}
