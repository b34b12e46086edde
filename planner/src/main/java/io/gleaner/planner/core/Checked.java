package io.gleaner.planner.core;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A core record built from untrusted input, or why it could not be. The records validate in their
 * constructors (one place for each rule); {@link #of} turns the {@link IllegalArgumentException} they throw
 * into a value, so that an adapter dead-letters bad input instead of catching exceptions itself.
 */
public sealed interface Checked<T> permits Checked.Valid, Checked.Invalid {

    /** The record {@code build} returns, or {@link Invalid} with the message of its {@link IllegalArgumentException}. */
    static <T> Checked<T> of(Supplier<T> build) {
        try {
            return new Valid<>(build.get());
        } catch (IllegalArgumentException e) {
            return new Invalid<>(e.getMessage());
        }
    }

    /**
     * The record, for input that is trusted to be valid; otherwise the exception {@code error} makes of the
     * reason (e.g. {@code IllegalStateException::new} for a store value that should never be invalid).
     */
    default T orElseThrow(Function<String, ? extends RuntimeException> error) {
        if (this instanceof Valid<T> valid) {
            return valid.value();
        }
        throw error.apply(((Invalid<T>) this).reason());
    }

    /** A valid record. */
    record Valid<T>(T value) implements Checked<T> {
        public Valid {
            Objects.requireNonNull(value, "value");
        }
    }

    /** Input that does not make a valid record. */
    record Invalid<T>(String reason) implements Checked<T> {
        public Invalid {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
