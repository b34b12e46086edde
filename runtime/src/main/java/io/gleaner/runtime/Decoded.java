package io.gleaner.runtime;

import io.gleaner.schemas.avro.DeadLetter;
import java.util.Objects;

/**
 * The result of decoding one record: the value together with the raw bytes it came from (so that a later
 * step that finds the value invalid can still dead-letter the original bytes), or a dead letter.
 */
public final class Decoded<V> {

    private final V value;
    private final byte[] raw;
    private final DeadLetter deadLetter;

    private Decoded(V value, byte[] raw, DeadLetter deadLetter) {
        this.value = value;
        this.raw = raw;
        this.deadLetter = deadLetter;
    }

    /** A decoded value and the bytes it was decoded from. */
    public static <V> Decoded<V> of(V value, byte[] raw) {
        return new Decoded<>(Objects.requireNonNull(value, "value"), Objects.requireNonNull(raw, "raw"), null);
    }

    /** A record that could not be decoded. */
    public static <V> Decoded<V> deadLetter(DeadLetter deadLetter) {
        return new Decoded<>(null, null, Objects.requireNonNull(deadLetter, "deadLetter"));
    }

    /** Whether decoding failed. */
    public boolean isDeadLetter() {
        return deadLetter != null;
    }

    /** The decoded value. */
    public V value() {
        if (isDeadLetter()) {
            throw new IllegalStateException("no value: the record was dead-lettered: " + deadLetter.getReason());
        }
        return value;
    }

    /** The bytes the value was decoded from. */
    public byte[] raw() {
        if (isDeadLetter()) {
            throw new IllegalStateException("no value: the record was dead-lettered: " + deadLetter.getReason());
        }
        return raw.clone();
    }

    /** The dead letter. */
    public DeadLetter deadLetter() {
        if (!isDeadLetter()) {
            throw new IllegalStateException("not a dead letter: the record was decoded");
        }
        return deadLetter;
    }

    @Override
    public String toString() {
        return isDeadLetter() ? "Decoded[deadLetter=" + deadLetter + "]" : "Decoded[value=" + value + "]";
    }
}
