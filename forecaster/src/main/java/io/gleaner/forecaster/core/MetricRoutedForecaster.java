package io.gleaner.forecaster.core;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Routes each request to the learner of its metric ({@link ForecastRequest#metric()}), or to a fallback when the
 * request's metric has no route (including {@link ResourceMetric#UNKNOWN}). CPU and memory use behave differently
 * (daily cycles and bursts against level shifts), and the learner that suits one does not suit the other; see the
 * docs/results/2026-11-27-forecaster-accuracy.md#results-on-the-month for the measurements behind the default routes.
 */
public final class MetricRoutedForecaster implements Forecaster {

    private final String name;
    private final Map<ResourceMetric, Forecaster> routes;
    private final Forecaster fallback;

    /**
     * @param name     the model's name, e.g. {@code routed}
     * @param routes   the learner per metric; {@link ResourceMetric#UNKNOWN} may not be routed (it takes the
     *                 fallback)
     * @param fallback the learner of any other metric
     */
    public MetricRoutedForecaster(String name, Map<ResourceMetric, Forecaster> routes, Forecaster fallback) {
        this.name = Objects.requireNonNull(name, "name");
        Objects.requireNonNull(routes, "routes");
        this.fallback = Objects.requireNonNull(fallback, "fallback");
        if (routes.containsKey(ResourceMetric.UNKNOWN)) {
            throw new IllegalArgumentException("UNKNOWN takes the fallback; it cannot have a route");
        }
        this.routes = routes.isEmpty() ? new EnumMap<>(ResourceMetric.class) : new EnumMap<>(routes);
        this.routes.values().forEach(f -> Objects.requireNonNull(f, "route"));
    }

    @Override
    public String name() {
        return name;
    }

    /** The learner that forecasts a series of {@code metric}. */
    public Forecaster route(ResourceMetric metric) {
        return routes.getOrDefault(metric, fallback);
    }

    @Override
    public QuantileForecast forecast(Series history, ForecastRequest request) {
        return route(request.metric()).forecast(history, request);
    }
}
