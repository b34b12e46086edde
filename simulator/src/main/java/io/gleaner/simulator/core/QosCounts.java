package io.gleaner.simulator.core;

import java.util.Objects;

/**
 * What the QoS controller did in a run and what the nodes still had to do themselves.
 *
 * @param mode            the controller: {@code none}, {@code salamander} or {@code cuckoo}
 * @param controllerKills attempts the controller killed ({@code KILL_TASK}); 0 without a controller
 * @param nodeOomKills    attempts the node itself killed because the owners' RAM plus the attempts' RAM passed the
 *                        node's (the last resort, between two controller ticks or without a controller)
 * @param throttles       {@code THROTTLE_CPU} actions applied; 0 without a controller
 * @param raises          {@code RAISE_CPU_LIMIT} actions applied; 0 without a controller
 * @param ticks           controller ticks run (node by node); 0 without a controller
 */
public record QosCounts(String mode, long controllerKills, long nodeOomKills, long throttles, long raises,
                        long ticks) {

    public QosCounts {
        Objects.requireNonNull(mode, "mode");
    }

    /** Whether a controller ran. */
    public boolean controlled() {
        return !mode.equals(SimulationSettings.NO_QOS);
    }
}
