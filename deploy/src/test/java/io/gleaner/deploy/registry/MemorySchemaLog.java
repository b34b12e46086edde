package io.gleaner.deploy.registry;

import java.util.ArrayList;
import java.util.List;

/** A {@link SchemaLog} in a list, for tests without Kafka; {@link #failWrites} makes appends fail. */
final class MemorySchemaLog implements SchemaLog {

    private final List<RegistryRecord> records = new ArrayList<>();
    private boolean failWrites;

    @Override
    public synchronized List<RegistryRecord> replay() {
        return List.copyOf(records);
    }

    @Override
    public synchronized void append(RegistryRecord stored) {
        if (failWrites) {
            throw new IllegalStateException("broker unavailable");
        }
        records.add(stored);
    }

    synchronized void failWrites(boolean fail) {
        failWrites = fail;
    }

    /** The registrations written (soft deletions included), in order. */
    synchronized List<StoredSchema> records() {
        return records.stream().filter(StoredSchema.class::isInstance).map(StoredSchema.class::cast).toList();
    }

    /** Every record written, in order. */
    synchronized List<RegistryRecord> all() {
        return List.copyOf(records);
    }

    @Override
    public void close() {
    }
}
