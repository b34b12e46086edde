package io.gleaner.ingest.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A mapping of JSON documents or CSV lines by named fields (formats {@code json} and {@code csv}).
 *
 * @param name    the mapping's name
 * @param format  {@link MappingFormat#JSON} or {@link MappingFormat#CSV}
 * @param csv     the CSV layout, present exactly when the format is CSV
 * @param host    the field naming the node (the sample's {@code nodeId} and record key)
 * @param time    the field holding the event time, and its unit
 * @param filter  conditions a record must meet to be mapped at all (none: every record); others are skipped
 * @param metrics the metric rules, at least one; each yields at most one sample per record
 */
public record FieldMapping(String name, MappingFormat format, Optional<CsvLayout> csv, FieldPath host, TimeField time,
                           List<Condition> filter, List<MetricRule> metrics) implements Mapping {

    public FieldMapping {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(csv, "csv");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(time, "time");
        filter = List.copyOf(filter);
        metrics = List.copyOf(metrics);
        if (format == MappingFormat.OTLP_JSON) {
            throw new IllegalArgumentException("an otlp-json mapping is an OtlpMapping");
        }
        if ((format == MappingFormat.CSV) != csv.isPresent()) {
            throw new IllegalArgumentException("a CSV layout goes with format csv and only with it");
        }
        if (metrics.isEmpty()) {
            throw new IllegalArgumentException("a mapping needs at least one metric");
        }
    }

    /** Every field path the mapping reads (the same instance may appear once per place it is used). */
    List<FieldPath> paths() {
        var paths = new ArrayList<FieldPath>();
        paths.add(host);
        paths.add(time.field());
        filter.forEach(condition -> paths.add(condition.field()));
        for (var rule : metrics) {
            paths.add(rule.field());
            rule.unitField().ifPresent(paths::add);
            rule.capacityField().ifPresent(paths::add);
            rule.when().forEach(condition -> paths.add(condition.field()));
        }
        return paths;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalStateException for a CSV mapping that takes its columns from a file's header line; read such
     *                               files with {@link MappedTraceReader}
     */
    @Override
    public RecordMapper mapper() {
        return format == MappingFormat.CSV ? new CsvRecordMapper(this) : new JsonRecordMapper(this);
    }

    /**
     * A mapper of CSV lines with the columns a file's header line names.
     *
     * @throws MappingException when the mapping reads a column the header does not name
     */
    RecordMapper mapper(List<String> headerColumns) {
        if (format != MappingFormat.CSV) {
            throw new IllegalStateException("only a csv mapping has columns");
        }
        return new CsvRecordMapper(this, headerColumns);
    }
}
