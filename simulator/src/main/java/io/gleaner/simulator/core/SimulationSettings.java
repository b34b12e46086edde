package io.gleaner.simulator.core;

import io.gleaner.qos.core.QosMode;
import io.gleaner.qos.core.QosSettings;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Settings of one simulation run.
 *
 * @param heartbeatPeriod the period P of the round grid (docs/simulator.md#lockstep); a whole number of milliseconds
 * @param seed            seed of the run's one random generator
 * @param qos             the QoS controller the nodes obey ({@link QosMode}, with {@code QosSettings.defaults()}
 *                        and {@code safetyMargin}); empty ({@value #NO_QOS}) for none: the node's own OOM kill only
 * @param safetyMargin    S(m) of Salamander Eq. 1 for CPU and RAM alike, in [0, 1): what the controller keeps from
 *                        the tasks, and what the planner's forecasts take off; default
 *                        {@link QosSettings#DEFAULT_SAFETY_MARGIN}
 * @param nodeFailures    nodes that go silent for good, and when (docs/node-liveness.md); none by default
 * @param replicas        replicas of each input chunk ({@link ReplicaPlacement}), >= 1; 3 by default
 */
public record SimulationSettings(Duration heartbeatPeriod, long seed, Optional<QosMode> qos, double safetyMargin,
                                 List<NodeFailure> nodeFailures, int replicas) {

    /** Hadoop's heartbeat period, 3 s of event time. */
    public static final Duration DEFAULT_HEARTBEAT_PERIOD = Duration.ofSeconds(3);

    /** The name of "no QoS controller" in configuration and in reports. */
    public static final String NO_QOS = "none";

    public SimulationSettings {
        Objects.requireNonNull(heartbeatPeriod, "heartbeatPeriod");
        Objects.requireNonNull(qos, "qos");
        nodeFailures = List.copyOf(nodeFailures);
        if (replicas < 1) {
            throw new IllegalArgumentException("replicas must be >= 1, was " + replicas);
        }
        if (!(safetyMargin >= 0 && safetyMargin < 1)) {
            throw new IllegalArgumentException("safetyMargin must be in [0, 1), was " + safetyMargin);
        }
        if (heartbeatPeriod.toMillis() < 1 || heartbeatPeriod.toNanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException("heartbeatPeriod must be a whole number of milliseconds >= 1, was "
                    + heartbeatPeriod);
        }
    }

    /** Settings with {@link ReplicaPlacement#DEFAULT_REPLICAS} replicas per chunk. */
    public SimulationSettings(Duration heartbeatPeriod, long seed, Optional<QosMode> qos, double safetyMargin,
                              List<NodeFailure> nodeFailures) {
        this(heartbeatPeriod, seed, qos, safetyMargin, nodeFailures, ReplicaPlacement.DEFAULT_REPLICAS);
    }

    /** Settings without node failures. */
    public SimulationSettings(Duration heartbeatPeriod, long seed, Optional<QosMode> qos, double safetyMargin) {
        this(heartbeatPeriod, seed, qos, safetyMargin, List.of());
    }

    /** Settings with the default safety margin. */
    public SimulationSettings(Duration heartbeatPeriod, long seed, Optional<QosMode> qos) {
        this(heartbeatPeriod, seed, qos, QosSettings.DEFAULT_SAFETY_MARGIN);
    }

    /** Settings without a QoS controller. */
    public SimulationSettings(Duration heartbeatPeriod, long seed) {
        this(heartbeatPeriod, seed, Optional.empty());
    }

    /** The default period with {@code seed}, without a QoS controller. */
    public static SimulationSettings withSeed(long seed) {
        return new SimulationSettings(DEFAULT_HEARTBEAT_PERIOD, seed);
    }

    /** These settings with the QoS controller {@code value} (empty for none). */
    public SimulationSettings withQos(Optional<QosMode> value) {
        return new SimulationSettings(heartbeatPeriod, seed, value, safetyMargin, nodeFailures, replicas);
    }

    /** These settings with another safety margin. */
    public SimulationSettings withSafetyMargin(double value) {
        return new SimulationSettings(heartbeatPeriod, seed, qos, value, nodeFailures, replicas);
    }

    /** These settings with the node failure schedule {@code value}. */
    public SimulationSettings withNodeFailures(List<NodeFailure> value) {
        return new SimulationSettings(heartbeatPeriod, seed, qos, safetyMargin, value, replicas);
    }

    /** These settings with {@code value} replicas per chunk (at most one per node: {@link ReplicaPlacement}). */
    public SimulationSettings withReplicas(int value) {
        return new SimulationSettings(heartbeatPeriod, seed, qos, safetyMargin, nodeFailures, value);
    }

    /** The controller's settings: its defaults with {@link #safetyMargin()} for CPU and RAM. */
    public QosSettings qosSettings() {
        return QosSettings.defaults().withSafetyMargins(safetyMargin, safetyMargin);
    }

    /** The configuration name of {@link #qos}: {@value #NO_QOS}, {@code salamander} or {@code cuckoo}. */
    public String qosName() {
        return qosName(qos);
    }

    /** The configuration name of {@code qos}: {@value #NO_QOS}, {@code salamander} or {@code cuckoo}. */
    public static String qosName(Optional<QosMode> qos) {
        return qos.map(QosMode::configValue).orElse(NO_QOS);
    }

    /**
     * The QoS setting named {@code value}: {@value #NO_QOS} (empty) or a {@link QosMode} (case-insensitive,
     * surrounding blanks ignored).
     *
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static Optional<QosMode> parseQos(String value) {
        Objects.requireNonNull(value, "qos");
        var wanted = value.strip().toLowerCase(Locale.ROOT);
        if (wanted.equals(NO_QOS)) {
            return Optional.empty();
        }
        return Arrays.stream(QosMode.values())
                .filter(mode -> mode.configValue().equals(wanted))
                .findFirst()
                .or(() -> {
                    throw new IllegalArgumentException("unknown QoS controller '" + value + "'; expected one of "
                            + Stream.concat(Stream.of(NO_QOS), Arrays.stream(QosMode.values())
                                    .map(QosMode::configValue)).collect(Collectors.joining(", ")));
                });
    }
}
