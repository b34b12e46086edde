package io.gleaner.ingest.mapping;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Reads only the fields a mapping names out of a JSON document, in one streaming pass: subtrees no path leads
 * into are skipped without building them. The result is the same as finding each {@link FieldPath} in the whole
 * tree ({@link FieldPath#find}), at a fraction of the cost for documents with many fields (a Telegraf {@code mem}
 * record has more than thirty), which matters for the adapter's throughput.
 */
final class JsonFieldExtractor {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A step of the paths: its children by segment, and the index of the value it captures (or -1). */
    private static final class Step {
        private final Map<String, Step> children = new HashMap<>();
        private int index = -1;
        /** For a captured step with children: the paths under it, found in the captured subtree. */
        private final List<Map.Entry<Integer, List<String>>> below = new ArrayList<>();
    }

    private final Step root = new Step();
    private final IdentityHashMap<FieldPath, Integer> indexes = new IdentityHashMap<>();
    private final int size;

    /** An extractor of {@code paths}; {@link #extract} results are looked up by these very instances. */
    JsonFieldExtractor(Collection<FieldPath> paths) {
        var byText = new HashMap<String, Integer>();
        for (var path : paths) {
            var index = byText.computeIfAbsent(path.text(), text -> byText.size());
            indexes.put(path, index);
            var step = root;
            for (var segment : path.segments()) {
                step = step.children.computeIfAbsent(segment, s -> new Step());
            }
            step.index = index;
        }
        size = byText.size();
        collectBelow(root);
    }

    /** For each captured step, the deeper paths that must be resolved inside what it captures. */
    private static void collectBelow(Step step) {
        for (var child : step.children.values()) {
            if (child.index >= 0) {
                addBelow(child, child, new ArrayList<>());
            }
            collectBelow(child);
        }
    }

    private static void addBelow(Step captured, Step step, List<String> prefix) {
        for (var entry : step.children.entrySet()) {
            var segments = new ArrayList<>(prefix);
            segments.add(entry.getKey());
            if (entry.getValue().index >= 0) {
                captured.below.add(Map.entry(entry.getValue().index, List.copyOf(segments)));
            }
            addBelow(captured, entry.getValue(), segments);
        }
    }

    /**
     * The values of the paths in {@code json}: a lookup that gives null for a path that is absent, runs into a
     * scalar, or holds JSON {@code null}.
     *
     * @throws IllegalArgumentException saying why {@code json} is not a JSON object
     */
    Function<FieldPath, JsonNode> extract(byte[] json) {
        try (var parser = JsonDocuments.parser(json)) {
            return extract(parser);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getMessage());
        }
    }

    /** As {@link #extract(byte[])}, for text. */
    Function<FieldPath, JsonNode> extract(String json) {
        try (var parser = JsonDocuments.parser(json)) {
            return extract(parser);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getMessage());
        }
    }

    private Function<FieldPath, JsonNode> extract(JsonParser parser) throws IOException {
        var first = parser.nextToken();
        if (first == null) {
            throw new IllegalArgumentException("empty record, expected a JSON object");
        }
        if (first != JsonToken.START_OBJECT) {
            throw new IllegalArgumentException("expected a JSON object, found " + kind(first));
        }
        var values = new JsonNode[size];
        object(parser, root, values);
        if (parser.nextToken() != null) {
            throw new IllegalArgumentException("not valid JSON: more content after the end of the object");
        }
        return path -> {
            var index = indexes.get(path);
            if (index == null) {
                throw new IllegalArgumentException("path " + path + " was not given to this extractor");
            }
            return values[index];
        };
    }

    /** Reads the object the parser is at (its START_OBJECT read), capturing what {@code step} leads to. */
    private void object(JsonParser parser, Step step, JsonNode[] values) throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
            var child = step.children.get(parser.currentName());
            parser.nextToken();
            if (child == null) {
                parser.skipChildren();
            } else {
                value(parser, child, values);
            }
        }
        if (token != JsonToken.END_OBJECT) {
            throw new IllegalArgumentException("not valid JSON: unexpected end of input");
        }
    }

    /** Reads the array the parser is at, going into the elements whose index a path names. */
    private void array(JsonParser parser, Step step, JsonNode[] values) throws IOException {
        int i = 0;
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token == null) {
                throw new IllegalArgumentException("not valid JSON: unexpected end of input");
            }
            var child = step.children.get(Integer.toString(i));
            if (child == null) {
                parser.skipChildren();
            } else {
                value(parser, child, values);
            }
            i++;
        }
    }

    /** Reads the value the parser is at for {@code step}: captures it, or goes into it, or skips it. */
    private void value(JsonParser parser, Step step, JsonNode[] values) throws IOException {
        var token = parser.currentToken();
        if (step.index >= 0) {
            var node = node(parser, token);
            values[step.index] = node;
            for (var below : step.below) {
                values[below.getKey()] = node == null ? null
                        : new FieldPath(String.join(".", below.getValue()), below.getValue()).find(node);
            }
            return;
        }
        if (token == JsonToken.START_OBJECT) {
            object(parser, step, values);
        } else if (token == JsonToken.START_ARRAY) {
            array(parser, step, values);
        } else {
            // A scalar where the paths go deeper: those paths are absent.
            parser.skipChildren();
        }
    }

    /** The value the parser is at as a node; null for JSON null. */
    private static JsonNode node(JsonParser parser, JsonToken token) throws IOException {
        return switch (token) {
            case VALUE_STRING -> TextNode.valueOf(parser.getText());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> NODES.numberNode(parser.getIntValue());
                case LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDoubleValue());
            case VALUE_TRUE -> BooleanNode.TRUE;
            case VALUE_FALSE -> BooleanNode.FALSE;
            case VALUE_NULL -> null;
            case START_OBJECT, START_ARRAY -> JsonDocuments.tree(parser);
            default -> throw new IllegalArgumentException("not valid JSON: unexpected " + token);
        };
    }

    private static String kind(JsonToken token) {
        return switch (token) {
            case START_ARRAY -> "array";
            case VALUE_STRING -> "string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
            case VALUE_TRUE, VALUE_FALSE -> "boolean";
            case VALUE_NULL -> "null";
            default -> token.name().toLowerCase(Locale.ROOT);
        };
    }
}
