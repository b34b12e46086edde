package io.gleaner.simulator.evaluate;

import io.gleaner.planner.core.PolicyName;
import io.gleaner.qos.core.QosMode;
import io.gleaner.simulator.core.SimulationSettings;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Which QoS controller the nodes of each policy's runs obey: one for every policy ({@code none}, {@code salamander},
 * {@code cuckoo}), or {@value #OWN}: each policy with the controller of its own stack, Cuckoo's for the
 * {@code cuckoo} policy and Salamander's for every other, which is the comparison of Salamander §IV (RQ1).
 *
 * @param all     the controller of every policy, when not {@link #ownStack()}
 * @param ownStack each policy with its own stack's controller
 */
public record Controllers(Optional<QosMode> all, boolean ownStack) {

    /** The name of "each policy with its own stack's controller". */
    public static final String OWN = "own";

    /** No controller for any policy. */
    public static final Controllers NONE = new Controllers(Optional.empty(), false);

    public Controllers {
        Objects.requireNonNull(all, "all");
        if (ownStack && all.isPresent()) {
            throw new IllegalArgumentException("own-stack controllers take no common controller");
        }
    }

    /** The same controller for every policy. */
    public static Controllers everyPolicy(Optional<QosMode> mode) {
        return new Controllers(mode, false);
    }

    /** The controller {@code policy}'s runs obey. */
    public Optional<QosMode> of(PolicyName policy) {
        if (!ownStack) {
            return all;
        }
        return Optional.of(policy == PolicyName.CUCKOO ? QosMode.CUCKOO : QosMode.SALAMANDER);
    }

    /** The name in configuration: {@value #OWN} or {@link SimulationSettings#qosName}. */
    public String configValue() {
        return ownStack ? OWN : SimulationSettings.qosName(all);
    }

    /**
     * The setting named {@code value}: {@value #OWN} or what {@link SimulationSettings#parseQos} takes.
     *
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static Controllers parse(String value) {
        Objects.requireNonNull(value, "qos");
        if (value.strip().toLowerCase(Locale.ROOT).equals(OWN)) {
            return new Controllers(Optional.empty(), true);
        }
        try {
            return everyPolicy(SimulationSettings.parseQos(value));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + " or " + OWN, e);
        }
    }
}
