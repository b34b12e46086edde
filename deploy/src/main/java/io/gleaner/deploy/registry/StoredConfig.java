package io.gleaner.deploy.registry;

import java.util.Objects;
import java.util.Optional;

/**
 * A compatibility setting: of {@code subject}, or the registry's global one when it is empty; an empty
 * {@code level} removes the setting (the subject falls back to the global level, the global one to
 * {@link Compatibility#DEFAULT}). Stored as Confluent stores a {@code CONFIG} record in {@code _schemas}.
 */
record StoredConfig(Optional<String> subject, Optional<Compatibility> level) implements RegistryRecord {
    StoredConfig {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(level, "level");
    }
}
