package io.gleaner.ingest.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.List;

/**
 * A test on one field of a record: it holds when the field is present and its text is one of
 * {@code values} (numbers compare by their text as the record writes them).
 *
 * @param field  the field
 * @param values the accepted texts, at least one, distinct, in the order the mapping file gives them
 */
public record Condition(FieldPath field, List<String> values) {

    public Condition {
        Objects.requireNonNull(field, "field");
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a condition on " + field + " needs at least one value");
        }
        if (values.stream().distinct().count() != values.size()) {
            throw new IllegalArgumentException("a condition on " + field + " lists a value twice: " + values);
        }
    }

    /** Whether {@code node}, the value of {@link #field()} in a record (null when absent), passes. */
    boolean test(JsonNode node) {
        return node != null && node.isValueNode() && values.contains(node.asText());
    }
}
