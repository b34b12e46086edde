package io.gleaner.ingest.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Function;

/**
 * Maps JSON documents by dotted field paths (format {@code json}). Only the fields the mapping names are read
 * out of each document ({@link JsonFieldExtractor}); the rest is skipped.
 */
final class JsonRecordMapper implements RecordMapper {

    private final FieldRules rules;
    private final JsonFieldExtractor extractor;

    JsonRecordMapper(FieldMapping mapping) {
        this.rules = new FieldRules(mapping);
        this.extractor = new JsonFieldExtractor(mapping.paths());
    }

    @Override
    public MappingResult map(byte[] record) {
        Function<FieldPath, JsonNode> fields;
        try {
            fields = extractor.extract(record);
        } catch (IllegalArgumentException e) {
            return new MappingResult.Rejected(MappingResult.Problem.MALFORMED, e.getMessage());
        }
        return rules.map(fields);
    }

    @Override
    public MappingResult map(String record) {
        Function<FieldPath, JsonNode> fields;
        try {
            fields = extractor.extract(record);
        } catch (IllegalArgumentException e) {
            return new MappingResult.Rejected(MappingResult.Problem.MALFORMED, e.getMessage());
        }
        return rules.map(fields);
    }
}
