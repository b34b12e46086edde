package io.gleaner.deploy.registry;

import java.util.List;
import java.util.Objects;

/**
 * One registration: version {@code version} of {@code subject} is the schema {@code id}, whose Avro text (as first
 * registered) is {@code schema}, naming the types of its {@code references} (in the order they are parsed) without
 * defining them; {@code deleted} once it is soft-deleted. One record of the store topic.
 */
record StoredSchema(String subject, int version, int id, String schema, List<SchemaReference> references,
        boolean deleted) implements RegistryRecord {
    StoredSchema {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(schema, "schema");
        references = List.copyOf(references);
        if (version < 1) {
            throw new IllegalArgumentException("version must be >= 1, was " + version + " for " + subject);
        }
        if (id < 1) {
            throw new IllegalArgumentException("id must be >= 1, was " + id + " for " + subject);
        }
    }

    /** A live (not deleted) registration without references. */
    StoredSchema(String subject, int version, int id, String schema) {
        this(subject, version, id, schema, List.of(), false);
    }

    /** This registration, soft-deleted. */
    StoredSchema softDeleted() {
        return new StoredSchema(subject, version, id, schema, references, true);
    }

    /** Whether this registration refers to version {@code version} of {@code subject}. */
    boolean refersTo(String subject, int version) {
        return references.stream().anyMatch(r -> r.subject().equals(subject) && r.version() == version);
    }
}
