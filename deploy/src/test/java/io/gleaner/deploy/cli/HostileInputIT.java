package io.gleaner.deploy.cli;

import static org.awaitility.Awaitility.await;

import io.gleaner.classifier.ClassifierApp;
import io.gleaner.classifier.ClassifierConfig;
import io.gleaner.classifier.topology.ClassifierTopology;
import io.gleaner.deploy.fuzz.DeadLetterLedger;
import io.gleaner.deploy.fuzz.FuzzedInput;
import io.gleaner.deploy.fuzz.FuzzedInputs;
import io.gleaner.deploy.fuzz.HostileKind;
import io.gleaner.deploy.fuzz.HostileRecord;
import io.gleaner.deploy.fuzz.HostileRecords;
import io.gleaner.deploy.fuzz.Payload;
import io.gleaner.deploy.fuzz.StageErrors;
import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.forecaster.ForecasterApp;
import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.topology.ForecasterTopology;
import io.gleaner.ingest.adapter.AdapterApp;
import io.gleaner.ingest.adapter.AdapterConfig;
import io.gleaner.ingest.adapter.AdapterTopology;
import io.gleaner.ingest.mapping.Mapping;
import io.gleaner.planner.PlannerApp;
import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.topology.PlannerTopology;
import io.gleaner.qos.QosApp;
import io.gleaner.qos.QosConfig;
import io.gleaner.qos.topology.QosTopology;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.gleaner.runtime.StageApp;
import io.gleaner.schemas.testing.TestKafka;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.CorruptRecordException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.assertj.core.api.SoftAssertions;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * The fuzz test of issue 23: {@code gleaner run}'s stages (planner, forecaster, classifier, qos, built as
 * {@link RunCommand} builds them, against the embedded registry it starts) and the {@code gleaner ingest} adapter
 * (telegraf-json) on a real broker, fed seeded hostile records on every topic they read ({@link HostileRecords}), then
 * a valid job and heartbeats that make it placeable. It asserts that no stage stopped, that every record is accounted
 * for ({@link io.gleaner.deploy.fuzz.Expectation}: an undecodable one dead-lettered by every reader, an invalid one by
 * at least one, with a non-empty reason; matched by source topic, partition and offset) and that the valid job is
 * placed, and prints the account. System properties: {@value #RECORDS} (default {@value #DEFAULT_RECORDS}),
 * {@value #SEED} (default {@value #DEFAULT_SEED}), {@value #KINDS} and {@value #INPUTS} (comma-separated
 * {@link HostileKind} and {@link Payload} names, default all). See docs/fuzzing.md.
 */
@Tag("integration")
@Timeout(value = 30, unit = TimeUnit.MINUTES)
class HostileInputIT {

    static final String RECORDS = "gleaner.fuzz.records";
    static final String SEED = "gleaner.fuzz.seed";
    static final String KINDS = "gleaner.fuzz.kinds";
    static final String INPUTS = "gleaner.fuzz.inputs";
    static final int DEFAULT_RECORDS = 400;
    static final long DEFAULT_SEED = 23;

    private static final Logger log = LoggerFactory.getLogger(HostileInputIT.class);
    private static final String PREFIX = "fuzz.";
    private static final long GIB = 1L << 30;
    /** Records sent without waiting for their answers before the test waits for them all. */
    private static final int IN_FLIGHT = 200;

    private static TestKafka kafka;

    @BeforeAll
    static void startKafka() {
        kafka = TestKafka.start();
    }

    @AfterAll
    static void stopKafka() {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void noHostileRecordStopsAStageAndAValidJobSubmittedAfterThemIsPlaced(@TempDir Path dataDir) throws Exception {
        int records = Integer.getInteger(RECORDS, DEFAULT_RECORDS);
        long seed = Long.getLong(SEED, DEFAULT_SEED);
        var run = new RunCommand();
        new CommandLine(run).parseArgs("--bootstrap-servers", kafka.bootstrapServers(), "--topic-prefix", PREFIX,
                "--data-dir", dataDir.toString(), "--stages", "planner,forecaster,classifier,qos");
        var topics = run.kafka.topics();
        var telemetryTopic = PREFIX + "telegraf";
        var inputs = FuzzedInputs.of(topics, telemetryTopic).stream()
                .filter(input -> selected(INPUTS, Payload.class).contains(input.payload())).toList();
        var account = new DeadLetterLedger();
        var unexpectedRefusals = new ArrayList<String>();

        try (var environment = KafkaEnvironment.withRegistry(run.kafka, run.embedded, run.registry);
             var admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
            // As gleaner run and gleaner ingest create them.
            new CatalogueTopics(admin).create(topics, Optional.empty());
            admin.createTopics(List.of(new NewTopic(telemetryTopic, Optional.of(1), Optional.empty()))).all().get();
            var apps = stages(run, environment, telemetryTopic, dataDir);
            try (var errors = StageErrors.capture(applicationIds(apps));
                 var producer = producer();
                 var deadLetters = consumer(topics.deadLetters().name(), 1);
                 var placements = consumer(topics.placements().name(), topics.placements().partitions())) {
                apps.values().forEach(StageApp::start);
                await().atMost(Duration.ofSeconds(90)).until(() -> apps.values().stream()
                        .allMatch(app -> app.state() == KafkaStreams.State.RUNNING));

                // when: the hostile records, then a sentinel on every input partition
                var registry = environment.registryClient();
                var generator = new HostileRecords(inputs, selected(KINDS, HostileKind.class), registry, seed,
                        Instant.now().truncatedTo(ChronoUnit.MILLIS), records);
                log.info("fuzzing {} with {} records of seed {} ({} cover every kind of every input once)",
                        inputs.stream().map(FuzzedInput::topic).toList(), records, seed, generator.coverageSize());
                long started = System.nanoTime();
                var batch = new ArrayList<HostileRecord>();
                for (int i = 0; i < records; i++) {
                    batch.add(generator.next());
                    if (batch.size() == IN_FLIGHT) {
                        send(producer, batch, account, unexpectedRefusals);
                        batch.clear();
                    }
                }
                batch.addAll(generator.sentinels());
                send(producer, batch, account, unexpectedRefusals);
                log.info("sent {} records ({} refused by the broker) in {} s", account.sentCount(),
                        account.refusedCount(), (System.nanoTime() - started) / 1_000_000_000);

                var deadLetterSerde = new AvroDeserializer<>(DeadLetter.class, registry);
                // The sentinels are the last records of their partitions: once every reader dead-lettered its own,
                // it has processed the partition, and its dead letters for it are committed.
                var settle = Duration.ofSeconds(60).plusMillis(15L * records);
                awaitOrGiveUp(settle, () -> {
                    readDeadLetters(deadLetters, deadLetterSerde, account);
                    var stopped = stopped(apps).keySet();
                    return account.sentinelsOutstanding().stream()
                            .allMatch(outstanding -> stopped.stream().anyMatch(s -> outstanding.endsWith(" by " + s)));
                });

                // then: a valid job and heartbeats of a node with room for it
                var placed = placeValidJob(seed, topics, producer, placements, registry, apps);
                readDeadLetters(deadLetters, deadLetterSerde, account);

                var stopped = stopped(apps);
                var unaccounted = account.unaccounted(stopped.keySet());
                var summary = summary(records, seed, account, stopped, unaccounted, placed, errors,
                        (System.nanoTime() - started) / 1_000_000_000);
                log.info("{}", summary);
                Files.createDirectories(Path.of("target"));
                Files.writeString(Path.of("target", "fuzz-summary-" + seed + "-" + records + ".txt"), summary);

                var softly = new SoftAssertions();
                softly.assertThat(stopped).as(stoppedMessage(stopped, errors, account)).isEmpty();
                softly.assertThat(unaccounted).as("%d of %d records not accounted for (first 25 below)",
                        unaccounted.size(), account.sentCount()).isEmpty();
                softly.assertThat(unexpectedRefusals).as("records the broker refused for no reason of theirs")
                        .isEmpty();
                softly.assertThat(placed).as("a placement of the valid job submitted after the hostile records, "
                        + "read_committed from %s", topics.placements().name()).isTrue();
                softly.assertAll();
            } finally {
                var reversed = new ArrayList<>(apps.values());
                for (int i = reversed.size() - 1; i >= 0; i--) {
                    reversed.get(i).close();
                }
            }
        }
    }

    /**
     * The stages as {@link RunCommand#call()} builds them with {@code --stages planner,forecaster,classifier,qos},
     * and the adapter as {@link IngestCommand#call()} does with {@code --mapping telegraf-json}; keyed by the stage
     * name their dead letters carry. Keep in sync with those two.
     */
    private static Map<String, StageApp> stages(RunCommand run, KafkaEnvironment environment, String telemetryTopic,
                                                Path dataDir) throws Exception {
        var bootstrap = environment.bootstrapServers();
        var prefix = run.kafka.topicPrefix;
        var registryConfig = environment.registryConfig();
        var apps = new LinkedHashMap<String, StageApp>();
        apps.put(PlannerTopology.STAGE, new PlannerApp(run.planner.config(bootstrap, prefix, registryConfig,
                run.embedded.dataDir), environment.registryClient()));
        var forecasterConfig = run.forecaster.config(bootstrap, prefix, registryConfig, run.embedded.dataDir);
        var reacting = run.forecasterModel.reaction().map(forecasterConfig.settings()::withReaction);
        apps.put(ForecasterTopology.STAGE, new ForecasterApp(reacting.map(forecasterConfig::withSettings)
                .orElse(forecasterConfig), environment.registryClient(), run.forecasterModel.orDefault()));
        apps.put(ClassifierTopology.STAGE, new ClassifierApp(run.classifier.config(bootstrap, prefix, registryConfig,
                run.embedded.dataDir), environment.registryClient()));
        apps.put(QosTopology.STAGE, new QosApp(run.qos.config(bootstrap, prefix, registryConfig,
                run.embedded.dataDir), environment.registryClient()));
        var adapterConfig = AdapterConfig.of(telemetryTopic, Mapping.TELEGRAF_JSON)
                .withStage(s -> s.withTopicPrefix(prefix).withStateDir(dataDir.resolve("ingest-state"))
                        .withBootstrapServers(bootstrap).withRegistry(registryConfig))
                .withStage(s -> s.withInstanceId(s.applicationId()));
        apps.put(AdapterTopology.STAGE, new AdapterApp(adapterConfig, Mapping.resolve(Mapping.TELEGRAF_JSON),
                environment.registryClient()));
        return apps;
    }

    /** The application ids of the stages (the options' defaults), naming their stream threads. */
    private static Map<String, String> applicationIds(Map<String, StageApp> apps) {
        var ids = Map.of(PlannerTopology.STAGE, PlannerConfig.DEFAULT_APPLICATION_ID,
                ForecasterTopology.STAGE, ForecasterConfig.DEFAULT_APPLICATION_ID,
                ClassifierTopology.STAGE, ClassifierConfig.DEFAULT_APPLICATION_ID,
                QosTopology.STAGE, QosConfig.DEFAULT_APPLICATION_ID,
                AdapterTopology.STAGE, AdapterConfig.defaultApplicationId(Mapping.TELEGRAF_JSON));
        var byId = new TreeMap<String, String>();
        apps.keySet().forEach(stage -> byId.put(ids.get(stage), stage));
        return byId;
    }

    /**
     * Sends {@code batch}, each record its own way: one that the broker may refuse (too large, no key on a compacted
     * topic) alone, waiting for the answer, so that a refused batch takes no other record with it.
     */
    private static void send(KafkaProducer<String, byte[]> producer, List<HostileRecord> batch, DeadLetterLedger account,
                             List<String> unexpectedRefusals) throws InterruptedException {
        var pending = new ArrayList<Map.Entry<HostileRecord, Future<RecordMetadata>>>();
        for (var record : batch) {
            var sending = new ProducerRecord<>(record.input().topic(), record.partition(), record.key(), record.value());
            if (record.mayBeRefused()) {
                producer.flush();
                settle(pending, account, unexpectedRefusals);
                settle(new ArrayList<>(List.of(Map.entry(record, producer.send(sending)))), account, unexpectedRefusals);
            } else {
                pending.add(Map.entry(record, producer.send(sending)));
            }
        }
        producer.flush();
        settle(pending, account, unexpectedRefusals);
    }

    private static void settle(List<Map.Entry<HostileRecord, Future<RecordMetadata>>> pending, DeadLetterLedger account,
                               List<String> unexpectedRefusals) throws InterruptedException {
        for (var entry : pending) {
            var record = entry.getKey();
            try {
                var metadata = entry.getValue().get();
                account.sent(record, metadata.partition(), metadata.offset());
            } catch (ExecutionException e) {
                var cause = e.getCause();
                account.refused(record, cause);
                boolean tooLarge = cause instanceof RecordTooLargeException && record.size() > 1_000_000;
                boolean keyless = (cause instanceof InvalidRecordException || cause instanceof CorruptRecordException)
                        && record.key() == null && record.input().compacted();
                if (!tooLarge && !keyless) {
                    unexpectedRefusals.add(record.kind() + " on " + record.input().topic() + " (" + record.size()
                            + " B): " + cause);
                }
            }
        }
        pending.clear();
    }

    /**
     * Submits a one-map job, then heartbeats of a fresh node with room for 32 tasks (its times the wall clock, so
     * always later) until a placement of the job is read, read_committed, or the planner stopped, or a minute passed.
     */
    private boolean placeValidJob(long seed, Topics topics, KafkaProducer<String, byte[]> producer,
                                  KafkaConsumer<byte[], byte[]> placements, SchemaRegistryClient registry,
                                  Map<String, StageApp> apps) throws Exception {
        var jobId = "fz-valid-job-" + seed;
        var nodeId = "fz-valid-node-" + seed;
        var job = JobSubmitted.newBuilder().setJobId(jobId).setJobName("fz-valid").setSubmitTime(Instant.now())
                .setInputBytes(64L << 20).setShuffleBytes(0).setOutputBytes(1 << 20)
                .setTasks(List.of(TaskGroup.newBuilder().setKind(TaskKind.MAP).setCount(1).setBytesPerTask(64L << 20)
                        .setLastTaskBytes(64L << 20).setFlopPerByte(3100).setDemand(new Resources(1.0, GIB)).build()))
                .build();
        var jobs = new AvroSerializer<>(JobSubmitted.class, registry);
        var heartbeats = new AvroSerializer<>(NodeHeartbeat.class, registry);
        var decisions = new AvroDeserializer<>(PlacementDecision.class, registry);
        producer.send(new ProducerRecord<>(topics.jobsSubmitted().name(), jobId,
                jobs.serialize(topics.jobsSubmitted().name(), job))).get();
        var found = new boolean[1];
        awaitOrGiveUp(Duration.ofSeconds(60), () -> {
            var beat = NodeHeartbeat.newBuilder().setNodeId(nodeId).setTime(Instant.now())
                    .setCapacity(new Resources(64.0, 256 * GIB)).setSpeedGflops(2.0).setSlots(32)
                    .setFree(new Resources(64.0, 256 * GIB)).setFreeSlots(32).build();
            producer.send(new ProducerRecord<>(topics.nodesHeartbeats().name(), nodeId,
                    heartbeats.serialize(topics.nodesHeartbeats().name(), beat))).get();
            for (var record : placements.poll(Duration.ofMillis(300))) {
                try {
                    var decision = decisions.deserialize(record.topic(), record.value());
                    found[0] |= decision != null && decision.getJobId().equals(jobId);
                } catch (RuntimeException e) {
                    // A hostile record the fuzzer wrote to placements: not the planner's.
                }
            }
            return found[0] || stopped(apps).containsKey(PlannerTopology.STAGE);
        });
        return found[0];
    }

    private static void readDeadLetters(KafkaConsumer<byte[], byte[]> consumer, AvroDeserializer<DeadLetter> serde,
                                        DeadLetterLedger account) {
        for (var record : consumer.poll(Duration.ofMillis(200))) {
            account.deadLetter(serde.deserialize(record.topic(), record.value()));
        }
    }

    /** The stages no longer RUNNING or REBALANCING, with their state. */
    private static Map<String, KafkaStreams.State> stopped(Map<String, StageApp> apps) {
        var stopped = new TreeMap<String, KafkaStreams.State>();
        apps.forEach((stage, app) -> {
            var state = app.state();
            if (state != KafkaStreams.State.RUNNING && state != KafkaStreams.State.REBALANCING) {
                stopped.put(stage, state);
            }
        });
        return stopped;
    }

    private static String stoppedMessage(Map<String, KafkaStreams.State> stopped, StageErrors errors,
                                         DeadLetterLedger account) {
        var message = new StringBuilder("stages stopped: ").append(stopped);
        stopped.keySet().forEach(stage -> {
            message.append("\n  ").append(stage).append(" logged:");
            var logged = errors.of(stage);
            if (logged.isEmpty()) {
                message.append(" nothing at ERROR");
            }
            logged.forEach(line -> message.append("\n    ").append(line));
        });
        message.append("\n  last dead letters read:");
        account.lastLetters().forEach(line -> message.append("\n    ").append(line));
        return message.toString();
    }

    private static String summary(int records, long seed, DeadLetterLedger account,
                                  Map<String, KafkaStreams.State> stopped, List<String> unaccounted, boolean placed,
                                  StageErrors errors, long seconds) {
        var out = new StringBuilder();
        out.append("fuzz run: ").append(records).append(" records of seed ").append(seed).append(", ")
                .append(seconds).append(" s\n");
        out.append(account.summary());
        out.append("unaccounted: ").append(unaccounted.size()).append('\n');
        unaccounted.stream().limit(25).forEach(line -> out.append("  ").append(line).append('\n'));
        var byKind = unaccounted.stream().collect(Collectors.groupingBy(line -> line.substring(0, line.indexOf(' ')),
                TreeMap::new, Collectors.counting()));
        out.append("unaccounted by kind: ").append(byKind).append('\n');
        out.append("stages stopped: ").append(stopped.size()).append(' ').append(stopped).append('\n');
        stopped.keySet().forEach(stage -> errors.of(stage).stream().limit(2)
                .forEach(line -> out.append("  ").append(line).append('\n')));
        out.append("valid job placed afterwards: ").append(placed).append('\n');
        return out.toString();
    }

    /** Polls {@code condition} until it holds or {@code atMost} passed; whether it held. */
    private static boolean awaitOrGiveUp(Duration atMost, java.util.concurrent.Callable<Boolean> condition) {
        try {
            await().atMost(atMost).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(250)).until(condition);
            return true;
        } catch (ConditionTimeoutException e) {
            return false;
        }
    }

    private static KafkaProducer<String, byte[]> producer() {
        // No idempotence, one request in flight: a batch the broker refuses fails alone, and order is kept.
        return new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false,
                ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1,
                ProducerConfig.LINGER_MS_CONFIG, 5,
                // Past the broker's limit, so that the broker, not the producer, refuses what is too large.
                ProducerConfig.MAX_REQUEST_SIZE_CONFIG, 4 << 20,
                ProducerConfig.BUFFER_MEMORY_CONFIG, 64L << 20),
                new StringSerializer(), new ByteArraySerializer());
    }

    private static KafkaConsumer<byte[], byte[]> consumer(String topic, int partitions) {
        var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new ByteArrayDeserializer(), new ByteArrayDeserializer());
        var assigned = IntStream.range(0, partitions).mapToObj(p -> new TopicPartition(topic, p)).toList();
        consumer.assign(assigned);
        consumer.seekToBeginning(assigned);
        return consumer;
    }

    /** The enum constants named in system property {@code property} (comma-separated), or all of them. */
    private static <E extends Enum<E>> Set<E> selected(String property, Class<E> type) {
        var value = System.getProperty(property, "").trim();
        if (value.isEmpty()) {
            return EnumSet.allOf(type);
        }
        var chosen = EnumSet.noneOf(type);
        Arrays.stream(value.split(",")).map(String::trim).filter(name -> !name.isEmpty())
                .forEach(name -> chosen.add(Enum.valueOf(type, name.toUpperCase())));
        return chosen;
    }
}
