package io.gleaner.ingest.mapping;

import com.fasterxml.jackson.databind.JsonNode;

/** Maps JSON documents by dotted field paths (format {@code json}). */
final class JsonRecordMapper implements RecordMapper {

    private final FieldRules rules;

    JsonRecordMapper(FieldMapping mapping) {
        this.rules = new FieldRules(mapping);
    }

    @Override
    public MappingResult map(byte[] record) {
        JsonNode root;
        try {
            root = JsonDocuments.object(record);
        } catch (IllegalArgumentException e) {
            return new MappingResult.Rejected(MappingResult.Problem.MALFORMED, e.getMessage());
        }
        return rules.map(path -> path.find(root));
    }

    @Override
    public MappingResult map(String record) {
        JsonNode root;
        try {
            root = JsonDocuments.object(record);
        } catch (IllegalArgumentException e) {
            return new MappingResult.Rejected(MappingResult.Problem.MALFORMED, e.getMessage());
        }
        return rules.map(path -> path.find(root));
    }
}
