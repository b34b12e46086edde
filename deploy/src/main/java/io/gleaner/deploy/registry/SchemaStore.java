package io.gleaner.deploy.registry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.avro.Schema;

/**
 * The registry's state: which schema has which id, each subject's versions (soft-deleted ones included, marked),
 * and the compatibility levels set. Rebuilt by applying the store topic's records in order; a change is proposed
 * here, written to the topic, then applied. Schemas are matched by their {@link NeutralForm}, so one schema has
 * one id whichever language registered it; a version keeps the text it was first registered with.
 * Thread-safe; no I/O.
 */
final class SchemaStore {

    private final Map<Integer, String> textById = new HashMap<>();
    private final Map<String, Integer> idByNeutralText = new HashMap<>();
    /** Neutral form of each stored text, computed once (parsing is the costly part of a look-up). */
    private final Map<String, String> neutralByText = new HashMap<>();
    private final Map<String, TreeMap<Integer, StoredSchema>> versionsBySubject = new TreeMap<>();
    private final Map<String, Compatibility> levelBySubject = new HashMap<>();
    private Optional<Compatibility> globalLevel = Optional.empty();
    /** Highest id and, per subject, highest version used or burnt; new ones are always above these. */
    private int highestId;
    private final Map<String, Integer> highestVersion = new HashMap<>();

    /** The live version of {@code subject} whose schema has neutral text {@code neutral}, if there is one. */
    synchronized Optional<StoredSchema> find(String subject, String neutral) {
        return versions(subject).stream().filter(v -> neutral(v.schema()).equals(neutral)).findFirst();
    }

    /**
     * What registering {@code text} (neutral text {@code neutral}) under {@code subject} would store: the schema's
     * existing id (one schema, one id, in every subject) or the next id, and the subject's next version. Changes
     * nothing.
     */
    synchronized StoredSchema propose(String subject, String text, String neutral) {
        int id = idByNeutralText.getOrDefault(neutral, highestId + 1);
        var stored = textById.getOrDefault(id, text);
        return new StoredSchema(subject, highestVersion.getOrDefault(subject, 0) + 1, id, stored);
    }

    /** Adds a record read from, or just written to, the store topic. A later record for a version wins. */
    synchronized void apply(RegistryRecord record) {
        // Java 17: no pattern matching in switch yet, so the three kinds are told apart by instanceof.
        if (record instanceof StoredSchema stored) {
            textById.putIfAbsent(stored.id(), stored.schema());
            idByNeutralText.putIfAbsent(neutral(stored.schema()), stored.id());
            versionsBySubject.computeIfAbsent(stored.subject(), s -> new TreeMap<>()).put(stored.version(), stored);
            burn(stored);
        } else if (record instanceof StoredConfig config) {
            if (config.subject().isEmpty()) {
                globalLevel = config.level();
            } else if (config.level().isEmpty()) {
                levelBySubject.remove(config.subject().get());
            } else {
                levelBySubject.put(config.subject().get(), config.level().get());
            }
        } else if (record instanceof ErasedVersion erased) {
            var versions = versionsBySubject.get(erased.subject());
            if (versions != null) {
                versions.remove(erased.version());
                if (versions.isEmpty()) {
                    versionsBySubject.remove(erased.subject());
                }
            }
        }
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

    /** Subjects with at least one live version, sorted. */
    synchronized List<String> subjects() {
        return versionsBySubject.entrySet().stream()
                .filter(e -> e.getValue().values().stream().anyMatch(v -> !v.deleted()))
                .map(Map.Entry::getKey).toList();
    }

    /** The live versions of {@code subject} in ascending order; empty when the subject is unknown or deleted. */
    synchronized List<StoredSchema> versions(String subject) {
        return allVersions(subject).stream().filter(v -> !v.deleted()).toList();
    }

    /** Every stored version of {@code subject}, soft-deleted ones included, in ascending order. */
    synchronized List<StoredSchema> allVersions(String subject) {
        var versions = versionsBySubject.get(subject);
        return versions == null ? List.of() : List.copyOf(versions.values());
    }

    /** Every live (subject, version) registered with schema {@code id}, by subject then version. */
    synchronized List<StoredSchema> usesOf(int id) {
        var uses = new ArrayList<StoredSchema>();
        versionsBySubject.values().forEach(versions -> versions.values().stream()
                .filter(v -> v.id() == id && !v.deleted()).forEach(uses::add));
        return uses;
    }

    /** The level set on {@code subject} itself, if any. */
    synchronized Optional<Compatibility> subjectLevel(String subject) {
        return Optional.ofNullable(levelBySubject.get(subject));
    }

    /** The global level set, if any. */
    synchronized Optional<Compatibility> globalLevel() {
        return globalLevel;
    }

    /** The level that applies to {@code subject}: its own, else the global one, else Confluent's default. */
    synchronized Compatibility levelOf(String subject) {
        return subjectLevel(subject).or(() -> globalLevel).orElse(Compatibility.DEFAULT);
    }

    private String neutral(String text) {
        return neutralByText.computeIfAbsent(text, t -> NeutralForm.of(new Schema.Parser().parse(t)));
    }
}
