package io.gleaner.simulator.core;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of one simulation run.
 *
 * @param heartbeatPeriod the period P of the round grid (notes/lockstep.md); a whole number of milliseconds
 * @param seed            seed of the run's one random generator
 */
public record SimulationSettings(Duration heartbeatPeriod, long seed) {

    /** Hadoop's heartbeat period, 3 s of event time. */
    public static final Duration DEFAULT_HEARTBEAT_PERIOD = Duration.ofSeconds(3);

    public SimulationSettings {
        Objects.requireNonNull(heartbeatPeriod, "heartbeatPeriod");
        if (heartbeatPeriod.toMillis() < 1 || heartbeatPeriod.toNanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException("heartbeatPeriod must be a whole number of milliseconds >= 1, was "
                    + heartbeatPeriod);
        }
    }

    /** The default period with {@code seed}. */
    public static SimulationSettings withSeed(long seed) {
        return new SimulationSettings(DEFAULT_HEARTBEAT_PERIOD, seed);
    }
}
