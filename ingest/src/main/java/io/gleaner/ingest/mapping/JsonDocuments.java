package io.gleaner.ingest.mapping;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.util.Locale;

/** Parses records as JSON documents for the JSON and OTLP mappers. */
final class JsonDocuments {

    /**
     * One mapper for all: Jackson mappers are thread-safe once configured. A record is one document
     * ({@code {} {}} is refused) and error messages do not quote the record (the dead letter holds it).
     */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .build();

    /** Reads a subtree in the middle of a document, where more tokens follow by design. */
    private static final ObjectReader SUBTREE = JSON.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private JsonDocuments() {
    }

    /**
     * The record's root object.
     *
     * @throws IllegalArgumentException saying why it is not a JSON object
     */
    static JsonNode object(byte[] bytes) {
        try {
            return requireObject(JSON.readTree(bytes));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getMessage());
        }
    }

    /**
     * The record's root object.
     *
     * @throws IllegalArgumentException saying why it is not a JSON object
     */
    static JsonNode object(String text) {
        try {
            return requireObject(JSON.readTree(text));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage());
        }
    }

    /** A streaming parser of a record. */
    static JsonParser parser(byte[] bytes) throws IOException {
        return JSON.createParser(bytes);
    }

    /** A streaming parser of a record. */
    static JsonParser parser(String text) throws IOException {
        return JSON.createParser(text);
    }

    /** The subtree the parser is at (its START_OBJECT or START_ARRAY read), as a tree. */
    static JsonNode tree(JsonParser parser) throws IOException {
        return SUBTREE.readTree(parser);
    }

    private static JsonNode requireObject(JsonNode root) {
        if (root == null || root.isMissingNode()) {
            throw new IllegalArgumentException("empty record, expected a JSON object");
        }
        if (!root.isObject()) {
            throw new IllegalArgumentException("expected a JSON object, found "
                    + root.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        return root;
    }
}
