package io.gleaner.deploy.registry;

import java.util.List;

/** Where the registry keeps its records: a compacted Kafka topic in production, a list in unit tests. */
interface SchemaLog extends AutoCloseable {

    /** Prepares the store and returns every record in it, in the order written. */
    List<RegistryRecord> replay();

    /**
     * Writes one record and returns only once it is stored.
     *
     * @throws RuntimeException when it could not be stored (or it is unknown whether it was)
     */
    void append(RegistryRecord stored);

    @Override
    void close();
}
