package io.gleaner.schemas.serde;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.Schema;

/**
 * A schema registry in a map, for {@code TopologyTestDriver} tests and in-process runs. It behaves as
 * Confluent's does where the serde can tell: ids start at 1, and one schema text has one id in every subject.
 * Thread-safe.
 */
public final class InMemorySchemaRegistryClient implements SchemaRegistryClient {

    private final Map<String, Integer> idsByText = new HashMap<>();
    private final Map<Integer, Schema> schemasById = new HashMap<>();
    /** Per subject, the ids of its versions in order: version n is element n - 1. */
    private final Map<String, List<Integer>> versionsBySubject = new HashMap<>();
    /**
     * What each subject already answered, by schema object: spares the Schema.toString() of every call. Avro's
     * Schema.equals ignores docs, so a schema that differs only in docs gets the earlier answer, as with the
     * caches of Confluent's client and of {@link RestSchemaRegistryClient}.
     */
    private final Map<String, Map<Schema, Integer>> knownIds = new HashMap<>();

    @Override
    public synchronized int register(String subject, Schema schema) {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(schema, "schema");
        var known = knownIds.getOrDefault(subject, Map.of()).get(schema);
        if (known != null) {
            return known;
        }
        int id = idsByText.computeIfAbsent(schema.toString(), text -> {
            int next = idsByText.size() + 1;
            schemasById.put(next, schema);
            return next;
        });
        var versions = versionsBySubject.computeIfAbsent(subject, s -> new ArrayList<>());
        if (!versions.contains(id)) {
            versions.add(id);
        }
        knownIds.computeIfAbsent(subject, s -> new HashMap<>()).put(schema, id);
        return id;
    }

    @Override
    public synchronized int idOf(String subject, Schema schema) {
        Objects.requireNonNull(schema, "schema");
        var known = knownIds.getOrDefault(subject, Map.of()).get(schema);
        if (known != null) {
            return known;
        }
        var versions = versions(subject);
        Integer id = idsByText.get(schema.toString());
        if (id == null || !versions.contains(id)) {
            throw new SchemaRegistryException(404, SchemaRegistryException.SCHEMA_NOT_FOUND, "Schema not found");
        }
        return id;
    }

    @Override
    public synchronized Schema schemaById(int id) {
        var schema = schemasById.get(id);
        if (schema == null) {
            throw new SchemaRegistryException(404, SchemaRegistryException.SCHEMA_NOT_FOUND, "Schema " + id
                    + " not found");
        }
        return schema;
    }

    @Override
    public synchronized RegisteredSchema latest(String subject) {
        var versions = versions(subject);
        int id = versions.get(versions.size() - 1);
        return new RegisteredSchema(subject, versions.size(), id, schemasById.get(id));
    }

    private List<Integer> versions(String subject) {
        Objects.requireNonNull(subject, "subject");
        var versions = versionsBySubject.get(subject);
        if (versions == null) {
            throw new SchemaRegistryException(404, SchemaRegistryException.SUBJECT_NOT_FOUND, "Subject '"
                    + subject + "' not found.");
        }
        return versions;
    }
}
