package io.gleaner.deploy.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gleaner.deploy.broker.EmbeddedBroker;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistry;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistryConfig;
import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.planner.PlannerApp;
import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryClient;
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
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The all-in-one stack stopped in the middle of a lockstep run and started again on the same data directory: the
 * broker keeps the topics and the planner's committed offsets, the registry its ids, the planner its state, and the
 * run goes on as if nothing had happened.
 */
@Tag("integration")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DemoRestartIT {

    private static final int JOBS = 30;
    private static final SimulationSettings SETTINGS = SimulationSettings.withSeed(42);

    private EmbeddedBroker broker;
    private EmbeddedSchemaRegistry registry;
    private PlannerApp planner;
    private KafkaPlannerLink link;

    @AfterEach
    void closeWhatIsOpen() {
        closeStack();
    }

    @Test
    void shouldLoseAndDuplicateNothingAcrossARestartOnTheSameDataDirectory(TestInfo test, @TempDir Path dataDir) {
        var topics = Topics.withPrefix("it." + test.getTestMethod().orElseThrow().getName() + ".");
        var cluster = ClusterPresets.resolve(ClusterPresets.DEFAULT);
        var jobs = DemoFixtures.fb2009(JOBS);
        int port = freePort();
        var placements = topics.placements().name();
        var relay = new RelayLink();
        var progress = new AtomicReference<SimulationProgress>();
        var simulation = new Simulation(cluster, jobs, relay, SETTINGS, progress::set);

        var client = startStack(dataDir, port, topics);
        try (var admin = Admin.create(Map.<String, Object>of("bootstrap.servers", broker.bootstrapServers()))) {
            new CatalogueTopics(admin).create(topics, Optional.empty());
        }
        startPlannerAndLink(dataDir, topics, client, relay);
        while (!simulation.finished()
                && (progress.get() == null || progress.get().jobsCompleted() < JOBS / 2)) {
            simulation.step();
        }
        int schemaIdBefore = client.latest(placements + "-value").id();
        long roundsBefore = progress.get().rounds();
        int placedBefore = relay.placed().size();
        closeStack();

        var restartedClient = startStack(dataDir, port, topics);
        assertThat(restartedClient.latest(placements + "-value").id())
                .as("schema id of %s-value after the registry's restart", placements).isEqualTo(schemaIdBefore);
        startPlannerAndLink(dataDir, topics, restartedClient, relay);
        var report = simulation.run();

        // The restart fell in the middle of the run: rounds and placements on both sides of it.
        assertThat(simulation.finished()).isTrue();
        assertThat(roundsBefore).isPositive().isLessThan(report.rounds());
        assertThat(placedBefore).isPositive().isLessThan(relay.placed().size());
        assertThat(report.jobsCompleted()).isEqualTo(JOBS);
        assertThat(report.unfinishedJobs()).isEmpty();
        assertThat(report.counts().duplicateDecisions()).isZero();
        var decoder = new AvroDeserializer<>(PlacementDecision.class, restartedClient);
        var onTopic = DemoFixtures.readCommitted(broker.bootstrapServers(), placements).stream()
                .map(r -> decoder.deserialize(r.topic(), r.value()).getDecisionId())
                .toList();
        assertThat(onTopic).as("decision ids on %s across the restart", placements)
                .doesNotHaveDuplicates()
                .hasSize((int) report.counts().decisions())
                .containsExactlyInAnyOrderElementsOf(relay.placed());
        var uninterrupted = SimulatorApp.runInProcess(cluster, jobs, PolicyName.FIFO, SETTINGS, p -> { });
        assertThat(report.decisionDigest()).isEqualTo(uninterrupted.decisionDigest());
        assertThat(report.withoutPlannerCpu()).isEqualTo(uninterrupted.withoutPlannerCpu());
    }

    /** Broker on {@code dataDir/broker} at {@code port}, registry on its {@code <prefix>_schemas} topic. */
    private SchemaRegistryClient startStack(Path dataDir, int port, Topics topics) {
        broker = EmbeddedBroker.start(dataDir.resolve("broker"), port, Map.of());
        registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of(broker.bootstrapServers())
                .withTopic(EmbeddedSchemaRegistryConfig.topicFor(topics))).start();
        return new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));
    }

    /** The planner as the demo runs it (same application id and state directory every time), and a new link. */
    private void startPlannerAndLink(Path dataDir, Topics topics, SchemaRegistryClient client, RelayLink relay) {
        var appId = DemoRun.plannerApplicationId(topics);
        planner = new PlannerApp(PlannerConfig.defaults()
                .withPolicy(PolicyName.FIFO)
                .withStage(s -> s.withApplicationId(appId).withCommitIntervalMs(DemoSettings.DEFAULT_COMMIT_INTERVAL_MS)
                        .withStateDir(dataDir.resolve("planner-state")).withBootstrapServers(broker.bootstrapServers())
                        .withTopicPrefix(topics.prefix()).withRegistry(RegistryConfig.of(registry.url()))), client);
        planner.start();
        await().atMost(Duration.ofSeconds(60)).until(() -> planner.state() == KafkaStreams.State.RUNNING);
        link = SimulatorApp.connect(new LockstepConfig(broker.bootstrapServers(), topics, appId,
                LockstepConfig.DEFAULT_BARRIER_TIMEOUT, Duration.ofMillis(5)), client);
        relay.pointTo(link);
    }

    /** Closes link, planner, registry and broker, in that order; each at most once. */
    private void closeStack() {
        if (link != null) {
            link.close();
            link = null;
        }
        if (planner != null) {
            planner.close();
            planner = null;
        }
        if (registry != null) {
            registry.close();
            registry = null;
        }
        if (broker != null) {
            broker.close();
            broker = null;
        }
    }

    private static int freePort() {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port", e);
        }
    }

    /** Hands each round to the current link, which the test replaces mid-run; keeps every decision id it got back. */
    private static final class RelayLink implements PlannerLink {

        private final List<String> placed = new ArrayList<>();
        private PlannerLink current;

        void pointTo(PlannerLink link) {
            current = Objects.requireNonNull(link, "link");
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
