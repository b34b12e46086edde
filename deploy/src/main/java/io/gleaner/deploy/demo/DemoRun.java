package io.gleaner.deploy.demo;

import io.gleaner.classifier.ClassifierApp;
import io.gleaner.classifier.ClassifierConfig;
import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.deploy.topics.RecordCounter;
import io.gleaner.forecaster.ForecasterApp;
import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.Forecasters;
import io.gleaner.ingest.replay.KafkaRecordSink;
import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.planner.PlannerApp;
import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.coshh.CoshhSettings;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.qos.QosApp;
import io.gleaner.qos.QosConfig;
import io.gleaner.runtime.StageApp;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.SimulatorApp;
import io.gleaner.simulator.core.SimulationProgress;
import io.gleaner.simulator.core.SimulationReport;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.lockstep.ForecastBarrier;
import io.gleaner.simulator.lockstep.LockstepConfig;
import io.gleaner.simulator.lockstep.LockstepRecords;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.streams.KafkaStreams;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One demo run against a Kafka and a registry that are already up: create the topics, read the trace, start the
 * planner, the forecaster and the classifier, run the simulated cluster in lockstep with the planner, and count what
 * went through each topic. The forecaster and the classifier run beside the lockstep: nothing the planner or the
 * simulator reads comes from them, so the run's decisions do not depend on them.
 */
public final class DemoRun {

    private static final Logger log = LoggerFactory.getLogger(DemoRun.class);
    private static final Duration PLANNER_START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration CATCH_UP_TIMEOUT = Duration.ofSeconds(60);
    /** How often a round checks whether the planner has committed; a round's wait is rounded up to it. */
    private static final Duration BARRIER_POLL = Duration.ofMillis(5);

    private final String bootstrapServers;
    private final Map<String, String> clientProperties;
    private final Topics topics;
    private final RegistryConfig registryConfig;
    private final SchemaRegistryClient registry;
    private final Path stateDir;

    /**
     * @param clientProperties Kafka client properties (security and connection: {@code --kafka-config}) for every
     *                         client of the run, under each client's own settings
     * @param stateDir where the stages keep their state stores, a directory each inside it; the demo expects it
     *                 empty, since a stage finding another run's state of the same application id would take it for
     *                 its own
     */
    public DemoRun(String bootstrapServers, Map<String, String> clientProperties, Topics topics,
                   RegistryConfig registryConfig, SchemaRegistryClient registry, Path stateDir) {
        this.bootstrapServers = bootstrapServers;
        this.clientProperties = Map.copyOf(clientProperties);
        this.topics = topics;
        this.registryConfig = registryConfig;
        this.registry = registry;
        this.stateDir = stateDir;
    }

    /** The client properties with the bootstrap servers and {@code own} over them. */
    private Map<String, Object> clientConfig(Map<String, Object> own) {
        var config = new HashMap<String, Object>(clientProperties);
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.putAll(own);
        return config;
    }

    /** What the run did, and what each topic holds afterwards. */
    public record Outcome(SimulationReport report, int deadLetteredRows, Map<String, Long> recordsByTopic,
                          Duration lockstepWallTime) {

        public Outcome {
            recordsByTopic = Collections.unmodifiableMap(new LinkedHashMap<>(recordsByTopic));
        }

        /** Records in a catalogue topic after the run. */
        public long records(String topic) {
            return recordsByTopic.getOrDefault(topic, 0L);
        }
    }

    /** The planner's application id for a topic prefix, so two demos on one cluster never share state. */
    public static String plannerApplicationId(Topics topics) {
        return topics.prefix() + "planner";
    }

    /** The classifier's application id for a topic prefix. */
    public static String classifierApplicationId(Topics topics) {
        return topics.prefix() + "classifier";
    }

