package io.gleaner.simulator.evaluate;

import io.gleaner.simulator.core.OwnerLoad;

/** The owners' load of a run with a given seed: which trace hosts land on which node may depend on it. */
@FunctionalInterface
public interface OwnerSource {

    /** No owners: the whole cluster is spare, whatever the seed. */
    OwnerSource NONE = seed -> OwnerLoad.NONE;

    /** The owners' load of the run with {@code seed}. */
    OwnerLoad forSeed(long seed);
}
