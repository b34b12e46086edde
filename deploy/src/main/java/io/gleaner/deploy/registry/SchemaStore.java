package io.gleaner.deploy.registry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The registry's state: which schema text has which id, and each subject's versions. Rebuilt by applying the
 * store topic's records in order; a registration is proposed here, written to the topic, then applied.
 * Thread-safe; pure (no I/O).
 */
final class SchemaStore {

    private final Map<Integer, String> textById = new HashMap<>();
    private final Map<String, Integer> idByText = new HashMap<>();
    private final Map<String, TreeMap<Integer, StoredSchema>> versionsBySubject = new TreeMap<>();
    /** Highest id and, per subject, highest version used or burnt; new ones are always above these. */
    private int highestId;
    private final Map<String, Integer> highestVersion = new HashMap<>();

    /** The version of {@code subject} whose schema has canonical text {@code text}, if there is one. */
    synchronized Optional<StoredSchema> find(String subject, String text) {
        var versions = versionsBySubject.get(subject);
        if (versions == null) {
            return Optional.empty();
        }
        return versions.values().stream().filter(v -> v.schema().equals(text)).findFirst();
    }

    /**
     * What registering {@code text} under {@code subject} would store: the text's existing id (one text, one id,
     * in every subject) or the next id, and the subject's next version. Changes nothing.
     */
    synchronized StoredSchema propose(String subject, String text) {
        int id = idByText.getOrDefault(text, highestId + 1);
        return new StoredSchema(subject, highestVersion.getOrDefault(subject, 0) + 1, id, text);
    }

    /** Adds a registration read from, or just written to, the store topic. A later record for a version wins. */
    synchronized void apply(StoredSchema stored) {
        textById.put(stored.id(), stored.schema());
        idByText.putIfAbsent(stored.schema(), stored.id());
        versionsBySubject.computeIfAbsent(stored.subject(), s -> new TreeMap<>()).put(stored.version(), stored);
        burn(stored);
    }

    /**
     * Keeps the id and version of a registration whose write failed from ever being handed out: the write may
     * still land in the topic, and the next start would read it back.
     */
    synchronized void burn(StoredSchema stored) {
        highestId = Math.max(highestId, stored.id());
        highestVersion.merge(stored.subject(), stored.version(), Math::max);
    }

    synchronized Optional<String> schemaText(int id) {
        return Optional.ofNullable(textById.get(id));
    }

    synchronized List<String> subjects() {
        return List.copyOf(versionsBySubject.keySet());
    }

    /** The versions of {@code subject} in ascending order; empty when the subject is unknown. */
    synchronized List<StoredSchema> versions(String subject) {
        var versions = versionsBySubject.get(subject);
        return versions == null ? List.of() : List.copyOf(versions.values());
    }

    /** Every (subject, version) registered with schema {@code id}, by subject then version. */
    synchronized List<StoredSchema> usesOf(int id) {
        var uses = new ArrayList<StoredSchema>();
        versionsBySubject.values().forEach(versions -> versions.values().stream()
                .filter(v -> v.id() == id).forEach(uses::add));
        return uses;
    }
}
