package io.gleaner.deploy.registry;

import java.util.Objects;

/**
 * The permanent deletion of version {@code version} of {@code subject} (allowed only after a soft deletion). In the
 * store topic it is the tombstone of that version's {@code SCHEMA} key, so compaction removes the schema record.
 */
record ErasedVersion(String subject, int version) implements RegistryRecord {
    ErasedVersion {
        Objects.requireNonNull(subject, "subject");
    }
}
