package io.gleaner.planner.core;

import java.time.Duration;
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

    /**
     * {@link #spare} at {@code first + i * step} into {@code into[i]} for every index of {@code into}, NaN where it is
     * empty: a planner that samples a whole window (Salamander, 480 steps per node and plan) reads each series once
     * rather than once per step. Overrides must give exactly what {@link #spare} gives at each of these times.
     */
    default void spare(String nodeId, Resource resource, Instant first, Duration step, double[] into) {
        long stepNanos = step.toNanos();
        for (int i = 0; i < into.length; i++) {
            into[i] = spare(nodeId, resource, first.plusNanos(stepNanos * i)).orElse(Double.NaN);
        }
    }
}