    /**
     * Runs the demo.
     *
     * @throws IllegalStateException when {@code jobs.submitted} already holds records: the demo's numbers are only
     *                               comparable from empty topics, so it refuses rather than mixing runs
     */
    public Outcome run(DemoSettings settings, Consumer<SimulationProgress> progress) {
        var cluster = ClusterPresets.resolve(settings.cluster());
        try (var admin = Admin.create(clientConfig(Map.of()))) {
            var catalogue = new CatalogueTopics(admin);
            catalogue.create(topics, Optional.empty());
            long existing = catalogue.describe(topics).stream()
                    .filter(t -> t.name().equals(topics.jobsSubmitted().name()))
                    .mapToLong(CatalogueTopics.Described::offsetSpan).sum();
            if (existing > 0) {
                throw new IllegalStateException(topics.jobsSubmitted().name() + " already holds " + existing
                        + " records from an earlier run; give the demo another --topic-prefix");
            }
            var trace = readTrace(settings);
            var owners = settings.owners().apply(cluster, trace.jobs()).forSeed(settings.seed());
            var failures = settings.failures().of(cluster, trace.jobs().stream().map(Job::submitTime)
                    .min(Comparator.naturalOrder()).orElseThrow(), settings.seed());
            var appId = plannerApplicationId(topics);
            var plannerConfig = PlannerConfig.defaults()
                    .withStage(s -> s.withApplicationId(appId).withCommitIntervalMs(settings.commitIntervalMs())
                            .withStateDir(stateDir.resolve("planner")).withBootstrapServers(bootstrapServers)
                            .withClientProperties(clientProperties)
                            .withTopicPrefix(topics.prefix()).withRegistry(registryConfig))
                    .withPolicy(settings.policy())
                    .withPolicySettings(PolicySettings.defaults().withPools(settings.pools())
                            .withCoshh(CoshhSettings.defaults().withSeed(settings.seed())));
            // Salamander, Cuckoo and Reverse-Adaptive plan over the forecasts: each round waits until the planner's
            // view holds the round's (ForecastBarrier), so they decide as in-process; then the forecaster commits as
            // often as the planner. The other policies read none and do not wait for them.
            boolean readsForecasts = settings.policy() == PolicyName.SALAMANDER
                    || settings.policy() == PolicyName.CUCKOO
                    || settings.policy() == PolicyName.REVERSE_ADAPTIVE;
            var forecasterConfig = ForecasterConfig.defaults()
                    .withStage(s -> (readsForecasts ? s.withCommitIntervalMs(settings.commitIntervalMs()) : s)
                            .withApplicationId(topics.prefix() + "forecaster")
                            .withStateDir(stateDir.resolve("forecaster"))
                            .withBootstrapServers(bootstrapServers)
                            .withClientProperties(clientProperties).withTopicPrefix(topics.prefix())
                            .withRegistry(registryConfig));
            var classifierConfig = ClassifierConfig.defaults()
                    .withStage(s -> s.withApplicationId(classifierApplicationId(topics))
                            .withStateDir(stateDir.resolve("classifier"))
                            .withBootstrapServers(bootstrapServers)
                            .withClientProperties(clientProperties).withTopicPrefix(topics.prefix())
                            .withRegistry(registryConfig));
            // The QoS stage publishes its actions on qos.actions for executors; the simulated nodes obey the same
            // controller in-process, so that the lockstep stays deterministic.
            var qosConfig = settings.qos().map(mode -> QosConfig.defaults()
                    .withStage(s -> s.withApplicationId(topics.prefix() + "qos")
                            .withStateDir(stateDir.resolve("qos")).withBootstrapServers(bootstrapServers)
                            .withClientProperties(clientProperties)
                            .withTopicPrefix(topics.prefix()).withRegistry(registryConfig))
                    .withMode(mode));
            long started = System.nanoTime();
            SimulationReport report;
            Duration wall;
            try (var planner = new PlannerApp(plannerConfig, registry);
                 var forecaster = new ForecasterApp(forecasterConfig, registry, Forecasters.standard());
                 var classifier = new ClassifierApp(classifierConfig, registry);
                 var qos = new OptionalQos(qosConfig.map(config -> new QosApp(config, registry)))) {
                planner.start();
                forecaster.start();
                classifier.start();
                qos.stage().ifPresent(QosApp::start);
                awaitRunning("planner", planner::state);
                awaitRunning("forecaster", forecaster::state);
                awaitRunning("classifier", classifier::state);
                qos.stage().ifPresent(app -> awaitRunning("qos controller", app::state));
                var stages = new ArrayList<StageApp>(List.of(planner, forecaster, classifier));
                qos.stage().ifPresent(stages::add);
                var lockstep = new LockstepConfig(bootstrapServers, topics, appId,
                        LockstepConfig.DEFAULT_BARRIER_TIMEOUT, BARRIER_POLL)
                        .withClientProperties(clientProperties);
                if (readsForecasts) {
                    lockstep = lockstep.withForecasts(new ForecastBarrier(forecasterConfig.stage().applicationId(),
                            planner::viewedForecast));
                }
                try {
                    report = SimulatorApp.runLockstep(cluster, trace.jobs(), owners, settings.pools(), lockstep,
                            registry,
                            new SimulationSettings(settings.heartbeatPeriod(), settings.seed()).withQos(settings.qos())
                                    .withNodeFailures(failures),
                            progress);
                } catch (RuntimeException e) {
                    // A planner that stopped shows in the lockstep only as a barrier that times out: say why.
                    failIfAnyStopped(stages, e);
                    throw e;
                }
                wall = Duration.ofNanos(System.nanoTime() - started);
                awaitCaughtUp(admin, forecasterConfig.stage().applicationId(), topics.nodesUtilization().name());
                if (qosConfig.isPresent()) {
                    awaitCaughtUp(admin, qosConfig.get().stage().applicationId(), topics.nodesUtilization().name());
                }
                awaitProfiles(expectedProfiles(trace.jobs(), report));
                // The counts would be short of what a stage that stopped did not publish.
                failIfAnyStopped(stages, null);
            }
            return new Outcome(report, trace.deadLettered(), countRecords(), wall);
        }
    }

