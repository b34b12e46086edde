package io.gleaner.ingest.mapping;

import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How one field of a JSON or CSV record becomes one {@code UtilizationSample}: value = the field read in its
 * unit ({@code percent} / 100, {@code fraction} as is, {@code bytes} / capacity), then 1 - value when
 * {@code complement} is set (an idle share becomes a busy share).
 *
 * @param metric        the metric of the sample
 * @param source        whose use the sample counts
 * @param field         the field holding the value
 * @param unit          the unit the value is written in; empty when {@code unitField} names it per record
 * @param unitField     the field that names the unit in each record (a record naming an unknown unit is
 *                      rejected as UNKNOWN_UNIT); empty when {@code unit} is fixed
 * @param complement    whether the sample is 1 - the converted value
 * @param capacityBytes the node's capacity in bytes for unit {@code bytes}, when it is a constant
 * @param capacityField the field holding the node's capacity in bytes, when each record carries it
 * @param when          conditions that must all hold for this metric to apply to a record (none: always)
 * @param optional      whether a record that lacks the field (or leaves it empty) simply yields no sample for
 *                      this metric instead of being rejected
 */
public record MetricRule(Metric metric, UsageSource source, FieldPath field, Optional<ValueUnit> unit,
                         Optional<FieldPath> unitField, boolean complement, OptionalLong capacityBytes,
                         Optional<FieldPath> capacityField, List<Condition> when, boolean optional) {

    public MetricRule {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(unitField, "unitField");
        Objects.requireNonNull(capacityBytes, "capacityBytes");
        Objects.requireNonNull(capacityField, "capacityField");
        when = List.copyOf(when);
        if (unit.isPresent() == unitField.isPresent()) {
            throw new IllegalArgumentException("metric " + metric + " needs exactly one of unit and unitField");
        }
        if (capacityBytes.isPresent() && capacityField.isPresent()) {
            throw new IllegalArgumentException("metric " + metric + " takes capacityBytes or capacityField, not both");
        }
        if (capacityBytes.isPresent() && capacityBytes.getAsLong() <= 0) {
            throw new IllegalArgumentException("capacityBytes must be > 0, was " + capacityBytes.getAsLong());
        }
        if (unit.isPresent() && unit.get() == ValueUnit.BYTES && capacityBytes.isEmpty() && capacityField.isEmpty()) {
            throw new IllegalArgumentException("metric " + metric + " in bytes needs capacityBytes or capacityField");
        }
    }
}
