package io.gleaner.schemas.serde;

import org.apache.avro.Schema;

/**
 * What the serde needs from a schema registry: Confluent's REST API reduced to four calls. Every method throws
 * {@link SchemaRegistryException} when the registry refuses or cannot be reached.
 */
public interface SchemaRegistryClient {

    /**
     * Registers {@code schema} under {@code subject} (a new version unless it is already there) and returns its
     * id. The same schema again returns the same id.
     */
    int register(String subject, Schema schema);

    /**
     * Returns the id of {@code schema} if it is registered under {@code subject}, without registering it
     * (Confluent's {@code POST /subjects/{subject}}).
     *
     * @throws SchemaRegistryException with {@link SchemaRegistryException#SUBJECT_NOT_FOUND} or
     *                                 {@link SchemaRegistryException#SCHEMA_NOT_FOUND} when it is not
     */
    int idOf(String subject, Schema schema);

    /**
     * The schema with id {@code id}.
     *
     * @throws SchemaRegistryException with {@link SchemaRegistryException#SCHEMA_NOT_FOUND} for an unknown id
     */
    Schema schemaById(int id);

    /**
     * The latest version of {@code subject}.
     *
     * @throws SchemaRegistryException with {@link SchemaRegistryException#SUBJECT_NOT_FOUND} for an unknown subject
     */
    RegisteredSchema latest(String subject);
}
