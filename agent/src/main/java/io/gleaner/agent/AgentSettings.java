package io.gleaner.agent;

import io.gleaner.agent.core.Slice;
import io.gleaner.agent.kafka.AvroMapping;
import io.gleaner.qos.core.QosMode;
import io.gleaner.qos.core.QosSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One agent's settings; {@code gleaner agent}'s options declare their defaults from the constants here.
 *
 * @param nodeId     the node id it heartbeats as and whose placements it runs
 * @param slice      the part of the node it offers, with the QoS safety margins
 * @param workDir    where each attempt gets its directory, and where the pid files of a restart are found
 * @param heartbeat  the heartbeat (and sample) period
 * @param qos        who decides QoS actions: the QoS stage (they arrive on {@code qos.actions}) or the agent itself
 * @param controller the controller and its settings when {@code qos} is {@link Qos#LOCAL}
 * @param facts      rack, labels and core speed for the heartbeat
 * @param environment the agent's environment, of which a task gets PATH, HOME, LANG, TMPDIR, JAVA_HOME and USER
 * @param cgroupParent a delegated cgroup v2 directory to make the attempts' cgroup under; empty: the one above the
 *                   agent's own, if writable
 * @param owners     whether the owners' use is measured ({@link Owners#MEASURED}) or taken as nothing
 */
public record AgentSettings(String nodeId, Slice slice, Path workDir, Duration heartbeat, Qos qos,
                            QosControllerSettings controller, AvroMapping.NodeFacts facts,
                            Map<String, String> environment, Optional<Path> cgroupParent, Owners owners) {

    /** Whose use the agent leaves out of what it offers. */
    public enum Owners {
        /** Everything on the node but Gleaner's attempts, from /proc: a node that people or services also use. */
        MEASURED,
        /**
         * Nothing: a node given to Gleaner whole, or a laptop trying {@code gleaner local} on a machine that other
         * work keeps busy; the samples then say the owners use nothing, so the QoS controller leaves the attempts
         * alone.
         */
        NONE
    }

    /** Hadoop's heartbeat period, the protocol's default (docs/executor-protocol.md §5). */
    public static final Duration DEFAULT_HEARTBEAT = Duration.ofSeconds(3);
    public static final int DEFAULT_SLOTS = 4;
    public static final double DEFAULT_SPEED_GFLOPS = 10.0;
    public static final String DEFAULT_RACK = "default-rack";

    /** Who decides the node's QoS actions. */
    public enum Qos {
        /** The QoS stage ({@code gleaner run --stages qos}); the agent applies what it reads on {@code qos.actions}. */
        STAGE,
        /** The agent runs the controller's core itself on each measurement, for when no QoS stage runs. */
        LOCAL
    }

    /** The controller {@code --qos local} runs. */
    public record QosControllerSettings(QosMode mode, QosSettings settings) {
        public QosControllerSettings {
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(settings, "settings");
        }
    }

    public AgentSettings {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(slice, "slice");
        Objects.requireNonNull(workDir, "workDir");
        Objects.requireNonNull(heartbeat, "heartbeat");
        Objects.requireNonNull(qos, "qos");
        Objects.requireNonNull(controller, "controller");
        Objects.requireNonNull(facts, "facts");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(cgroupParent, "cgroupParent");
        Objects.requireNonNull(owners, "owners");
        if (heartbeat.isZero() || heartbeat.isNegative()) {
            throw new IllegalArgumentException("heartbeat must be > 0, was " + heartbeat);
        }
    }
}
