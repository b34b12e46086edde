package io.gleaner.ingest.validation;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a validator saw: how many samples it accepted and how many it rejected under each rule.
 *
 * @param accepted samples that passed every rule
 * @param rejected count per rule; every rule is present (zero when it never fired), in declaration order
 */
public record ValidationSummary(long accepted, Map<ValidationRule, Long> rejected) {

    public ValidationSummary {
        if (accepted < 0) {
            throw new IllegalArgumentException("accepted must be >= 0, was " + accepted);
        }
        Objects.requireNonNull(rejected, "rejected");
        var counts = new EnumMap<ValidationRule, Long>(ValidationRule.class);
        for (var rule : ValidationRule.values()) {
            counts.put(rule, 0L);
        }
        rejected.forEach((rule, count) -> {
            Objects.requireNonNull(rule, "rule");
            Objects.requireNonNull(count, "count");
            if (count < 0) {
                throw new IllegalArgumentException("rejected count of " + rule + " must be >= 0, was " + count);
            }
            counts.put(rule, count);
        });
        rejected = Collections.unmodifiableMap(counts);
    }

    /** Samples rejected under any rule. */
    public long rejectedTotal() {
        long total = 0;
        for (long count : rejected.values()) {
            total += count;
        }
        return total;
    }

    /** Samples rejected under one rule. */
    public long rejected(ValidationRule rule) {
        return rejected.get(Objects.requireNonNull(rule, "rule"));
    }
}
