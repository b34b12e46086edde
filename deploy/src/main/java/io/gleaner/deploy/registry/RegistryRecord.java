package io.gleaner.deploy.registry;

/**
 * One record of the registry's store topic, in the order written: a registration (or its soft deletion), a
 * compatibility setting, or the permanent deletion of a version. Replaying them in order rebuilds the
 * {@link SchemaStore}.
 */
sealed interface RegistryRecord permits StoredSchema, StoredConfig, ErasedVersion {
}
