package io.gleaner.deploy.demo;

import static org.awaitility.Awaitility.await;

import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.SimulatorApp;
import io.gleaner.simulator.core.PlannerLink;
import io.gleaner.simulator.core.Round;
import io.gleaner.simulator.core.Simulation;
import io.gleaner.simulator.core.SimulationProgress;
import io.gleaner.simulator.core.SimulationReport;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.lockstep.LockstepConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One failover of the planner: {@link #INSTANCES} {@code gleaner run --stages planner} processes of one application id
 * (each its own instance id and state directory, the default standby replica and session timeout), a lockstep run of
 * the first {@code jobs} FB-2009 jobs with FIFO on the default cluster, and, once half the jobs completed, SIGKILL of
 * the process whose consumer holds the planner's task. The run goes on to its end on a standby. Processes rather than
 * {@code KafkaStreams} instances in one JVM, as in {@code PlannerKillIT}: only a process can die without closing its
 * clients, so that the group learns of it from the session timeout and its open transaction is aborted by the
 * successor's fencing, as after a real crash. Used by {@code PlannerFailoverIT} and {@code FailoverBenchmark}.
 */
public final class PlannerFailover {

    /** How many planner processes run: one active and two that may hold its standby. */
    public static final int INSTANCES = 3;

    private static final SimulationSettings SETTINGS = SimulationSettings.withSeed(42);
    private static final Logger log = LoggerFactory.getLogger(PlannerFailover.class);

    private final String bootstrapServers;
    private final String registryUrl;

    /** Failovers on the broker at {@code bootstrapServers} and the registry at {@code registryUrl}. */
    public PlannerFailover(String bootstrapServers, String registryUrl) {
        this.bootstrapServers = bootstrapServers;
        this.registryUrl = registryUrl;
    }

    /**
     * What one failover gave.
     *
     * @param report             the simulation's report
     * @param uninterrupted      the decision digest of the same run in-process, without Kafka or a failover
     * @param answeredByLink     every decision id the lockstep link handed the simulated nodes, in order
     * @param onTopic            every decision id on {@code placements}, read committed
     * @param killed             the instance id of the process killed
     * @param placementsResumeIn wall time from the last round answered with placements before the kill to the first
     *                           after it
     */
    public record Outcome(SimulationReport report, String uninterrupted, List<String> answeredByLink,
                          List<String> onTopic, String killed, Duration placementsResumeIn) {
    }

    /**
     * Runs one failover on topics and an application id named {@code name}, the processes' state and output under
     * {@code dir}.
     */
    public Outcome run(String name, int jobCount, Path dir) throws Exception {
        var topics = Topics.withPrefix("it." + name + ".");
        var appId = "it-" + name;
        var cluster = ClusterPresets.resolve(ClusterPresets.DEFAULT);
        var jobs = DemoFixtures.fb2009(jobCount);
        var client = new RestSchemaRegistryClient(RegistryConfig.of(registryUrl));
        var processes = new ArrayList<Process>();
        try (var admin = Admin.create(Map.<String, Object>of("bootstrap.servers", bootstrapServers))) {
            new CatalogueTopics(admin).create(topics, Optional.empty());
            for (int i = 0; i < INSTANCES; i++) {
                processes.add(startPlanner(topics, appId, "planner-" + i, dir));
            }
            // Every instance in the group first, so that the kill is the only change of membership in the run.
            var heartbeats = new TopicPartition(topics.nodesHeartbeats().name(), 0);
            // One description for both conditions and the log: two could straddle a rebalance.
            var first = new AtomicReference<String>();
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                    .until(() -> {
                        var group = describe(admin, appId);
                        var holder = active(group, heartbeats);
                        holder.ifPresent(first::set);
                        return holder.isPresent() && group.members().size() == INSTANCES;
                    });
            log.info("{} planner processes in the group, the task on {}", INSTANCES, first.get());
            var relay = new TimedRelay();
            var progress = new AtomicReference<SimulationProgress>();
            var simulation = new Simulation(cluster, jobs, relay, SETTINGS, progress::set);
            try (var link = SimulatorApp.connect(new LockstepConfig(bootstrapServers, topics, appId,
                    LockstepConfig.DEFAULT_BARRIER_TIMEOUT, Duration.ofMillis(5)), client)) {
                relay.pointTo(link);
                while (!simulation.finished() && (progress.get() == null
                        || progress.get().jobsCompleted() < jobCount / 2)) {
                    simulation.step();
                }
                var killed = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                        .ignoreExceptions().until(() -> active(describe(admin, appId), heartbeats),
                                Optional::isPresent).orElseThrow();
                var process = processes.get(Integer.parseInt(killed.substring("planner-".length(),
                        "planner-".length() + 1)));
                long killedAt = System.nanoTime();
                process.destroyForcibly().waitFor();
                log.info("killed {} with SIGKILL after {} decisions", killed, relay.placed().size());
                var report = simulation.run();
                log.info("run ended, {} decisions", relay.placed().size());
                var decoder = new AvroDeserializer<>(PlacementDecision.class, client);
                var onTopic = DemoFixtures.readCommitted(bootstrapServers, topics.placements().name()).stream()
                        .map(r -> decoder.deserialize(r.topic(), r.value()).getDecisionId())
                        .toList();
                var uninterrupted = SimulatorApp.runInProcess(cluster, jobs, PolicyName.FIFO, SETTINGS, p -> { });
                return new Outcome(report, uninterrupted.decisionDigest(), relay.placed(), onTopic,
                        killed, relay.placementGapAround(killedAt));
            }
        } finally {
            processes.forEach(Process::destroyForcibly);
        }
    }

    private static ConsumerGroupDescription describe(Admin admin, String appId) throws Exception {
        return admin.describeConsumerGroups(List.of(appId)).all().get().get(appId);
    }

    /**
     * The instance id of the member that holds {@code partition} in a stable group. Kafka Streams suffixes a static
     * member's id with its stream thread ({@code planner-1-1}); the instance id is what comes before.
     */
    private static Optional<String> active(ConsumerGroupDescription group, TopicPartition partition) {
        if (group.groupState() != GroupState.STABLE) {
            return Optional.empty();
        }
        return group.members().stream()
                .filter(member -> member.assignment().topicPartitions().contains(partition))
                .map(MemberDescription::groupInstanceId)
                .flatMap(Optional::stream)
                .map(id -> id.substring(0, id.lastIndexOf('-')))
                .findFirst();
    }

    /** {@code gleaner run --stages planner} in a JVM of its own, on this test's classpath, its output in a file. */
    private Process startPlanner(Topics topics, String appId, String instanceId, Path dir) throws IOException {
        var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var command = Stream.of(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), "io.gleaner.deploy.Main", "run", "--stages", "planner",
                "--policy", "fifo", "--no-create-topics",
                "--bootstrap-servers", bootstrapServers, "--schema-registry-url", registryUrl,
                "--topic-prefix", topics.prefix(), "--application-id", appId, "--instance-id", instanceId,
                "--commit-interval-ms", "" + DemoSettings.DEFAULT_COMMIT_INTERVAL_MS,
                "--state-dir", dir.resolve(instanceId).toString(), "--data-dir", dir.resolve("data").toString())
                .toList();
        Files.createDirectories(dir);
        try {
            return new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(dir.resolve(instanceId + ".log").toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** Hands each round to the link; keeps every decision id it got back and when each round with some returned. */
    private static final class TimedRelay implements PlannerLink {

        private final List<String> placed = new ArrayList<>();
        private final List<Long> answeredAt = new ArrayList<>();
        private PlannerLink current;

        void pointTo(PlannerLink link) {
            current = link;
        }

        List<String> placed() {
            return List.copyOf(placed);
        }

        /** From the last round answered with placements before {@code nanos} to the first after it. */
        Duration placementGapAround(long nanos) {
            long before = answeredAt.stream().filter(t -> t < nanos).reduce((a, b) -> b).orElseThrow();
            long after = answeredAt.stream().filter(t -> t > nanos).findFirst().orElseThrow();
            return Duration.ofNanos(after - before);
        }

        @Override
        public List<Placement> round(Round round) {
            var answer = current.round(round);
            if (!answer.isEmpty()) {
                answeredAt.add(System.nanoTime());
            }
            answer.forEach(p -> placed.add(p.decisionId()));
            return answer;
        }

        @Override
        public List<InputPlacement> takeDataPlacements() {
            return current.takeDataPlacements();
        }
    }
}
