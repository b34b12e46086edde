package io.gleaner.deploy.registry;

import java.util.Objects;

/**
 * One registration: version {@code version} of {@code subject} is the schema {@code id}, whose Avro text (as first
 * registered) is {@code schema}; {@code deleted} once it is soft-deleted. One record of the store topic.
 */
record StoredSchema(String subject, int version, int id, String schema, boolean deleted) implements RegistryRecord {
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

    /** A live (not deleted) registration. */
    StoredSchema(String subject, int version, int id, String schema) {
        this(subject, version, id, schema, false);
    }

    /** This registration, soft-deleted. */
    StoredSchema softDeleted() {
        return new StoredSchema(subject, version, id, schema, true);
    }
}
