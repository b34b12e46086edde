package io.gleaner.deploy.registry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.SchemaCompatibilityType;

/**
 * A subject's compatibility level, as Confluent's registry names them, and the check it implies. The check itself is
 * Avro's {@link SchemaCompatibility}: BACKWARD means the new schema reads what the earlier one wrote, FORWARD the
 * reverse, FULL both; a {@code _TRANSITIVE} level checks every earlier live version instead of the latest only.
 */
enum Compatibility {
    NONE, BACKWARD, BACKWARD_TRANSITIVE, FORWARD, FORWARD_TRANSITIVE, FULL, FULL_TRANSITIVE;

    /** Confluent's default for a registry with no global configuration. */
    static final Compatibility DEFAULT = BACKWARD;

    /** Confluent's message for a level it does not know (error code 42203). */
    static final String INVALID_LEVEL_MESSAGE = "Invalid compatibility level. Valid values are none, backward, "
            + "forward, full, backward_transitive, forward_transitive, and full_transitive";

    /** The level named {@code name} in any case, or empty. */
    static Optional<Compatibility> parse(String name) {
        if (name == null) {
            return Optional.empty();
        }
        var upper = name.trim().toUpperCase(Locale.ROOT);
        return Arrays.stream(values()).filter(level -> level.name().equals(upper)).findFirst();
    }

    /**
     * Why {@code candidate} may not follow {@code earlier} (oldest first, live versions only) at this level; empty
     * when it may.
     */
    List<String> problems(Schema candidate, List<Schema> earlier) {
        if (this == NONE || earlier.isEmpty()) {
            return List.of();
        }
        boolean transitive = name().endsWith("_TRANSITIVE");
        var checked = transitive ? earlier : List.of(earlier.get(earlier.size() - 1));
        var problems = new ArrayList<String>();
        for (var previous : checked) {
            problems.addAll(problemsWith(candidate, previous));
        }
        return problems;
    }

    /** Why {@code candidate} may not follow the one schema {@code previous} at this level (transitive or not). */
    List<String> problemsWith(Schema candidate, Schema previous) {
        var problems = new ArrayList<String>();
        if (this == BACKWARD || this == BACKWARD_TRANSITIVE || this == FULL || this == FULL_TRANSITIVE) {
            problems.addAll(describe(SchemaCompatibility.checkReaderWriterCompatibility(candidate, previous),
                    "the new schema cannot read data written with the old one"));
        }
        if (this == FORWARD || this == FORWARD_TRANSITIVE || this == FULL || this == FULL_TRANSITIVE) {
            problems.addAll(describe(SchemaCompatibility.checkReaderWriterCompatibility(previous, candidate),
                    "the old schema cannot read data written with the new one"));
        }
        return problems;
    }

    private static List<String> describe(SchemaCompatibility.SchemaPairCompatibility pair, String direction) {
        if (pair.getType() == SchemaCompatibilityType.COMPATIBLE) {
            return List.of();
        }
        // Avro's incompatibilities name the problem and where it is in the schema, never Java internals.
        return pair.getResult().getIncompatibilities().stream()
                .map(i -> "{errorType:'" + i.getType() + "', description:'" + direction + ": " + i.getMessage()
                        + "', location:'" + i.getLocation() + "'}")
                .toList();
    }
}
