package io.gleaner.ingest.mapping;

import java.util.List;
import java.util.Objects;

/**
 * How a CSV record is laid out.
 *
 * @param delimiter the field separator (default {@code ,}); fields may be quoted with {@code "}, a quote
 *                  inside a quoted field is written twice
 * @param header    whether the first line of a file names the columns (default false); when
 *                  {@code columns} is also given the first line is skipped and {@code columns} are used.
 *                  Records read from Kafka have no header line, so they need {@code columns}
 * @param columns   the column names in order; empty to take them from the header line
 */
public record CsvLayout(char delimiter, boolean header, List<String> columns) {

    /** The default delimiter. */
    public static final char DEFAULT_DELIMITER = ',';

    public CsvLayout {
        columns = List.copyOf(columns);
        if (delimiter == '"' || delimiter == '\n' || delimiter == '\r') {
            throw new IllegalArgumentException("delimiter must not be a quote or a line end, was '" + delimiter + "'");
        }
        if (!header && columns.isEmpty()) {
            throw new IllegalArgumentException("a CSV layout without a header line needs its columns");
        }
        for (var column : columns) {
            Objects.requireNonNull(column, "column");
        }
        if (columns.stream().distinct().count() != columns.size()) {
            throw new IllegalArgumentException("column names must be distinct, were " + columns);
        }
    }
}
