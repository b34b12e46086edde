package io.gleaner.deploy.fuzz;

import java.util.Objects;

/**
 * One record to send: where, its key and value bytes (either may be null), what kind of attack it is and what the
 * stages must do with it.
 *
 * @param partition the partition to send it to, or null to let the producer choose by key
 */
public record HostileRecord(FuzzedInput input, Integer partition, HostileKind kind, String key, byte[] value,
                            Expectation expectation) {

    /** Values at least this large are sent one at a time, so that a refusal by the broker fails no other record. */
    static final int LARGE_VALUE = 512 * 1024;

    public HostileRecord {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(expectation, "expectation");
    }

    /** The value's size in bytes, 0 for a null value. */
    public int size() {
        return value == null ? 0 : value.length;
    }

    /**
     * Whether the broker may refuse this record (too large, or no key on a compacted topic): it is then sent alone,
     * waiting for its answer, so that the refusal of its batch fails no other record.
     */
    public boolean mayBeRefused() {
        return size() >= LARGE_VALUE || (key == null && input.compacted());
    }
}
