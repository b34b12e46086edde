package io.gleaner.deploy.registry;

import java.util.ArrayList;
import java.util.List;

/** A {@link SchemaLog} in a list, for tests without Kafka; {@link #failWrites} makes appends fail. */
final class MemorySchemaLog implements SchemaLog {

    private final List<StoredSchema> records = new ArrayList<>();
    private boolean failWrites;

    @Override
    public synchronized List<StoredSchema> replay() {
        return List.copyOf(records);
    }

    @Override
    public synchronized void append(StoredSchema stored) {
        if (failWrites) {
            throw new IllegalStateException("broker unavailable");
        }
        records.add(stored);
    }

    synchronized void failWrites(boolean fail) {
        failWrites = fail;
    }

    synchronized List<StoredSchema> records() {
        return List.copyOf(records);
    }

    @Override
    public void close() {
    }
}
