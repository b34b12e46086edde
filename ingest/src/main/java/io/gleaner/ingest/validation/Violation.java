package io.gleaner.ingest.validation;

import java.util.Objects;

/**
 * Why a sample failed validation: the rule it broke and a reason naming the field and its bad value.
 *
 * @param rule the rule broken
 * @param reason what was wrong, with the offending value, e.g. {@code value must be in [0, 1], was 1.5}
 */
public record Violation(ValidationRule rule, String reason) {
    public Violation {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(reason, "reason");
        if (reason.isBlank()) {
            throw new IllegalArgumentException("reason must not be blank");
        }
    }
}
