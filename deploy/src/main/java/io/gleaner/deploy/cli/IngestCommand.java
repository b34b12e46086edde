package io.gleaner.deploy.cli;

import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.ingest.adapter.AdapterApp;
import io.gleaner.ingest.adapter.AdapterConfig;
import io.gleaner.ingest.mapping.Mapping;
import io.gleaner.runtime.StageSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gleaner ingest}: the telemetry adapter from a topic the user already has onto nodes.utilization. */
@Command(name = "ingest", mixinStandardHelpOptions = true,
        description = {"Read host telemetry already flowing in Kafka and write it to the nodes.utilization topic as "
                + "utilization samples, until interrupted (Ctrl-C closes it cleanly).",
                "A mapping says how each record becomes samples: the preset telegraf-json (Telegraf's JSON output, "
                        + "measurements cpu and mem), the preset otlp-json (the OpenTelemetry collector's Kafka "
                        + "exporter with encoding otlp_json, system.cpu.utilization and system.memory.utilization), "
                        + "or a YAML mapping file for any JSON or CSV records (see docs/ingest.md). "
                        + "Samples are validated "
                        + "(range, NaN, unit, time going backwards, duplicates); rejected records go to the deadletter "
                        + "topic with their topic, partition, offset and the reason. Records of one host must share a "
                        + "partition of the source topic (key them by host).",
                "Without --bootstrap-servers an embedded broker is started on --data-dir and the source topic is "
                        + "created there if missing; without --schema-registry-url the embedded registry.",
                "When the adapter stops for good (an error it cannot get past), the command names the cause on "
                        + "stderr and exits with code 3, so that a supervisor restarts the process."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"130/143:stopped by Ctrl-C/SIGTERM, the adapter closed (the JVM's status for the signal)",
                "1:an error before or while starting (one line on stderr)", "2:bad options (with the usage)",
                "3:the adapter stopped for good (the cause on stderr)"})
final class IngestCommand implements Callable<Integer> {

    @Mixin
    MetricsOptions metrics;

    @Mixin
    KafkaOptions kafka;

    @Mixin
    EventTimeOption eventTimes;

    @Mixin
    EmbeddedOptions embedded;

    @Mixin
    RegistryOptions registry;

    @Option(names = "--mapping", required = true, paramLabel = "FILE|PRESET",
            description = "How records become samples: a preset (telegraf-json, otlp-json) or a mapping file (YAML).")
    String mapping;

    @Option(names = "--source-topic", required = true, paramLabel = "TOPIC",
            description = "The topic the telemetry arrives on (not prefixed with --topic-prefix).")
    String sourceTopic;

    @Option(names = "--application-id", paramLabel = "ID",
            description = "Kafka Streams application id: the consumer group, the prefix of the internal topics "
                    + "(default: gleaner-ingest-<preset or mapping file name>). Keep it to resume where it stopped.")
    String applicationId;

    @Option(names = "--instance-id", paramLabel = "ID",
            description = "The consumer's group.instance.id (static membership), so that a restarted adapter takes "
                    + "its partitions back at once instead of after the 45 s session timeout (default: the "
                    + "application id). Give each instance of one application its own; an empty value (--instance-id=)"
                    + " uses dynamic membership.")
    String instanceId;

    @Option(names = "--commit-interval-ms", defaultValue = "" + StageSettings.DEFAULT_COMMIT_INTERVAL_MS,
            description = "How often the exactly-once transaction commits; samples become visible to read_committed "
                    + "consumers at that pace (default: ${DEFAULT-VALUE}).")
    long commitIntervalMs;

    @Option(names = "--stream-threads", defaultValue = "" + StageSettings.DEFAULT_STREAM_THREADS,
            description = "Stream threads; at most one per source partition does work (default: ${DEFAULT-VALUE}).")
    int streamThreads;

    @Option(names = "--state-dir", paramLabel = "DIR",
            description = "Where the store of each series' last sample time lives "
                    + "(default: <data-dir>/ingest-state).")
    Path stateDir;

    @Option(names = "--create-topics", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Create missing catalogue topics before starting (default: ${DEFAULT-VALUE}).")
    boolean createTopics;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        // Load and check the mapping first: a mistake in it is reported before any broker starts.
        var loaded = Mapping.resolve(mapping);
        var config = AdapterConfig.of(sourceTopic, mapping)
                .withStage(s -> s.withCommitIntervalMs(commitIntervalMs).withStreamThreads(streamThreads)
                        .withTopicPrefix(kafka.topicPrefix)
                        .withStateDir(stateDir != null ? stateDir : embedded.dataDir.resolve("ingest-state")));
        if (applicationId != null) {
            config = config.withStage(s -> s.withApplicationId(applicationId));
        }
        config = config.withStage(s -> s.withInstanceId(instanceId != null ? instanceId : s.applicationId()))
                .withStage(eventTimes::applyTo);
        try (var shutdown = new ShutdownWait();
             var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry)) {
            config = config.withStage(s -> s.withBootstrapServers(environment.bootstrapServers())
                    .withRegistry(environment.registryConfig()).withClientProperties(environment.clientProperties()));
            try (var admin = Admin.create(environment.clientConfig())) {
                if (createTopics) {
                    new CatalogueTopics(admin).create(kafka.topics(), Optional.empty());
                }
                if (kafka.bootstrapServers().isEmpty()) {
                    createIfMissing(admin, sourceTopic);
                }
            }
            var out = spec.commandLine().getOut();
            out.println("bootstrap.servers=" + environment.bootstrapServers());
            out.println("schema.registry.url=" + environment.registryConfig().urls().get(0));
            try (var served = metrics.serve(out);
                 var app = new AdapterApp(config, loaded, environment.registryClient())) {
                served.add(app);
                app.start();
                out.println("ingesting " + sourceTopic + " with mapping " + loaded.name() + " ("
                        + config.stage().applicationId() + ") into " + config.topics().nodesUtilization().name()
                        + "; Ctrl-C stops");
                out.flush();
                var stopped = shutdown.await(List.of(app));
                out.println("counts " + app.counts());
                out.flush();
                if (stopped.isPresent()) {
                    throw new StageStoppedException(stopped.get());
                }
            }
        }
        return 0;
    }

    /** Creates the source topic on the embedded broker (one partition) so that telemetry can be produced to it. */
    private static void createIfMissing(Admin admin, String topic) throws InterruptedException {
        try {
            admin.createTopics(List.of(new NewTopic(topic, Optional.of(1), Optional.empty()))).all().get();
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("cannot create source topic " + topic + ": "
                        + e.getCause().getMessage(), e.getCause());
            }
        }
    }
}