    /** Fails, naming the stage and why, when any of {@code stages} stopped for good; {@code cause} rides along. */
    private static void failIfAnyStopped(List<StageApp> stages, RuntimeException cause) {
        for (var stage : stages) {
            var stop = stage.stoppedForGood().toCompletableFuture().getNow(null);
            if (stop != null) {
                var failure = new IllegalStateException(stop.describe(), stop.error().orElse(cause));
                if (cause != null && stop.error().isPresent()) {
                    failure.addSuppressed(cause);
                }
                throw failure;
            }
        }
    }

    private Map<String, Long> countRecords() {
        var counts = new LinkedHashMap<String, Long>();
        try (var consumer = new KafkaConsumer<>(clientConfig(Map.of(
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false)),
                new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            var counter = new RecordCounter(consumer);
            for (var topic : topics.all()) {
                counts.put(topic.name(), counter.count(topic.name()));
            }
        }
        return counts;
    }

    private record Trace(List<Job> jobs, int deadLettered) {
    }

    /** The QoS stage when the run has a controller, closed with the other stages. */
    private record OptionalQos(Optional<QosApp> stage) implements AutoCloseable {
        @Override
        public void close() {
            stage.ifPresent(QosApp::close);
        }
    }

    /** Reads the trace's first jobs; rows that do not parse go to the dead-letter topic, as in a replay. */
    private Trace readTrace(DemoSettings settings) {
        var jobs = new ArrayList<Job>();
        int deadLettered = 0;
        var clientConfig = clientConfig(Map.of());
        try (var rows = SwimTraceReader.open(settings.trace(), SwimJobRule.defaults(), settings.jobs());
             var deadLetters = KafkaRecordSink.open(topics.deadLetters().name(), clientConfig,
                     new AvroSerializer<>(DeadLetter.class, registry))) {
            while (rows.hasNext()) {
                var row = rows.next();
                if (row instanceof TraceRow.Parsed<JobSubmitted> parsed) {
                    jobs.add(settings.users().apply(LockstepRecords.job(parsed.value())));
                } else if (row instanceof TraceRow.Rejected<JobSubmitted> rejected) {
                    log.warn("trace {} line {}: {}", rows.sourceName(), rejected.line(), rejected.reason());
                    deadLetters.send(null, rejected.deadLetter(), null);
                    deadLettered++;
                }
            }
            deadLetters.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read trace " + settings.trace() + ": " + e.getMessage(), e);
        }
        if (jobs.isEmpty()) {
            throw new IllegalStateException("trace " + settings.trace() + " has no job that parses");
        }
        return new Trace(jobs, deadLettered);
    }

    /**
     * Waits until the forecaster's group has committed everything on {@code topic}: it runs beside the lockstep, not
     * in it (no policy of today plans on its forecasts), so the demo lets it finish before counting records.
     */
    private static void awaitCaughtUp(Admin admin, String groupId, String topic) {
        long deadline = System.nanoTime() + CATCH_UP_TIMEOUT.toNanos();
        try {
            var partitions = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions()
                    .stream().map(p -> new TopicPartition(topic, p.partition())).toList();
            var ends = admin.listOffsets(partitions.stream().collect(Collectors.toMap(
                    tp -> tp, tp -> OffsetSpec.latest()))).all().get();
            while (true) {
                var committed = admin.listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata().get();
                // A partition no sample went to has nothing to commit.
                boolean done = partitions.stream().allMatch(tp -> ends.get(tp).offset() == 0
                        || committed.containsKey(tp) && committed.get(tp).offset() >= ends.get(tp).offset());
                if (done) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    log.warn("forecaster {} has not caught up with {} after {}; counting its records as they are",
                            groupId, topic, CATCH_UP_TIMEOUT);
                    return;
                }
                Thread.sleep(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the forecaster", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot read the forecaster's offsets: " + e.getCause().getMessage(), e);
        }
    }

    /**
     * How many profiles the classifier publishes for the run: one per job that completed and had a task (each
     * completed run is merged into its name's profile and the merged profile published).
     */
    static long expectedProfiles(List<Job> jobs, SimulationReport report) {
        var unfinished = new java.util.HashSet<>(report.unfinishedJobs());
        return jobs.stream().filter(job -> !unfinished.contains(job.jobId()))
                .filter(job -> job.count(TaskKind.MAP) + job.count(TaskKind.REDUCE) > 0).count();
    }

    /**
     * Waits until {@code jobs.profiles} holds {@code expected} committed profiles: the classifier runs beside the
     * lockstep, so the demo lets it finish before counting records.
     */
    private void awaitProfiles(long expected) {
        long deadline = System.nanoTime() + CATCH_UP_TIMEOUT.toNanos();
        try (var consumer = new KafkaConsumer<>(clientConfig(Map.of(
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false)),
                new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            var counter = new RecordCounter(consumer);
            while (true) {
                long published = counter.count(topics.jobsProfiles().name());
                if (published >= expected) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    log.warn("classifier has published {} of {} profiles after {}; counting its records as they are",
                            published, expected, CATCH_UP_TIMEOUT);
                    return;
                }
                Thread.sleep(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the classifier", e);
        }
    }

    /** Waits until {@code stage} is RUNNING; fails when it stops or has not started within a minute. */
    public static void awaitRunning(String stage, Supplier<KafkaStreams.State> state) {
        long deadline = System.nanoTime() + PLANNER_START_TIMEOUT.toNanos();
        while (state.get() != KafkaStreams.State.RUNNING) {
            if (state.get() == KafkaStreams.State.ERROR || state.get() == KafkaStreams.State.NOT_RUNNING
                    || System.nanoTime() > deadline) {
                throw new IllegalStateException(stage + " did not reach RUNNING (state " + state.get() + ")");
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the " + stage + " to start", e);
            }
        }
    }
}
