package io.gleaner.planner.core;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The placement policies the planner can run, parsed from configuration in one place ({@link #parse}). Only their
 * names: the shared model knows no policy, and {@code io.gleaner.planner.core.policies.Policies} makes them.
 */
public enum PolicyName {
    /** Oldest job first; takes no settings. */
    FIFO("fifo"),
    /** Fair sharing between users' pools with min shares, weights and delay scheduling. */
    FAIR("fair"),
    /** COSHH: job classes matched to nodes by an LP, routing in two stages. */
    COSHH("coshh"),
    /** Salamander's holistic planner: every queued task planned over the forecast window. */
    SALAMANDER("salamander"),
    /** Cuckoo, Salamander's baseline: oldest job first, a node-local map first. */
    CUCKOO("cuckoo"),
    /** Johnson's rule: the queue as one batch in the order that minimises its makespan (2015 thesis §5.5.1). */
    JOHNSON("johnson"),
    /** BalancedPools: the batch split into two pools of nodes, each in Johnson's order (2015 thesis §5.5.3). */
    BALANCED_POOLS("balanced-pools"),
    /** MDASA: deadline-aware, malleable, admits a job only when its goal can be met (seed 002 ch. 4). */
    MDASA("mdasa"),
    /** NDASA, MDASA's moldable baseline (seed 002 Algorithm 1). */
    NDASA("ndasa"),
    /** Earliest deadline first, event- or epoch-based (seed 002 §4.4's evEDF and epEDF). */
    EDF("edf"),
    /** The Adaptive scheduler (2014 thesis ch. 3): slots by each job's need to meet its goal. */
    ADAPTIVE("adaptive"),
    /** RAS: resource-aware placement for completion-time goals (seed 003 ch. 4). */
    RAS("ras"),
    /** Reverse-Adaptive: RAS with s_fit from the reverse fit over the forecast capacity (seed 003 ch. 5). */
    REVERSE_ADAPTIVE("reverse-adaptive");

    private final String configValue;

    PolicyName(String configValue) {
        this.configValue = configValue;
    }

    /** The name in configuration and in {@link Placement#policy()}, e.g. {@code fifo}. */
    public String configValue() {
        return configValue;
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
