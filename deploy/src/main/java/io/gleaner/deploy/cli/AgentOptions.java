package io.gleaner.deploy.cli;

import io.gleaner.agent.AgentSettings;
import io.gleaner.agent.core.Slice;
import io.gleaner.agent.host.AttemptProcess;
import io.gleaner.agent.kafka.AvroMapping;
import io.gleaner.deploy.jobs.ByteSize;
import io.gleaner.qos.core.CpuRam;
import io.gleaner.qos.QosConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Option;

/** What every node agent is given, shared by {@code gleaner agent} and {@code gleaner local}. */
final class AgentOptions {

    @Option(names = "--slots", defaultValue = "" + AgentSettings.DEFAULT_SLOTS,
            description = "Most attempts at once (default: ${DEFAULT-VALUE}).")
    int slots;

    @Option(names = "--heartbeat-ms", defaultValue = "3000", paramLabel = "MS",
            description = "Heartbeat and sample period; keep it at most a third of the planner's node timeout "
                    + "(default: ${DEFAULT-VALUE}).")
    long heartbeatMs;

    @Option(names = "--qos", defaultValue = "stage", paramLabel = "stage|local",
            description = "Who decides the node's QoS actions: stage (the QoS stage, gleaner run --stages qos; the "
                    + "agent applies what it reads on qos.actions) or local (the agent runs the controller itself, "
                    + "for when no QoS stage runs, with the --qos-* settings) (default: ${DEFAULT-VALUE}).")
    String qos;

    @Option(names = "--owners", defaultValue = "measured", paramLabel = "measured|none",
            description = "measured: leave out of the offer what everything but Gleaner's attempts uses of the node "
                    + "(from /proc); none: a node given to Gleaner whole, or a try-out on a machine other work keeps "
                    + "busy (the samples then say the owners use nothing) (default: ${DEFAULT-VALUE}).")
    String owners;

    @Option(names = "--work-dir", defaultValue = "gleaner-agent", paramLabel = "DIR",
            description = "Where each attempt gets a directory of its own (<DIR>/<node id>/<decision id>, '/' as "
                    + "'_'), with its stdout, stderr, pid file and exit code; an agent restarted on the same "
                    + "directory takes back what it finds there (default: ${DEFAULT-VALUE}).")
    Path workDir;

    @Option(names = "--rack", defaultValue = AgentSettings.DEFAULT_RACK,
            description = "The node's rack (default: ${DEFAULT-VALUE}).")
    String rack;

    @Option(names = "--speed-gflops", defaultValue = "" + AgentSettings.DEFAULT_SPEED_GFLOPS,
            description = "Speed of one core, GFLOP/s, for the policies that estimate run times "
                    + "(default: ${DEFAULT-VALUE}).")
    double speedGflops;

    @Option(names = "--cgroup", paramLabel = "DIR",
            description = "A cgroup v2 directory delegated to the agent (cpu in its cgroup.subtree_control; memory "
                    + "too for a kernel memory.max per attempt) to make the attempts' cgroups in; without it, the one "
                    + "above the agent's own, if writable. Without either, CPU limits are a SIGSTOP/SIGCONT duty "
                    + "cycle and each attempt's memory is checked by the agent at each heartbeat.")
    Path cgroup;

    /**
     * The settings of agent {@code nodeId} on a slice of {@code cpus} cores and {@code memoryBytes}, keeping the QoS
     * stage's safety margins and running its controller with {@code --qos local} ({@code --qos-*} options).
     */
    AgentSettings settings(String nodeId, double cpus, long memoryBytes, QosConfig qosConfig) {
        var mode = switch (qos.strip().toLowerCase(Locale.ROOT)) {
            case "stage" -> AgentSettings.Qos.STAGE;
            case "local" -> AgentSettings.Qos.LOCAL;
            default -> throw new IllegalArgumentException("--qos must be stage or local, was " + qos);
        };
        var qosSettings = qosConfig.settings();
        var controller = new AgentSettings.QosControllerSettings(qosConfig.mode(), qosSettings);
        return new AgentSettings(nodeId, new Slice(new CpuRam(cpus, memoryBytes), slots,
                qosSettings.cpuSafetyMargin(), qosSettings.ramSafetyMargin()),
                workDir.resolve(AttemptProcess.fileName(nodeId)), Duration.ofMillis(heartbeatMs), mode,
                controller, new AvroMapping.NodeFacts(rack, List.of(), speedGflops), System.getenv(),
                Optional.ofNullable(cgroup), switch (owners.strip().toLowerCase(Locale.ROOT)) {
                    case "measured" -> AgentSettings.Owners.MEASURED;
                    case "none" -> AgentSettings.Owners.NONE;
                    default -> throw new IllegalArgumentException("--owners must be measured or none, was " + owners);
                });
    }

    /** A size option: bytes or a number with a unit ({@value ByteSize#UNITS}). */
    static long bytes(String option, String text) {
        try {
            return ByteSize.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage());
        }
    }
}
