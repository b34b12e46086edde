package io.gleaner.ingest.mapping;

import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How the data points of one OTLP metric of a resource become one {@code UtilizationSample} per time stamp.
 * Of the metric's data points (gauge or sum) at one {@code timeUnixNano}, those whose {@code stateAttribute}
 * is one of {@code states} are kept (all when {@code states} is empty); their values are summed per value of
 * the {@code averageOver} attribute and those sums averaged (or, without {@code averageOver}, simply summed);
 * the result is read in its unit and complemented when {@code complement} is set.
 *
 * <p>So the CPU preset, states [idle], averageOver cpu, complement, gives 1 - (mean over the CPUs of the
 * idle share); the memory preset, states [used], gives the used share.
 *
 * @param metric         the metric of the sample
 * @param source         whose use the sample counts
 * @param name           the OTLP metric name, e.g. {@code system.cpu.utilization}
 * @param states         the values of {@code stateAttribute} to keep; empty keeps every data point
 * @param stateAttribute the data point attribute holding the state (default {@code state})
 * @param averageOver    the data point attribute to average over (e.g. {@code cpu}); empty to sum only
 * @param unit           the unit of the values; empty to take it from the metric's {@code unit} ({@code 1}
 *                       is a fraction, {@code %} a percent; anything else rejects the record as UNKNOWN_UNIT)
 * @param complement     whether the sample is 1 - the value
 */
public record OtlpMetricRule(Metric metric, UsageSource source, String name, List<String> states,
                             String stateAttribute, Optional<String> averageOver, Optional<ValueUnit> unit,
                             boolean complement) {

    /** The default {@link #stateAttribute()}. */
    public static final String DEFAULT_STATE_ATTRIBUTE = "state";

    public OtlpMetricRule {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(name, "name");
        states = List.copyOf(states);
        Objects.requireNonNull(stateAttribute, "stateAttribute");
        Objects.requireNonNull(averageOver, "averageOver");
        Objects.requireNonNull(unit, "unit");
        if (name.isBlank()) {
            throw new IllegalArgumentException("OTLP metric name must not be blank");
        }
        if (unit.isPresent() && unit.get() == ValueUnit.BYTES) {
            throw new IllegalArgumentException("OTLP metric " + name + " cannot be read in bytes; expected one of "
                    + "fraction, percent");
        }
    }
}
