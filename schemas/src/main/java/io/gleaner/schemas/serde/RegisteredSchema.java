package io.gleaner.schemas.serde;

import java.util.Objects;
import org.apache.avro.Schema;

/** One version of a subject in a schema registry. */
public record RegisteredSchema(String subject, int version, int id, Schema schema) {
    public RegisteredSchema {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(schema, "schema");
    }
}
