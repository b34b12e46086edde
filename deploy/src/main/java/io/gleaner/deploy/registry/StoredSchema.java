package io.gleaner.deploy.registry;

import java.util.Objects;

/**
 * One registration: version {@code version} of {@code subject} is the schema {@code id}, whose canonical Avro text
 * is {@code schema}. One record of the store topic.
 */
record StoredSchema(String subject, int version, int id, String schema) {
    StoredSchema {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(schema, "schema");
        if (version < 1) {
            throw new IllegalArgumentException("version must be >= 1, was " + version + " for " + subject);
        }
        if (id < 1) {
            throw new IllegalArgumentException("id must be >= 1, was " + id + " for " + subject);
        }
    }
}
