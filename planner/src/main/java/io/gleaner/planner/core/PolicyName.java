package io.gleaner.planner.core;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** The placement policies the planner can run, parsed from configuration in one place ({@link #parse}). */
public enum PolicyName {
    /** Oldest job first ({@link FifoPolicy}). */
    FIFO("fifo", FifoPolicy::new);

    private final String configValue;
    private final Supplier<PlacementPolicy> factory;

    PolicyName(String configValue, Supplier<PlacementPolicy> factory) {
        this.configValue = configValue;
        this.factory = factory;
    }

    /** The name in configuration and in {@link Placement#policy()}, e.g. {@code fifo}. */
    public String configValue() {
        return configValue;
    }

    /** A new instance of the policy. */
    public PlacementPolicy create() {
        return factory.get();
    }

    /**
     * The policy named {@code value} (case-insensitive, surrounding blanks ignored).
     *
     * @throws IllegalArgumentException naming the value and the allowed names, e.g.
     *                                  {@code unknown policy 'fiffo'; expected one of fifo}
     */
    public static PolicyName parse(String value) {
        Objects.requireNonNull(value, "policy");
        var wanted = value.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(name -> name.configValue.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown policy '" + value + "'; expected one of "
                        + Arrays.stream(values()).map(PolicyName::configValue).collect(Collectors.joining(", "))));
    }
}
