package io.gleaner.deploy.registry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.Schema;

/**
 * The registry's state: which schema has which id, each subject's versions (soft-deleted ones included, marked),
 * and the compatibility levels set. Rebuilt by applying the store topic's records in order; a change is proposed
 * here, written to the topic, then applied. Schemas are matched by their identity: the {@link NeutralForm} of the
 * text together with its references (as Confluent, the same text with other references is another schema), so one
 * schema has one id whichever language registered it; a version keeps the text it was first registered with.
 * Thread-safe; no I/O.
 */
final class SchemaStore {

    private final Map<Integer, StoredSchema> firstById = new HashMap<>();
    private final Map<String, Integer> idByIdentity = new HashMap<>();
    /** Identity of each stored text and references, computed once (parsing is the costly part of a look-up). */
    private final Map<String, String> identityByRegistration = new HashMap<>();
    private final Map<String, TreeMap<Integer, StoredSchema>> versionsBySubject = new TreeMap<>();
    private final Map<String, Compatibility> levelBySubject = new HashMap<>();
    private Optional<Compatibility> globalLevel = Optional.empty();
    /** Highest id and, per subject, highest version used or burnt; new ones are always above these. */
    private int highestId;
    private final Map<String, Integer> highestVersion = new HashMap<>();

    /**
     * What a registration is matched by: the neutral text of {@code schema} (parsed with {@code referenced}, the named
     * types its references define) and the references themselves.
     */
    static String identity(Schema schema, List<Schema> referenced, List<SchemaReference> references) {
        var neutral = NeutralForm.of(schema, referenced);
        return references.isEmpty() ? neutral : neutral + references.stream()
                .map(r -> r.name() + "@" + r.subject() + "/" + r.version()).collect(Collectors.joining(",", " ", ""));
    }

    /**
     * The named types that {@code references} define, resolved depth-first (a referenced schema's own references
     * before it, each registration once) and parsed in that order, as Confluent's Avro provider does.
     *
     * @throws IllegalArgumentException naming the first reference whose subject has no such version stored
     */
    synchronized List<Schema> referencedTypes(List<SchemaReference> references) {
        var ordered = new LinkedHashMap<String, StoredSchema>();
        collect(references, ordered);
        var parser = new Schema.Parser();
        ordered.values().forEach(stored -> parser.parse(stored.schema()));
        return List.copyOf(parser.getTypes().values());
    }

    private void collect(List<SchemaReference> references, Map<String, StoredSchema> ordered) {
        for (var reference : references) {
            var key = reference.subject() + "/" + reference.version();
            if (ordered.containsKey(key)) {
                continue;
            }
            var versions = versionsBySubject.get(reference.subject());
            var stored = versions == null ? null : versions.get(reference.version());
            if (stored == null) {
                throw new IllegalArgumentException("reference " + reference.name() + ": subject '"
                        + reference.subject() + "' has no version " + reference.version());
            }
            collect(stored.references(), ordered);
            ordered.put(key, stored);
        }
    }

    /** A stored registration's schema, parsed with the types its references define. */
    synchronized Schema parse(StoredSchema stored) {
        return new Schema.Parser().addTypes(referencedTypes(stored.references())).parse(stored.schema());
    }

    /** The live version of {@code subject} whose schema has identity {@code identity}, if there is one. */
    synchronized Optional<StoredSchema> find(String subject, String identity) {
        return versions(subject).stream().filter(v -> identity(v).equals(identity)).findFirst();
    }

    /**
     * What registering {@code text} with {@code references} (identity {@code identity}) under {@code subject} would
     * store: the schema's existing id (one schema, one id, in every subject) or the next id, and the subject's next
     * version. Changes nothing.
     */
    synchronized StoredSchema propose(String subject, String text, List<SchemaReference> references,
            String identity) {
        int id = idByIdentity.getOrDefault(identity, highestId + 1);
        var first = firstById.get(id);
        int version = highestVersion.getOrDefault(subject, 0) + 1;
        return first == null ? new StoredSchema(subject, version, id, text, references, false)
                : new StoredSchema(subject, version, id, first.schema(), first.references(), false);
    }

    /** Adds a record read from, or just written to, the store topic. A later record for a version wins. */
    synchronized void apply(RegistryRecord record) {
        // Java 17: no pattern matching in switch yet, so the three kinds are told apart by instanceof.
        if (record instanceof StoredSchema stored) {
            firstById.putIfAbsent(stored.id(), stored);
            idByIdentity.putIfAbsent(identity(stored), stored.id());
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

    /** The first registration of schema {@code id}: its text and references. */
    synchronized Optional<StoredSchema> schemaById(int id) {
        return Optional.ofNullable(firstById.get(id));
    }

    /** The ids of the live registrations that refer to version {@code version} of {@code subject}, ascending. */
    synchronized List<Integer> referencedBy(String subject, int version) {
        return versionsBySubject.values().stream().flatMap(v -> v.values().stream())
                .filter(v -> !v.deleted() && v.refersTo(subject, version))
                .map(StoredSchema::id).distinct().sorted().toList();
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

    /**
     * The identity of a stored registration. One whose references can no longer be resolved (a referenced version
     * erased after this one was soft-deleted) matches nothing: its text alone is not the schema.
     */
    private String identity(StoredSchema stored) {
        return identityByRegistration.computeIfAbsent(stored.references() + stored.schema(), k -> {
            try {
                var referenced = referencedTypes(stored.references());
                var schema = new Schema.Parser().addTypes(referenced).parse(stored.schema());
                return identity(schema, referenced, stored.references());
            } catch (RuntimeException e) {
                return "unresolvable " + k;
            }
        });
    }
}
