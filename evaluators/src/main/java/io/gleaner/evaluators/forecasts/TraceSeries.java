package io.gleaner.evaluators.forecasts;

import io.gleaner.forecaster.core.Series;
import java.util.Objects;

/**
 * One node's use of one resource, on the forecast grid.
 *
 * @param node   the node id, e.g. the Bitbrains VM id
 * @param metric {@code cpu} or {@code memory}
 */
public record TraceSeries(String node, String metric, Series series) {

    public TraceSeries {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(series, "series");
    }

    /** {@code node/metric}, for tables. */
    public String key() {
        return node + "/" + metric;
    }
}
