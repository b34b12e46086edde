package io.gleaner.ingest.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;

/**
 * Where a value sits in a record: for JSON a dotted path from the document's root ({@code tags.host},
 * {@code fields.usage_idle}; a segment of digits indexes an array, {@code values.0}), for CSV a column name
 * (then the path has one segment, the name, dots and all).
 *
 * @param text     the path as written in the mapping file
 * @param segments its parts; for CSV the single column name
 */
public record FieldPath(String text, List<String> segments) {

    public FieldPath {
        Objects.requireNonNull(text, "text");
        segments = List.copyOf(segments);
        if (segments.isEmpty()) {
            throw new IllegalArgumentException("a field path needs at least one segment, was '" + text + "'");
        }
    }

    /** A dotted JSON path; empty segments ({@code a..b}, a leading or trailing dot) are refused. */
    public static FieldPath json(String text) {
        Objects.requireNonNull(text, "text");
        var parts = text.split("\\.", -1);
        for (var part : parts) {
            if (part.isEmpty()) {
                throw new IllegalArgumentException("field path '" + text + "' has an empty segment");
            }
        }
        return new FieldPath(text, List.of(parts));
    }

    /** A CSV column name, taken whole. */
    public static FieldPath column(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("column name must not be empty");
        }
        return new FieldPath(name, List.of(name));
    }

    /**
     * The node at this path under {@code root}, or null when a segment is missing, runs into a scalar, or the
     * value is JSON {@code null}.
     */
    JsonNode find(JsonNode root) {
        var node = root;
        for (int i = 0, n = segments.size(); i < n && node != null; i++) {
            var segment = segments.get(i);
            if (node.isObject()) {
                node = node.get(segment);
            } else if (node.isArray() && isIndex(segment)) {
                node = node.get(Integer.parseInt(segment));
            } else {
                return null;
            }
        }
        return node == null || node.isNull() || node.isMissingNode() ? null : node;
    }

    private static boolean isIndex(String segment) {
        if (segment.isEmpty() || segment.length() > 9) {
            return false;
        }
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return text;
    }
}
