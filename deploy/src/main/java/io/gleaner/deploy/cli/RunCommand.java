package io.gleaner.deploy.cli;

import io.gleaner.classifier.ClassifierApp;
import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.forecaster.ForecasterApp;
import io.gleaner.planner.PlannerApp;
import io.gleaner.qos.QosApp;
import io.gleaner.runtime.StageApp;
import io.gleaner.runtime.StageSettings;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.admin.Admin;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gleaner run}: the chosen stages against a Kafka cluster, until stopped. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run Gleaner's stages against Kafka until interrupted (Ctrl-C closes them cleanly).",
                "Without --bootstrap-servers an embedded broker is started on --data-dir (kept between runs), "
                        + "without --schema-registry-url the embedded registry. Executors consume the placements "
                        + "topic; the simulator is the reference executor (see gleaner demo).",
                "The qos stage publishes throttle, raise and kill actions on the qos.actions topic for executors "
                        + "to apply: gleaner agent applies them; gleaner demo starts the stage too, while its simulated "
                        + "nodes run the same controller in-process (deterministic lockstep) instead of reading them.",
                "When any one stage stops for good (an error it cannot get past, such as a schema registry that "
                        + "does not answer within --registry-deadline-ms), the command closes the other stages, "
                        + "names the stage and the cause on stderr and exits with code 3, so that a supervisor "
                        + "(systemd, Kubernetes) restarts the process; the stages take up again from their last "
                        + "commit."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"130/143:stopped by Ctrl-C/SIGTERM, every stage closed (the JVM's status for the signal)",
                "1:an error before or while starting (one line on stderr)", "2:bad options (with the usage)",
                "3:a stage stopped for good (the stage and the cause on stderr)"})
final class RunCommand implements Callable<Integer> {

    /** The stages this build can run. */
    enum Stage { planner, forecaster, classifier, qos }

    @Mixin
    MetricsOptions metrics;

    @Mixin
    HttpOptions http;

    @Mixin
    KafkaOptions kafka;

    @Mixin
    EmbeddedOptions embedded;

    @Mixin
    RegistryOptions registry;

    @Mixin
    PlannerOptions planner;

    @Mixin
    ForecasterOptions forecaster;

    @Mixin
    ForecasterModelOption forecasterModel;

    @Mixin
    ClassifierOptions classifier;

    @Mixin
    QosOptions qos;

    @Mixin
    EventTimeOption eventTimes;

    @Option(names = "--stages", split = ",", defaultValue = "planner", paramLabel = "STAGE[,STAGE...]",
            description = "Stages to run: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    java.util.List<Stage> stages;

    @Option(names = "--create-topics", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Create missing catalogue topics before starting (default: ${DEFAULT-VALUE}).")
    boolean createTopics;

    @Option(names = "--instance-id", defaultValue = "", paramLabel = "ID",
            description = "The stages' consumer group.instance.id (static membership), so that a process restarted "
                    + "after a crash or kill takes their tasks back at once instead of after the session timeout; give "
                    + "each process of one application id its own (default: none, dynamic membership). The planner "
                    + "is always a static member: without this option it is named by the host name, so that "
                    + "planners on several hosts are one active and standbys (docs/operations.md#high-availability).")
    String instanceId;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        try (var shutdown = new ShutdownWait();
             var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry)) {
            if (createTopics) {
                createCatalogueTopics(environment, kafka);
            }
            var out = spec.commandLine().getOut();
            out.println("bootstrap.servers=" + environment.bootstrapServers());
            out.println("schema.registry.url=" + environment.registryConfig().urls().get(0));
            var apps = new ArrayList<StageApp>();
            try (var served = metrics.serve(out); var view = http.serve(environment, kafka.topics(), out)) {
                // All built before any starts, so that a bad setting of one stage stops the command before the
                // others run; each is closed, in reverse order, whatever happens.
                UnaryOperator<StageSettings> instance = s -> eventTimes.applyTo(s.withInstanceId(instanceId))
                        .withClientProperties(environment.clientProperties());
                if (stages.contains(Stage.planner)) {
                    apps.add(planner(planner, s -> eventTimes.applyTo(s.withInstanceId(
                            instanceId.isEmpty() ? hostName() : instanceId)), environment, kafka, embedded));
                }
                if (stages.contains(Stage.forecaster)) {
                    var config = forecaster.config(environment.bootstrapServers(), kafka.topicPrefix,
                            environment.registryConfig(), embedded.dataDir).withStage(instance);
                    var reacting = forecasterModel.reaction().map(config.settings()::withReaction);
                    apps.add(new ForecasterApp(reacting.map(config::withSettings).orElse(config),
                            environment.registryClient(), forecasterModel.orDefault()));
                }
                if (stages.contains(Stage.classifier)) {
                    apps.add(new ClassifierApp(classifier.config(environment.bootstrapServers(),
                            kafka.topicPrefix, environment.registryConfig(), embedded.dataDir).withStage(instance),
                            environment.registryClient()));
                }
                if (stages.contains(Stage.qos)) {
                    apps.add(new QosApp(qos.config(environment.bootstrapServers(), kafka.topicPrefix,
                            environment.registryConfig(), embedded.dataDir).withStage(instance),
                            environment.registryClient()));
                }
                apps.forEach(served::add);
                apps.forEach(StageApp::start);
                out.println("running stages " + stages + "; Ctrl-C stops them");
                out.flush();
                var stopped = shutdown.await(apps);
                if (stopped.isPresent()) {
                    throw new StageStoppedException(stopped.get());
                }
            } finally {
                for (int i = apps.size() - 1; i >= 0; i--) {
                    apps.get(i).close();
                }
            }
        }
        return 0;
    }

    /** Creates the catalogue topics {@code kafka} names that are missing. */
    static void createCatalogueTopics(KafkaEnvironment environment, KafkaOptions kafka) {
        try (var admin = Admin.create(environment.clientConfig())) {
            new CatalogueTopics(admin).create(kafka.topics(), Optional.empty());
        }
    }

    /**
     * The planner stage as {@code gleaner run} builds it (not started), {@code stage} applied to its settings and the
     * environment's client properties on top.
     */
    static PlannerApp planner(PlannerOptions planner, UnaryOperator<StageSettings> stage,
                              KafkaEnvironment environment, KafkaOptions kafka, EmbeddedOptions embedded) {
        return new PlannerApp(planner.config(environment.bootstrapServers(), kafka.topicPrefix,
                environment.registryConfig(), embedded.dataDir)
                .withStage(s -> stage.apply(s).withClientProperties(environment.clientProperties())),
                environment.registryClient());
    }

    /** This host's name as a member id: what Kafka allows in one, other characters as '-'; "planner" if unknown. */
    static String hostName() {
        try {
            var name = InetAddress.getLocalHost().getHostName().replaceAll("[^a-zA-Z0-9._-]", "-");
            return name.isEmpty() ? "planner" : name;
        } catch (UnknownHostException e) {
            return "planner";
        }
    }
}
