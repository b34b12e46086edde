package io.gleaner.ingest.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Maps CSV lines by column name (format {@code csv}). A field may be quoted with {@code "} (then it may hold
 * the delimiter, and a quote is written twice); an empty field counts as missing.
 */
final class CsvRecordMapper implements RecordMapper {

    private final FieldRules rules;
    private final char delimiter;
    private final List<String> columns;
    private final Map<String, Integer> index;

    /**
     * A mapper for lines with {@code columns}.
     *
     * @throws MappingException when the mapping names a column that is not among them
     */
    CsvRecordMapper(FieldMapping mapping, List<String> columns) {
        this.rules = new FieldRules(mapping);
        this.delimiter = mapping.csv().orElseThrow().delimiter();
        this.columns = List.copyOf(columns);
        this.index = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            if (index.putIfAbsent(columns.get(i), i) != null) {
                throw new MappingException(mapping.name(), "csv.columns", "column '" + columns.get(i)
                        + "' is named twice");
            }
        }
        var unknown = new TreeSet<String>();
        for (var path : mapping.paths()) {
            if (!index.containsKey(path.text())) {
                unknown.add(path.text());
            }
        }
        if (!unknown.isEmpty()) {
            throw new MappingException(mapping.name(), "", "the mapping reads column(s) " + String.join(", ", unknown)
                    + " but the columns are " + String.join(", ", columns));
        }
    }

    /** A mapper for a mapping whose layout names its columns. */
    CsvRecordMapper(FieldMapping mapping) {
        this(mapping, columnsOf(mapping));
    }

    private static List<String> columnsOf(FieldMapping mapping) {
        var columns = mapping.csv().orElseThrow().columns();
        if (columns.isEmpty()) {
            throw new IllegalStateException("mapping " + mapping.name() + " takes its columns from each file's header "
                    + "line; records without a header need csv.columns");
        }
        return columns;
    }

    @Override
    public MappingResult map(byte[] record) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(record)).toString();
        } catch (CharacterCodingException e) {
            return new MappingResult.Rejected(MappingResult.Problem.MALFORMED, "record is not valid UTF-8");
        }
        return map(text);
    }

    @Override
    public MappingResult map(String record) {
        List<String> cells;
        try {
            cells = split(stripLineEnd(record), delimiter);
        } catch (IllegalArgumentException e) {
            return new MappingResult.Rejected(MappingResult.Problem.MALFORMED, e.getMessage());
        }
        if (cells.size() != columns.size()) {
            return new MappingResult.Rejected(MappingResult.Problem.MALFORMED, "expected " + columns.size()
                    + " columns (" + String.join(", ", columns) + "), found " + cells.size());
        }
        return rules.map(path -> cell(cells, path));
    }

    private JsonNode cell(List<String> cells, FieldPath path) {
        var i = index.get(path.text());
        if (i == null) {
            return null;
        }
        var text = cells.get(i);
        return text.isEmpty() ? null : TextNode.valueOf(text);
    }

    private static String stripLineEnd(String record) {
        int end = record.length();
        while (end > 0 && (record.charAt(end - 1) == '\n' || record.charAt(end - 1) == '\r')) {
            end--;
        }
        return record.substring(0, end);
    }

    /**
     * Splits a line at {@code delimiter}, honouring {@code "}-quoted fields.
     *
     * @throws IllegalArgumentException when a quote is not closed, or text follows a closing quote
     */
    static List<String> split(String line, char delimiter) {
        var cells = new ArrayList<String>();
        var cell = new StringBuilder();
        int i = 0;
        int n = line.length();
        while (true) {
            if (i < n && line.charAt(i) == '"') {
                int start = i;
                i++;
                while (true) {
                    if (i >= n) {
                        throw new IllegalArgumentException("field " + (cells.size() + 1)
                                + " opens a quote at character " + (start + 1) + " that is not closed");
                    }
                    char c = line.charAt(i);
                    if (c == '"') {
                        if (i + 1 < n && line.charAt(i + 1) == '"') {
                            cell.append('"');
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    cell.append(c);
                    i++;
                }
                if (i < n && line.charAt(i) != delimiter) {
                    throw new IllegalArgumentException("field " + (cells.size() + 1) + " has text after its closing "
                            + "quote at character " + (i + 1));
                }
            } else {
                while (i < n && line.charAt(i) != delimiter) {
                    cell.append(line.charAt(i));
                    i++;
                }
            }
            cells.add(cell.toString());
            cell.setLength(0);
            if (i >= n) {
                return cells;
            }
            i++;
        }
    }
}
