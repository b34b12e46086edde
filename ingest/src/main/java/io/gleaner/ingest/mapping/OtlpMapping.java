package io.gleaner.ingest.mapping;

import java.util.List;
import java.util.Objects;

/**
 * A mapping of OTLP/JSON metrics ({@code ExportMetricsServiceRequest}) by metric name (format
 * {@code otlp-json}). Each resource is one node, named by a resource attribute; each metric rule yields one
 * sample per node and time stamp.
 *
 * @param name          the mapping's name
 * @param hostAttribute the resource attribute naming the node (default {@value #DEFAULT_HOST_ATTRIBUTE})
 * @param metrics       the metric rules, at least one
 */
public record OtlpMapping(String name, String hostAttribute, List<OtlpMetricRule> metrics) implements Mapping {

    /** The default {@link #hostAttribute()}: the semantic-conventions attribute of a host's name. */
    public static final String DEFAULT_HOST_ATTRIBUTE = "host.name";

    public OtlpMapping {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(hostAttribute, "hostAttribute");
        metrics = List.copyOf(metrics);
        if (hostAttribute.isBlank()) {
            throw new IllegalArgumentException("host attribute must not be blank");
        }
        if (metrics.isEmpty()) {
            throw new IllegalArgumentException("a mapping needs at least one metric");
        }
    }

    @Override
    public MappingFormat format() {
        return MappingFormat.OTLP_JSON;
    }

    @Override
    public RecordMapper mapper() {
        return new OtlpJsonRecordMapper(this);
    }
}
