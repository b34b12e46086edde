package io.gleaner.deploy.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gleaner.deploy.registry.EmbeddedSchemaRegistry;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistryConfig;
import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.SimulatorApp;
import io.gleaner.simulator.core.PlannerLink;
import io.gleaner.simulator.core.Round;
import io.gleaner.simulator.core.Simulation;
import io.gleaner.simulator.core.SimulationProgress;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.lockstep.KafkaPlannerLink;
import io.gleaner.simulator.lockstep.LockstepConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code gleaner run --stages planner} as its own process, killed with SIGKILL in the middle of a lockstep run and
 * started again: once while it holds a transaction open on {@code placements} (same state directory), once between
 * rounds with its state directory wiped. The simulated cluster runs on, and every task is placed, no decision is
 * lost or doubled on {@code placements} (read_committed), and the decisions are those of an uninterrupted in-process
 * run.
 */
@Tag("integration")
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class PlannerKillIT {

    private static final Logger log = LoggerFactory.getLogger(PlannerKillIT.class);
    private static final int JOBS = 20;
    private static final SimulationSettings SETTINGS = SimulationSettings.withSeed(42);

    private static TestKafka kafka;
    private static EmbeddedSchemaRegistry registry;

    private Process planner;
    private KafkaPlannerLink link;

    @BeforeAll
    static void startBrokerAndRegistry() {
        kafka = TestKafka.start();
        registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of(kafka.bootstrapServers())
                .withTopic("it.planner-kill._schemas")).start();
    }

    @AfterAll
    static void stopBrokerAndRegistry() {
        if (registry != null) {
            registry.close();
        }
        if (kafka != null) {
            kafka.close();
        }
    }

    @AfterEach
    void stopWhatRuns() {
        if (link != null) {
            link.close();
        }
        if (planner != null) {
            planner.destroyForcibly();
        }
    }

    @Test
    void shouldPlaceEveryTaskOnceAcrossKillsOfThePlannerProcess(TestInfo test, @TempDir Path dir) throws Exception {
        var name = test.getTestMethod().orElseThrow().getName();
        var topics = Topics.withPrefix("it." + name + ".");
        var stateDir = dir.resolve("planner-state");
        // Kept in target/ (the temporary directory goes with the test), to read when a run fails.
        var output = Files.createDirectories(Path.of("target", "planner-kill")).resolve(name + ".log");
        Files.deleteIfExists(output);
        var cluster = ClusterPresets.resolve(ClusterPresets.DEFAULT);
        var jobs = DemoFixtures.fb2009(JOBS);
        var client = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));
        try (var admin = Admin.create(Map.<String, Object>of("bootstrap.servers", kafka.bootstrapServers()))) {
            new CatalogueTopics(admin).create(topics, Optional.empty());
            var appId = "it-" + name;
            Runnable start = () -> planner = startPlanner(topics, appId, stateDir, dir.resolve("data"), output);
            var relay = new RelayLink();
            var progress = new AtomicReference<SimulationProgress>();
            var simulation = new Simulation(cluster, jobs, relay, SETTINGS, progress::set);
            start.run();
            link = SimulatorApp.connect(new LockstepConfig(kafka.bootstrapServers(), topics, appId,
                    LockstepConfig.DEFAULT_BARRIER_TIMEOUT, Duration.ofMillis(5)), client);
            relay.pointTo(link);

            // A third of the way: kill it while a round's placements sit in an open transaction, and start it
            // again on the same state directory, while the round waits for its barrier.
            stepUntil(simulation, progress, JOBS / 3);
            var openTransactionsSeen = new ArrayList<Boolean>();
            while (openTransactionsSeen.isEmpty() || !openTransactionsSeen.get(openTransactionsSeen.size() - 1)) {
                assertThat(openTransactionsSeen).as("rounds tried for a kill inside a transaction").hasSizeLessThan(20);
                assertThat(simulation.finished()).as("the run ended before a kill inside a transaction").isFalse();
                var killer = CompletableFuture.supplyAsync(() -> killInsideATransaction(admin, topics, start));
                simulation.step();
                openTransactionsSeen.add(killer.join());
            }
            int placedBeforeFirstKill = relay.placed().size();

            // Two thirds of the way: kill it between rounds and start it again with its state directory gone.
            stepUntil(simulation, progress, 2 * JOBS / 3);
            killPlanner();
            deleteRecursively(stateDir);
            start.run();
            var report = simulation.run();

            log.info("killed inside a transaction after {} round(s) tried; {} decisions", openTransactionsSeen.size(),
                    relay.placed().size());
            assertThat(placedBeforeFirstKill).isPositive().isLessThan(relay.placed().size());
            assertThat(report.jobsCompleted()).as(tail(output)).isEqualTo(JOBS);
            assertThat(report.unfinishedJobs()).isEmpty();
            assertThat(report.counts().duplicateDecisions()).isZero();
            var decoder = new AvroDeserializer<>(PlacementDecision.class, client);
            var onTopic = DemoFixtures.readCommitted(kafka.bootstrapServers(), topics.placements().name()).stream()
                    .map(r -> decoder.deserialize(r.topic(), r.value()).getDecisionId())
                    .toList();
            assertThat(onTopic).as("decision ids on %s across the kills", topics.placements().name())
                    .doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(relay.placed());
            // Every task placed: each first attempt's task has a decision (a killed attempt adds a later one).
            var placedTasks = onTopic.stream().map(id -> id.substring(0, id.lastIndexOf('/')) + "/0")
                    .collect(Collectors.toSet());
            assertThat(placedTasks).containsAll(DemoFixtures.firstAttemptIds(jobs));
            var uninterrupted = SimulatorApp.runInProcess(cluster, jobs, PolicyName.FIFO, SETTINGS, p -> { });
            assertThat(report.decisionDigest()).isEqualTo(uninterrupted.decisionDigest());
        }
    }

    /** Steps the simulation until {@code completed} jobs have completed. */
    private static void stepUntil(Simulation simulation, AtomicReference<SimulationProgress> progress, int completed) {
        while (!simulation.finished() && (progress.get() == null || progress.get().jobsCompleted() < completed)) {
            simulation.step();
        }
    }

    /**
     * Waits (during one round) until a partition of {@code placements} holds records of an open transaction (its
     * last stable offset below its high watermark), then kills the planner and starts it again; whether it saw one
     * before the round's barrier closed the transaction.
     */
    private boolean killInsideATransaction(Admin admin, Topics topics, Runnable start) {
        var partitions = IntStream.range(0, topics.placements().partitions())
                .mapToObj(p -> new TopicPartition(topics.placements().name(), p)).toList();
        try {
            await().atMost(Duration.ofSeconds(3)).pollInterval(Duration.ofMillis(2))
                    .until(() -> openTransaction(admin, partitions));
        } catch (org.awaitility.core.ConditionTimeoutException none) {
            return false;
        }
        killPlanner();
        log.info("killed the planner with a transaction open on {}", topics.placements().name());
        start.run();
        return true;
    }

    private static boolean openTransaction(Admin admin, List<TopicPartition> partitions) throws Exception {
        var latest = partitions.stream().collect(Collectors.toMap(p -> p, p -> OffsetSpec.latest()));
        var stable = admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all().get();
        var high = admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_UNCOMMITTED)).all().get();
        return partitions.stream().anyMatch(p -> stable.get(p).offset() < high.get(p).offset());
    }

    /** SIGKILL: {@link Process#destroyForcibly()} on Linux; no shutdown hook runs, nothing is committed or closed. */
    private void killPlanner() {
        planner.destroyForcibly();
        await().atMost(Duration.ofSeconds(30)).until(() -> !planner.isAlive());
        assertThat(planner.exitValue()).as("exit value of a process killed by SIGKILL").isEqualTo(128 + 9);
    }

    /** {@code gleaner run --stages planner} in a JVM of its own, on this test's classpath, its output appended. */
    private static Process startPlanner(Topics topics, String appId, Path stateDir, Path dataDir, Path output) {
        var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var command = Stream.of(java, "-Xmx384m", "-cp", System.getProperty("java.class.path"),
                "io.gleaner.deploy.Main", "run", "--stages", "planner", "--policy", "fifo",
                "--bootstrap-servers", kafka.bootstrapServers(), "--schema-registry-url", registry.url(),
                "--topic-prefix", topics.prefix(), "--application-id", appId,
                "--commit-interval-ms", "" + DemoSettings.DEFAULT_COMMIT_INTERVAL_MS,
                "--state-dir", stateDir.toString(), "--data-dir", dataDir.toString()).toList();
        try {
            return new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile())).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** The last lines the planner processes wrote, for a failure's message. */
    private static String tail(Path output) {
        try {
            var lines = Files.readAllLines(output);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (var path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** Hands each round to the link; keeps every decision id it got back. */
    private static final class RelayLink implements PlannerLink {

        private final List<String> placed = new ArrayList<>();
        private PlannerLink current;

        void pointTo(PlannerLink link) {
            current = link;
        }

        List<String> placed() {
            return List.copyOf(placed);
        }

        @Override
        public List<Placement> round(Round round) {
            var answer = current.round(round);
            answer.forEach(p -> placed.add(p.decisionId()));
            return answer;
        }

        @Override
        public List<InputPlacement> takeDataPlacements() {
            return current.takeDataPlacements();
        }
    }
}
