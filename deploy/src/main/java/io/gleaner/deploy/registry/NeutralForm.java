package io.gleaner.deploy.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;
import org.apache.avro.Schema;

/**
 * A schema's text with what only Java's code generator reads taken out, so that the same schema sent from another
 * language compares equal. The avro-maven-plugin's {@code stringType=String} writes {@code "avro.java.string":
 * "String"} on every string; a JavaScript or Python client sends the {@code .avsc} without it. Everything else
 * (docs, defaults, aliases, order) is kept: unlike Avro's Parsing Canonical Form, two schemas that differ in a
 * default stay different, because a default decides compatibility.
 */
final class NeutralForm {

    /** Properties that only the Java code generator reads. */
    static final String JAVA_STRING = "avro.java.string";

    private static final ObjectMapper JSON = new ObjectMapper();

    private NeutralForm() {
    }

    /** The neutral text of {@code schema}: without {@value #JAVA_STRING}, printed as Avro prints a schema. */
    static String of(Schema schema) {
        return of(schema, List.of());
    }

    /**
     * The neutral text of {@code schema} whose types in {@code referenced} (every named type its references define)
     * are printed by name only, as the registration that refers to them stores it.
     */
    static String of(Schema schema, Collection<Schema> referenced) {
        try {
            var tree = JSON.readTree(schema.toString(referenced, false));
            return new Schema.Parser().addTypes(referenced).parse(strip(tree).toString())
                    .toString(referenced, false);
        } catch (IOException e) {
            throw new UncheckedIOException("Avro printed a schema that is not JSON", e);
        }
    }

    private static JsonNode strip(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.remove(JAVA_STRING);
            object.forEach(NeutralForm::strip);
        } else if (node.isArray()) {
            node.forEach(NeutralForm::strip);
        }
        return node;
    }
}
