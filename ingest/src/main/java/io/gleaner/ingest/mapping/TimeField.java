package io.gleaner.ingest.mapping;

import java.util.Objects;

/**
 * Where a record keeps its event time and in which unit.
 *
 * @param field the field
 * @param unit  how the time is written
 */
public record TimeField(FieldPath field, TimeUnitName unit) {

    public TimeField {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(unit, "unit");
    }
}
