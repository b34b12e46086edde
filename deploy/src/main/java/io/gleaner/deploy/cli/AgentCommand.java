package io.gleaner.deploy.cli;

import io.gleaner.agent.Agent;
import io.gleaner.agent.AgentSettings;
import io.gleaner.agent.host.NodeShare;
import io.gleaner.agent.host.ProcFs;
import java.io.PrintWriter;
import java.time.InstantSource;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gleaner agent}: one node's agent, until stopped. */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = {"Run this node's agent until interrupted: it heartbeats as --node-id, reads only its own "
                + "placements (read_committed), runs each as a process (no shell) in a directory of its own under "
                + "--work-dir with the job, task, attempt, input and output locations in GLEANER_* variables, and "
                + "reports LAUNCHED, SUCCEEDED, FAILED (exit code and the tail of stderr), KILLED and REFUSED (with "
                + "the reason) on tasks.reports. It offers Gleaner the slice (--cpus, --memory) less what the owners "
                + "use of it, less the QoS safety margin, less what its attempts hold, measured from /proc.",
                "It applies the QoS actions for its node (CPU limits by cgroup v2 cpu.max where it may write a "
                        + "cgroup, else a SIGSTOP/SIGCONT duty cycle; kills), or decides them itself with --qos "
                        + "local, and prints which mechanism is active. Ctrl-C kills its attempts' process trees "
                        + "and reports them KILLED; after a kill -9 the next run on the same --work-dir reports the "
                        + "attempts that ended meanwhile and keeps those still running, or kills them when it was "
                        + "away longer than three heartbeat periods. See docs/agent.md."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"130/143:stopped by Ctrl-C/SIGTERM, every attempt killed and reported (the JVM's status)",
                "1:an error before or while starting (one line on stderr)", "2:bad options (with the usage)"})
final class AgentCommand implements Callable<Integer> {

    @Mixin
    MetricsOptions metrics;

    @Mixin
    KafkaOptions kafka;

    @Mixin
    EmbeddedOptions embedded;

    @Mixin
    RegistryOptions registry;

    @Mixin
    AgentOptions agent;

    @Mixin
    AgentQosOptions qos;

    @Option(names = "--node-id", required = true, description = "The node id this agent heartbeats as.")
    String nodeId;

    @Option(names = "--cpus", description = "Cores of the slice Gleaner may use (default: every core).")
    Double cpus;

    @Option(names = "--memory", paramLabel = "SIZE",
            description = "RAM of the slice, e.g. 4GiB (default: all the node's RAM).")
    String memory;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        double sliceCpus;
        long sliceMemory;
        try {
            sliceCpus = cpus == null ? Runtime.getRuntime().availableProcessors() : cpus;
            sliceMemory = memory == null ? ProcFs.system().memory().totalBytes()
                    : AgentOptions.bytes("--memory", memory);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        try (var shutdown = new ShutdownWait();
             var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry)) {
            AgentSettings settings;
            try {
                settings = agent.settings(nodeId, sliceCpus, sliceMemory, qos.config());
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            RunCommand.createCatalogueTopics(environment, kafka);
            var out = spec.commandLine().getOut();
            try (var served = metrics.serve(out);
                 var running = Agent.start(settings, kafka.topics(), environment.clientConfig(),
                    environment.registryClient(), new NodeShare(), InstantSource.system())) {
                served.server().ifPresent(running::addTo);
                printStart(out, settings, running);
                shutdown.await(List.of());
            }
        }
        return 0;
    }

    /** The start-up lines: the slice, the CPU limit mechanism in force, who decides QoS actions. */
    static void printStart(PrintWriter out, AgentSettings settings, Agent running) {
        var slice = settings.slice();
        out.printf(Locale.ROOT, "agent %s: %.2f cores, %d MiB, %d slots, work dir %s%n", settings.nodeId(),
                slice.capacity().cpus(), slice.capacity().ramBytes() >> 20, slice.slots(), settings.workDir());
        out.printf(Locale.ROOT, "agent %s: %s%n", settings.nodeId(), running.mechanism());
        out.printf(Locale.ROOT, "agent %s: QoS actions %s%n", settings.nodeId(), running.qosSource());
        out.flush();
    }
}
