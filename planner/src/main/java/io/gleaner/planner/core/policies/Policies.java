package io.gleaner.planner.core.policies;

import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.adaptive.AdaptivePolicy;
import io.gleaner.planner.core.coshh.CoshhPolicy;
import io.gleaner.planner.core.cuckoo.CuckooPolicy;
import io.gleaner.planner.core.fair.FairPolicy;
import io.gleaner.planner.core.fifo.FifoPolicy;
import io.gleaner.planner.core.makespan.MakespanPolicy;
import io.gleaner.planner.core.mdasa.DeadlineAwarePolicy;
import io.gleaner.planner.core.mdasa.EdfPolicy;
import io.gleaner.planner.core.ras.RasPolicy;
import io.gleaner.planner.core.ras.ReverseAdaptivePolicy;
import io.gleaner.planner.core.salamander.SalamanderPolicy;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Makes the policy a {@link PolicyName} names. The one place that knows them all: here, above them, so that the
 * shared model in {@code planner.core} knows none and no policy knows another.
 */
public final class Policies {

    private Policies() {
    }

    /** A new instance of the policy with {@link PolicySettings#defaults()}. */
    public static PlacementPolicy create(PolicyName name) {
        return create(name, PolicySettings.defaults());
    }

    /**
     * A new instance of the policy with the parts of {@code settings} it uses (FIFO uses none), re-plans computed on
     * the caller's thread when they are asked for.
     */
    public static PlacementPolicy create(PolicyName name, PolicySettings settings) {
        return create(name, settings, Runnable::run);
    }

    /**
     * A new instance of the policy with the parts of {@code settings} it uses, COSHH's and Salamander's re-plans
     * computed by {@code planWorker} ({@link PolicySettings#planDelay()}).
     */
    public static PlacementPolicy create(PolicyName name, PolicySettings settings, Executor planWorker) {
        Objects.requireNonNull(settings, "settings");
        return switch (Objects.requireNonNull(name, "name")) {
            case FIFO -> new FifoPolicy();
            case FAIR -> new FairPolicy(settings.pools(), settings.localityDelay());
            case COSHH -> new CoshhPolicy(settings.pools(), settings.coshh(), settings.localityDelay(),
                    settings.placeData(), settings.planDelay(), planWorker);
            case SALAMANDER -> new SalamanderPolicy(settings.salamander(), settings.planDelay(), planWorker);
            case CUCKOO -> new CuckooPolicy(settings.placeData());
            case JOHNSON -> MakespanPolicy.johnson();
            case BALANCED_POOLS -> MakespanPolicy.balancedPools();
            case MDASA -> DeadlineAwarePolicy.mdasa(settings.mdasa());
            case NDASA -> DeadlineAwarePolicy.ndasa(settings.mdasa());
            case EDF -> new EdfPolicy(settings.mdasa());
            case ADAPTIVE -> new AdaptivePolicy(settings.adaptive());
            case RAS -> new RasPolicy();
            case REVERSE_ADAPTIVE -> new ReverseAdaptivePolicy();
        };
    }
}
