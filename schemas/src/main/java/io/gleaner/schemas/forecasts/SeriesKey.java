package io.gleaner.schemas.forecasts;

import io.gleaner.schemas.avro.Metric;
import java.util.Objects;

/**
 * The key of one series, one node's use of one metric: {@code nodeId + "/" + METRIC}, e.g. {@code n7/CPU}. The
 * stores and the compacted {@code forecasts} topic use it, so that compaction keeps one forecast per node AND
 * metric (a key of the node id alone would let a MEMORY forecast erase the CPU one).
 */
public record SeriesKey(String nodeId, Metric metric) {

    /** Separates the node id from the metric; a node id may contain it, the metric is after the last one. */
    public static final char SEPARATOR = '/';

    public SeriesKey {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(metric, "metric");
    }

    /** The key as stored and published, e.g. {@code n7/CPU}. */
    public String text() {
        return nodeId + SEPARATOR + metric.name();
    }

    /** The key as stored and published, e.g. {@code n7/CPU}. */
    public static String text(String nodeId, Metric metric) {
        return nodeId + SEPARATOR + metric.name();
    }

    /**
     * Reads a key written by {@link #text()}.
     *
     * @throws IllegalArgumentException when there is no separator or the metric is not one of {@link Metric}
     */
    public static SeriesKey parse(String text) {
        int at = text.lastIndexOf(SEPARATOR);
        if (at < 0) {
            throw new IllegalArgumentException("series key '" + text + "' has no '" + SEPARATOR + "'");
        }
        return new SeriesKey(text.substring(0, at), Metric.valueOf(text.substring(at + 1)));
    }
}
