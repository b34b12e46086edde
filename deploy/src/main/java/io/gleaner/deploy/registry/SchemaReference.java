package io.gleaner.deploy.registry;

import java.util.Objects;

/**
 * A registered schema's use of a type defined by another registration, as Confluent names it: {@code name} is the
 * type's full name (for Avro), found in version {@code version} of {@code subject}.
 */
record SchemaReference(String name, String subject, int version) {
    SchemaReference {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(subject, "subject");
        if (version < 1) {
            throw new IllegalArgumentException("version must be >= 1, was " + version + " for reference " + name);
        }
    }
}
