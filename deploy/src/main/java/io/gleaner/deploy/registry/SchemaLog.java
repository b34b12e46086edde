package io.gleaner.deploy.registry;

import java.util.List;

/** Where the registry keeps its registrations: a compacted Kafka topic in production, a list in unit tests. */
interface SchemaLog extends AutoCloseable {

    /** Prepares the store and returns every registration in it, in the order written. */
    List<StoredSchema> replay();

    /**
     * Writes one registration and returns only once it is stored.
     *
     * @throws RuntimeException when it could not be stored (or it is unknown whether it was)
     */
    void append(StoredSchema stored);

    @Override
    void close();
}
