package io.gleaner.planner.core;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The placement policies the planner can run, parsed from configuration in one place ({@link #parse}). */
public enum PolicyName {
    /** Oldest job first ({@link FifoPolicy}); takes no settings. */
    FIFO("fifo", settings -> new FifoPolicy()),
    /** Fair sharing between users' pools with min shares, weights and delay scheduling ({@link FairPolicy}). */
    FAIR("fair", FairPolicy::new),
    /** COSHH: job classes matched to nodes by an LP, routing in two stages ({@link CoshhPolicy}). */
    COSHH("coshh", CoshhPolicy::new),
    /** Salamander's holistic planner: every queued task planned over the forecast window ({@link SalamanderPolicy}). */
    SALAMANDER("salamander", SalamanderPolicy::new),
    /** Cuckoo, Salamander's baseline: oldest job first, a node-local map first ({@link CuckooPolicy}). */
    CUCKOO("cuckoo", CuckooPolicy::new);

    private final String configValue;
    private final Function<PolicySettings, PlacementPolicy> factory;

    PolicyName(String configValue, Function<PolicySettings, PlacementPolicy> factory) {
        this.configValue = configValue;
        this.factory = factory;
    }

    /** The name in configuration and in {@link Placement#policy()}, e.g. {@code fifo}. */
    public String configValue() {
        return configValue;
    }

    /** A new instance of the policy with {@link PolicySettings#defaults()}. */
    public PlacementPolicy create() {
        return create(PolicySettings.defaults());
    }

    /** A new instance of the policy with {@code settings} (which it may ignore, as FIFO does). */
    public PlacementPolicy create(PolicySettings settings) {
        return factory.apply(Objects.requireNonNull(settings, "settings"));
    }

    /**
     * The policy named {@code value} (case-insensitive, surrounding blanks ignored).
     *
     * @throws IllegalArgumentException naming the value and the allowed names, e.g.
     *                                  {@code unknown policy 'fiffo'; expected one of fifo, fair, coshh, salamander,
     *                                  cuckoo}
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
