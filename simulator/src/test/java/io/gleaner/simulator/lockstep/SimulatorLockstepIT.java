package io.gleaner.simulator.lockstep;

import static io.gleaner.simulator.core.SimulatorFixtures.node;
import static io.gleaner.simulator.core.SimulatorFixtures.nodes;
import static io.gleaner.simulator.core.SimulatorFixtures.scenario;
import static io.gleaner.simulator.core.SimulatorFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.gleaner.forecaster.ForecasterApp;
import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.planner.PlannerApp;
import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.planner.core.RetryRules;
import io.gleaner.planner.core.cells.CellBy;
import io.gleaner.planner.core.cells.CellMap;
import io.gleaner.planner.core.coshh.CoshhSettings;
import io.gleaner.planner.core.policies.Policies;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.ClassPlan;
import io.gleaner.schemas.avro.Classification;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobClass;
import io.gleaner.schemas.avro.JobRoute;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import io.gleaner.simulator.SimulatorApp;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.InProcessPlannerLink;
import io.gleaner.simulator.core.NodeFailure;
import io.gleaner.simulator.core.OwnerForecastSettings;
import io.gleaner.simulator.core.OwnerForecasts;
import io.gleaner.simulator.core.OwnerLoad;
import io.gleaner.simulator.core.OwnerSample;
import io.gleaner.simulator.core.Simulation;
import io.gleaner.simulator.core.SimulationProgress;
import io.gleaner.simulator.core.SimulationReport;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.workload.DeadlineAssignment;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lockstep through a real broker: the simulator and the planner's Kafka Streams app (FIFO unless a test names
 * another policy; beside a forecaster stage for the policies that read forecasts) exchange every round over the
 * topics, and the run must equal the in-process run of the same trace and seed.
 */
@Tag("integration")
@Timeout(300)
class SimulatorLockstepIT {

    private static final Logger log = LoggerFactory.getLogger(SimulatorLockstepIT.class);
    private static final ClusterSpec CLUSTER = scenario("three-nodes");
    private static final SimulationSettings SETTINGS = SimulationSettings.withSeed(2009);
    /** Three node types, for the policies that weigh nodes by their spare capacity. */
    private static final ClusterSpec FOUR_NODES = ClusterSpec.of("two-types", List.of(node("n1", 2, 2.0),
            node("n2", 8, 8.0), node("n3", 8, 8.0), node("n4", 4, 4.0)));

    private static TestKafka kafka;

    @BeforeAll
    static void startKafka() throws Exception {
        kafka = TestKafka.start();
    }

    @AfterAll
    static void stopKafka() throws Exception {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void twentyJobsThroughKafkaCompleteWithTheDecisionsOfTheInProcessRun(TestInfo test, @TempDir Path stateDir)
            throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var registry = new InMemorySchemaRegistryClient();
        var jobs = workload(20);
        var inProcess = new Simulation(CLUSTER, jobs, InProcessPlannerLink.of(PolicyName.FIFO), SETTINGS).run();
        var placed = new ArrayList<Placement>();
        var progress = new ArrayList<SimulationProgress>();

        var run = runWithPlanner(name, topics, registry, stateDir, link -> {
            long started = System.nanoTime();
            var report = new Simulation(CLUSTER, jobs, round -> {
                var answer = link.round(round);
                placed.addAll(answer);
                return answer;
            }, SETTINGS, progress::add).run();
            log.info("{} rounds through Kafka in {} ms of wall time:\n{}", report.rounds(),
                    (System.nanoTime() - started) / 1_000_000, report.summary());
            return report;
        });

        var overKafka = run.report();
        assertThat(overKafka.jobsCompleted()).isEqualTo(20);
        assertThat(overKafka.unfinishedJobs()).isEmpty();
        assertThat(overKafka.decisionDigest()).isEqualTo(inProcess.decisionDigest());
        assertThat(overKafka.withoutPlannerCpu()).isEqualTo(inProcess.withoutPlannerCpu());
        assertThat(placed).extracting(Placement::decisionId).doesNotHaveDuplicates()
                .hasSize((int) inProcess.counts().decisions());
        assertThat(run.deadLetters()).isZero();
        assertThat(progress).hasSize((int) overKafka.rounds());
        assertThat(progress.get(progress.size() - 1).jobsCompleted()).isEqualTo(20);

        var decoder = new AvroDeserializer<>(PlacementDecision.class, registry);
        var onTopic = readAll(topics.placements().name()).stream()
                .map(r -> decoder.deserialize(r.topic(), r.value()).getDecisionId())
                .toList();
        assertThat(onTopic).as("each decision id exactly once on the placements topic")
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(placed.stream().map(Placement::decisionId).toList());
        assertThat(readAll(topics.deadLetters().name())).isEmpty();
    }

    /**
     * The bench's claim that both ways give the same answer, with everything that can differ in play: the Fair
     * policy with pools and delay scheduling over four nodes (each chunk on three of them), two users, and owners
     * whose memory and CPU rise and fall, killing attempts and slowing the rest.
     */
    @Test
    void aNodeFailingMidRunThroughKafkaGivesTheDecisionsOfTheInProcessRun(TestInfo test, @TempDir Path stateDir)
            throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var registry = new InMemorySchemaRegistryClient();
        var jobs = workload(12);
        // n1 stops 30 s in: both planners must find it lost at the same heartbeat and relaunch the same attempts.
        var settings = SETTINGS.withNodeFailures(List.of(new NodeFailure("n1", jobs.get(0).submitTime()
                .plusSeconds(30))));
        var inProcess = new Simulation(CLUSTER, jobs, InProcessPlannerLink.of(PolicyName.FIFO), settings).run();
        var withoutFailure = new Simulation(CLUSTER, jobs, InProcessPlannerLink.of(PolicyName.FIFO), SETTINGS).run();

        var run = runWithPlanner(name, topics, registry, stateDir,
                link -> new Simulation(CLUSTER, jobs, link, settings).run());

        var overKafka = run.report();
        assertThat(inProcess.jobsCompleted()).isEqualTo(12);
        assertThat(inProcess.decisionDigest()).isNotEqualTo(withoutFailure.decisionDigest());
        assertThat(overKafka.jobsCompleted()).isEqualTo(12);
        assertThat(overKafka.decisionDigest()).isEqualTo(inProcess.decisionDigest());
        assertThat(run.deadLetters()).isZero();
    }

    @Test
    void fairWithOwnersThroughKafkaGivesTheDecisionsAndMetricsOfTheInProcessRun(TestInfo test,
                                                                                 @TempDir Path stateDir)
            throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var registry = new InMemorySchemaRegistryClient();
        var cluster = nodes(4);
        var jobs = workload(16).stream().map(job -> withUser(job, job.jobId().hashCode() % 2 == 0 ? "alice" : "bob"))
                .toList();
        var t0 = jobs.get(0).submitTime();
        var owners = new OwnerLoad(Map.of(
                "n1", List.of(new OwnerSample(t0, 0.25, 0.2), new OwnerSample(t0.plusSeconds(40), 0.9, 0.97),
                        new OwnerSample(t0.plusSeconds(100), 0.1, 0.1)),
                "n3", List.of(new OwnerSample(t0.plusSeconds(20), 1.5, 0.5), new OwnerSample(t0.plusSeconds(150), 0, 0))));
        var pools = List.of(new Pool("alice", 3, 1), new Pool("bob", 1, 2));
        var settings = PolicySettings.defaults().withPools(pools);
        var inProcess = new Simulation(cluster, jobs, owners, pools, InProcessPlannerLink.of(PolicyName.FAIR, settings),
                SETTINGS, p -> { }).run();

        var run = runWithPlanner(name, topics, registry, stateDir, PolicyName.FAIR, settings,
                link -> new Simulation(cluster, jobs, owners, pools, link, SETTINGS, p -> { }).run());

        var overKafka = run.report();
        assertThat(inProcess.counts().killedAttempts()).as("the owners kill something").isPositive();
        assertThat(inProcess.owners().violationMillis()).as("the owners lose CPU").isPositive();
        assertThat(overKafka.jobsCompleted()).isEqualTo(16);
        assertThat(overKafka.decisionDigest()).isEqualTo(inProcess.decisionDigest());
        assertThat(overKafka.withoutPlannerCpu()).isEqualTo(inProcess.withoutPlannerCpu());
        assertThat(overKafka.metrics()).filteredOn(m -> !m.key().equals(SimulationReport.PLANNER_CPU_KEY))
                .isEqualTo(inProcess.metrics().stream()
                        .filter(m -> !m.key().equals(SimulationReport.PLANNER_CPU_KEY)).toList());
        assertThat(run.deadLetters()).isZero();
    }

    /**
     * COSHH through Kafka decides as in-process: its queuing process (classes, LPs) lives in the planner and sees the
     * same jobs and heartbeats in the same order, with the same seed. Two node types, two users (one with a min
     * share), so both classifications and both LPs are in play; the planner publishes them on jobs.classes and plans.
     * With a plan delay the planner solves the LPs on its worker thread and the in-process run on the caller's: the
     * same decisions, as a matching takes effect at an event time (docs/operations.md#plans-off-the-stream-thread).
     */
    @ParameterizedTest(name = "plan delay {0} ms")
    @ValueSource(longs = {0, 6_000})
    void coshhThroughKafkaGivesTheDecisionsOfTheInProcessRunAndPublishesClassesAndPlans(long planDelayMs,
                                                                                         TestInfo test,
                                                                                         @TempDir Path stateDir)
            throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var registry = new InMemorySchemaRegistryClient();
        var cluster = ClusterSpec.of("two-types", List.of(node("n1", 2, 2.0), node("n2", 8, 8.0), node("n3", 8, 8.0)));
        var jobs = workload(16).stream().map(job -> withUser(job, job.jobId().hashCode() % 2 == 0 ? "alice" : "bob"))
                .toList();
        var pools = List.of(new Pool("alice", 3, 1), new Pool("bob", 0, 2));
        var settings = PolicySettings.defaults().withPools(pools).withCoshh(CoshhSettings.defaults().withSeed(7))
                .withPlanDelay(Duration.ofMillis(planDelayMs));
        var inProcess = new Simulation(cluster, jobs, OwnerLoad.NONE, pools,
                InProcessPlannerLink.of(PolicyName.COSHH, settings), SETTINGS, p -> { }).run();

        var run = runWithPlanner(name, topics, registry, stateDir, PolicyName.COSHH, settings,
                link -> new Simulation(cluster, jobs, OwnerLoad.NONE, pools, link, SETTINGS, p -> { }).run());

        var overKafka = run.report();
        assertThat(overKafka.jobsCompleted()).isEqualTo(16);
        assertThat(overKafka.decisionDigest()).isEqualTo(inProcess.decisionDigest());
        assertThat(overKafka.withoutPlannerCpu()).isEqualTo(inProcess.withoutPlannerCpu());
        var classDecoder = AvroSerde.of(JobClass.class, registry).deserializer();
        var classes = readAll(topics.jobsClasses().name()).stream()
                .filter(r -> r.value() != null)
                .map(r -> classDecoder.deserialize(r.topic(), r.value()))
                .toList();
        assertThat(classes).extracting(JobClass::getClassification)
                .contains(Classification.PRIMARY, Classification.SECONDARY);
        // A class is published with the nodes its queuing process had seen when it solved: fewer than all three
        // when it solved before every node had beaten (or after the planner's task was set up again and the
        // queuing process rebuilt); the last publication covers the whole cluster.
        assertThat(classes).allSatisfy(c -> assertThat(c.getRatesByNode().keySet()).isSubsetOf("n1", "n2", "n3"));
        assertThat(classes.get(classes.size() - 1).getRatesByNode()).containsOnlyKeys("n1", "n2", "n3");
        var planDecoder = AvroSerde.of(ClassPlan.class, registry).deserializer();
        var plans = readAll(topics.plans().name()).stream()
                .map(r -> planDecoder.deserialize(r.topic(), r.value()))
                .toList();
        assertThat(plans).extracting(ClassPlan::getPlanId).contains("P", "S");
        assertThat(plans.get(plans.size() - 1).getSuggestedClasses()).containsOnlyKeys("n1", "n2", "n3");
        // COSHH put the input of the jobs that arrived once a node had beaten on the nodes suggesting their class;
        // the simulator read those layouts from data.placements, hence the same remote maps as in-process.
        assertThat(dataPlacements(topics, registry)).isNotEmpty().allSatisfy(data -> {
            assertThat(data.getPolicy()).isEqualTo("coshh");
            assertThat(data.getLayout().getNodes()).isSubsetOf("n1", "n2", "n3");
        });
        assertThat(run.deadLetters()).isZero();
    }

    /**
     * A policy that keeps its own view of the nodes (COSHH's node types and matchings, Salamander's plan, the makespan
     * policies' batch order and node pools, Reverse-Adaptive's capacity) drops a lost node in both planners at the
     * same heartbeat ({@code PlacementPolicy.onNodeLost}), so the decisions stay equal: a fast node of the two-type
     * cluster stops 30 s in, while it runs attempts and is in the plans. BalancedPools stands for Johnson too: one class, Johnson's
     * path with node pools added.
     */
    @ParameterizedTest
    @EnumSource(value = PolicyName.class, names = {"COSHH", "SALAMANDER", "BALANCED_POOLS", "REVERSE_ADAPTIVE"})
    void aPolicyWithItsOwnPlansDropsAFailedNodeThroughKafkaAsInProcess(PolicyName policy, TestInfo test,
                                                                        @TempDir Path stateDir) throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var registry = new InMemorySchemaRegistryClient();
        var cluster = ClusterSpec.of("two-types", List.of(node("n1", 2, 2.0), node("n2", 8, 8.0), node("n3", 8, 8.0)));
        var jobs = workload(16).stream().map(job -> withUser(job, job.jobId().hashCode() % 2 == 0 ? "alice" : "bob"))
                .toList();
        var pools = List.of(new Pool("alice", 3, 1), new Pool("bob", 0, 2));
        var settings = PolicySettings.defaults().withPools(pools).withCoshh(CoshhSettings.defaults().withSeed(7));
        var failed = SETTINGS.withNodeFailures(List.of(new NodeFailure("n2", jobs.get(0).submitTime()
                .plusSeconds(30))));
        var inProcess = new Simulation(cluster, jobs, OwnerLoad.NONE, pools,
                InProcessPlannerLink.of(policy, settings), failed, p -> { }).run();
        var withoutFailure = new Simulation(cluster, jobs, OwnerLoad.NONE, pools,
                InProcessPlannerLink.of(policy, settings), SETTINGS, p -> { }).run();

        var run = runWithPlanner(name, topics, registry, stateDir, policy, settings,
                link -> new Simulation(cluster, jobs, OwnerLoad.NONE, pools, link, failed, p -> { }).run());

        var overKafka = run.report();
        assertThat(inProcess.jobsCompleted()).isEqualTo(16);
        assertThat(inProcess.decisionDigest()).isNotEqualTo(withoutFailure.decisionDigest());
        assertThat(overKafka.jobsCompleted()).isEqualTo(16);
        assertThat(overKafka.decisionDigest()).isEqualTo(inProcess.decisionDigest());
        assertThat(run.deadLetters()).isZero();
        if (policy == PolicyName.COSHH) {
            // The loss re-solved both matchings without n2, and the planner published them.
            var planDecoder = AvroSerde.of(ClassPlan.class, registry).deserializer();
            var plans = readAll(topics.plans().name()).stream()
                    .map(r -> planDecoder.deserialize(r.topic(), r.value()))
                    .toList();
            assertThat(plans.get(plans.size() - 1).getSuggestedClasses()).containsOnlyKeys("n1", "n3");
        }
    }

    /**
     * The deadline policies through Kafka with the goals the bench and {@code gleaner replay --deadline-factor} give
     * ({@code DeadlineAssignment}: submission + 1..2 x the stand-alone time on the cluster): each decides as
     * in-process and meets and misses the same goals. The adaptive policy learns its jobs' task lengths from the
     * placements it made and the progress the cell reports (docs/policies/adaptive.md), RAS and Reverse-Adaptive
     * size each job by its goal (docs/policies/ras.md), EDF orders the queue by it (docs/policies/mdasa.md); through
     * Kafka each hears the same heartbeats and outcomes in the same order. At 1..2 the goals are tight enough to
     * change every one's decisions and for one of the twelve to be missed.
     */
    @ParameterizedTest
    @EnumSource(value = PolicyName.class, names = {"ADAPTIVE", "RAS", "REVERSE_ADAPTIVE", "EDF"})
    void aDeadlinePolicyWithTheBenchsGoalsDecidesThroughKafkaAsInProcess(PolicyName policy, TestInfo test,
                                                                          @TempDir Path stateDir) throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var registry = new InMemorySchemaRegistryClient();
        var withoutGoals = workload(12);
        var jobs = new DeadlineAssignment(1, 2, SETTINGS.seed(), FOUR_NODES, SETTINGS.heartbeatPeriod())
                .assignAll(withoutGoals);
        var settings = PolicySettings.defaults();
        var inProcess = new Simulation(FOUR_NODES, jobs, OwnerLoad.NONE, List.of(),
                InProcessPlannerLink.of(policy, settings), SETTINGS, p -> { }).run();
        var blind = new Simulation(FOUR_NODES, withoutGoals, OwnerLoad.NONE, List.of(),
                InProcessPlannerLink.of(policy, settings), SETTINGS, p -> { }).run();

        var run = runWithPlanner(name, topics, registry, stateDir, policy, settings,
                link -> new Simulation(FOUR_NODES, jobs, OwnerLoad.NONE, List.of(), link, SETTINGS, p -> { }).run());

        var overKafka = run.report();
        assertThat(inProcess.decisionDigest()).as("the goals change the decisions")
                .isNotEqualTo(blind.decisionDigest());
        assertThat(inProcess.deadlines().jobs()).isEqualTo(12);
        assertThat(inProcess.deadlines().late()).as("some goals missed").isPositive().isLessThan(12);
        assertThat(overKafka.jobsCompleted()).isEqualTo(12);
        assertThat(overKafka.decisionDigest()).isEqualTo(inProcess.decisionDigest());
        assertThat(overKafka.withoutPlannerCpu()).isEqualTo(inProcess.withoutPlannerCpu());
        assertThat(overKafka.deadlines()).isEqualTo(inProcess.deadlines());
        assertThat(run.deadLetters()).isZero();
    }

    @Test
    void cuckooThroughKafkaPlacesTheSameDataAndDecidesAsInProcess(TestInfo test, @TempDir Path stateDir)
            throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var registry = new InMemorySchemaRegistryClient();
        var jobs = workload(16);
        var settings = PolicySettings.defaults();
        // No forecaster runs here and the in-process forecasts have no history in their first hour: both sides
        // weigh the nodes by their free cores, so the weighted round robin must deal the same chunks.
        var inProcess = new Simulation(FOUR_NODES, jobs, OwnerLoad.NONE, List.of(),
                InProcessPlannerLink.of(PolicyName.CUCKOO, settings), SETTINGS, p -> { }).run();

        var run = runWithPlanner(name, topics, registry, stateDir, PolicyName.CUCKOO, settings,
                link -> new Simulation(FOUR_NODES, jobs, OwnerLoad.NONE, List.of(), link, SETTINGS, p -> { }).run());

        var overKafka = run.report();
        assertThat(overKafka.jobsCompleted()).isEqualTo(16);
        assertThat(overKafka.decisionDigest()).isEqualTo(inProcess.decisionDigest());
        assertThat(overKafka.withoutPlannerCpu()).isEqualTo(inProcess.withoutPlannerCpu());
        // the first job arrives before any node has beaten and keeps its written layout
        assertThat(dataPlacements(topics, registry)).hasSize(15).allSatisfy(data -> {
            assertThat(data.getPolicy()).isEqualTo("cuckoo");
            assertThat(data.getLayout().getNodes()).contains("n1", "n2", "n3", "n4");
        });
        assertThat(run.deadLetters()).isZero();
    }

    /**
     * MDASA answers each job with a deadline once, on its first heartbeat (docs/policies/mdasa.md): through Kafka it
     * decides as in-process, and every answer goes on {@code jobs.admissions}. Every fourth job's goal (5 s) is shorter
     * than one wave and is refused; the others have 20 min.
     */
    @Test
    void mdasaThroughKafkaDecidesAsInProcessAndAnswersEveryJobWithAGoal(TestInfo test, @TempDir Path stateDir)
            throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var registry = new InMemorySchemaRegistryClient();
        var jobs = new ArrayList<Job>();
        var workload = workload(12);
        for (int i = 0; i < workload.size(); i++) {
            var job = workload.get(i);
            var goal = job.submitTime().plusSeconds(i % 4 == 3 ? 5 : 1_200);
            jobs.add(job.withDeadline(Optional.of(goal)));
        }
        var settings = PolicySettings.defaults();
        var inProcess = new Simulation(FOUR_NODES, jobs, OwnerLoad.NONE, List.of(),
                InProcessPlannerLink.of(PolicyName.MDASA, settings), SETTINGS, p -> { }).run();

        var run = runWithPlanner(name, topics, registry, stateDir, PolicyName.MDASA, settings,
                link -> new Simulation(FOUR_NODES, jobs, OwnerLoad.NONE, List.of(), link, SETTINGS, p -> { }).run());

        var overKafka = run.report();
        assertThat(overKafka.jobsCompleted()).isEqualTo(12);
        assertThat(overKafka.decisionDigest()).isEqualTo(inProcess.decisionDigest());
        var decoder = AvroSerde.of(io.gleaner.schemas.avro.JobAdmission.class, registry).deserializer();
        var admissions = readAll(topics.jobsAdmissions().name()).stream()
                .map(r -> decoder.deserialize(r.topic(), r.value())).toList();
        assertThat(admissions).extracting(a -> a.getJobId().toString()).containsExactlyInAnyOrderElementsOf(
                jobs.stream().map(Job::jobId).toList());
        assertThat(admissions).filteredOn(a -> !a.getAccepted()).extracting(a -> a.getJobId().toString())
                .containsExactlyInAnyOrder("job-04", "job-08", "job-12");
        assertThat(run.deadLetters()).isZero();
    }

    /**
     * Salamander and Cuckoo plan over the forecasts of spare capacity. Through Kafka the forecaster stage learns the
     * owners' use (three hours before the run, then each round's samples) and the planner reads its
     * {@code forecasts}; in-process the same life ({@code SeriesLife}) learns the same samples with the same settings.
     * The lockstep waits each round until the planner's view holds the round's forecasts, so both decide the same.
     */
    @ParameterizedTest
    @EnumSource(value = PolicyName.class, names = {"SALAMANDER", "CUCKOO"})
    void aPolicyReadingForecastsDecidesThroughKafkaAsInProcess(PolicyName policy, TestInfo test,
                                                               @TempDir Path stateDir) throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var registry = new InMemorySchemaRegistryClient();
        var jobs = workload(16);
        var owners = ownersWithHistory(jobs.get(0).submitTime());
        var forecast = ForecastSettings.defaults();
        var settings = PolicySettings.defaults();
        var forecasts = new OwnerForecasts(Forecasters.standard(),
                OwnerForecastSettings.defaults().withForecast(forecast), owners);
        var inProcess = new Simulation(FOUR_NODES, jobs, owners, List.of(),
                InProcessPlannerLink.of(policy, settings, forecasts), SETTINGS, p -> { }).run();
        var withoutForecasts = new Simulation(FOUR_NODES, jobs, owners, List.of(),
                InProcessPlannerLink.of(policy, settings), SETTINGS, p -> { }).run();
        var forecasterConfig = ForecasterConfig.defaults().withSettings(forecast)
                .withStage(s -> s.withApplicationId("forecaster-" + name).withStateDir(stateDir.resolve("forecaster"))
                        .withBootstrapServers(kafka.bootstrapServers()).withTopicPrefix(topics.prefix())
                        .withRegistry(RegistryConfig.of("http://registry.invalid")));

        Run run;
        try (var forecaster = new ForecasterApp(forecasterConfig, registry, Forecasters.standard())) {
            forecaster.start();
            await().atMost(Duration.ofSeconds(60)).until(() -> forecaster.state() == KafkaStreams.State.RUNNING);
            run = runWithPlanner(name, topics, registry, stateDir, policy, settings,
                    Optional.of(forecasterConfig.stage().applicationId()), link -> {
                        link.sendOwnerHistory(owners);
                        return new Simulation(FOUR_NODES, jobs, owners, List.of(), link, SETTINGS, p -> { }).run();
                    });
        }

        var overKafka = run.report();
        assertThat(forecasts.refits()).as("forecasts issued in-process").isPositive();
        assertThat(inProcess.decisionDigest()).as("the forecasts change the decisions")
                .isNotEqualTo(withoutForecasts.decisionDigest());
        var forecastDecoder = AvroSerde.of(CapacityForecast.class, registry).deserializer();
        assertThat(readAll(topics.forecasts().name())).map(r -> forecastDecoder.deserialize(r.topic(), r.value()))
                .extracting(CapacityForecast::getNodeId).contains("n1", "n2", "n3", "n4");
        assertThat(overKafka.jobsCompleted()).isEqualTo(16);
        assertThat(overKafka.decisionDigest()).isEqualTo(inProcess.decisionDigest());
        assertThat(overKafka.withoutPlannerCpu()).isEqualTo(inProcess.withoutPlannerCpu());
        assertThat(run.deadLetters()).isZero();
        assertThat(readAll(topics.deadLetters().name())).isEmpty();
    }

    /**
     * Several cells (docs/cells.md): the router stage routes each job over the statuses the cells took the round
     * before, the heartbeats and reports go to their cells' tasks through the cell topics, and the run equals the
     * in-process run of as many cells, each with its own policy. The forecaster runs so that the cells' forecast spare
     * CPU, which the router weighs, is the same both ways.
     */
    @ParameterizedTest
    @EnumSource(value = PolicyName.class, names = {"FIFO", "FAIR"})
    void severalCellsThroughKafkaRouteAndDecideAsInProcess(PolicyName policy, TestInfo test, @TempDir Path stateDir)
            throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var registry = new InMemorySchemaRegistryClient();
        var cluster = nodes(8);
        var cellMap = new CellMap(3, CellBy.NODE_ID);
        var jobs = workload(24);
        var owners = ownersWithHistory(jobs.get(0).submitTime(), cluster);
        var forecast = ForecastSettings.defaults();
        var settings = PolicySettings.defaults();
        var forecasts = new OwnerForecasts(Forecasters.standard(),
                OwnerForecastSettings.defaults().withForecast(forecast), owners);
        var inProcessLink = InProcessPlannerLink.of(() -> Policies.create(policy, settings), forecasts, cellMap);
        var inProcess = new Simulation(cluster, jobs, owners, List.of(), inProcessLink, SETTINGS, p -> { }).run();
        var forecasterConfig = ForecasterConfig.defaults().withSettings(forecast)
                .withStage(s -> s.withApplicationId("forecaster-" + name).withStateDir(stateDir.resolve("forecaster"))
                        .withCommitIntervalMs(20)
                        .withBootstrapServers(kafka.bootstrapServers()).withTopicPrefix(topics.prefix())
                        .withRegistry(RegistryConfig.of("http://registry.invalid")));
        // Each round crosses three commits (router, cells, statuses) besides the forecaster's: short ones keep it quick.
        var plannerConfig = new PlannerConfig(StageSettings.defaults(PlannerConfig.NAME, "planner-" + name)
                .withCommitIntervalMs(20)
                .withStateDir(stateDir.resolve("planner")).withBootstrapServers(kafka.bootstrapServers())
                .withTopicPrefix(topics.prefix()).withRegistry(RegistryConfig.of("http://registry.invalid")),
                policy, settings, NodeLiveness.defaults(), RetryRules.defaults(), cellMap);

        SimulationReport overKafka;
        try (var forecaster = new ForecasterApp(forecasterConfig, registry, Forecasters.standard());
             var planner = new PlannerApp(plannerConfig, registry)) {
            forecaster.start();
            planner.start();
            await().atMost(Duration.ofSeconds(60)).until(() -> forecaster.state() == KafkaStreams.State.RUNNING
                    && planner.state() == KafkaStreams.State.RUNNING);
            var config = LockstepConfig.of(kafka.bootstrapServers(), topics, plannerConfig.stage().applicationId())
                    .withForecasts(new ForecastBarrier(forecasterConfig.stage().applicationId(),
                            planner::viewedForecast))
                    .withCells(new CellsBarrier(planner::viewedCellStatus));
            try (var link = SimulatorApp.connect(config, registry)) {
                link.sendOwnerHistory(owners);
                overKafka = new Simulation(cluster, jobs, owners, List.of(), link, SETTINGS, p -> { }).run();
                assertThat(link.deadLetters()).isZero();
            }
        }

        assertThat(inProcessLink.refusedJobs()).isEmpty();
        assertThat(overKafka.decisionDigest()).isEqualTo(inProcess.decisionDigest());
        assertThat(overKafka.jobsCompleted()).isEqualTo(inProcess.jobsCompleted()).isGreaterThan(20);
        assertThat(overKafka.withoutPlannerCpu()).isEqualTo(inProcess.withoutPlannerCpu());
        var routeDecoder = AvroSerde.of(JobRoute.class, registry).deserializer();
        var routes = readAll(topics.jobsRouted().name()).stream()
                .map(r -> routeDecoder.deserialize(r.topic(), r.value())).toList();
        assertThat(routes).extracting(JobRoute::getJobId).doesNotHaveDuplicates().hasSize(24);
        assertThat(routes).extracting(JobRoute::getCell).as("jobs in more than one cell")
                .doesNotContainNull().hasSizeGreaterThan(1).containsAnyOf(0).containsAnyOf(1, 2);
        var statusDecoder = AvroSerde.of(io.gleaner.schemas.avro.CellStatus.class, registry).deserializer();
        assertThat(readAll(topics.cellsStatus().name())).map(r -> statusDecoder.deserialize(r.topic(), r.value()))
                .extracting(io.gleaner.schemas.avro.CellStatus::getCell).contains(0, 1, 2);
        assertThat(readAll(topics.deadLetters().name())).isEmpty();
    }

    /**
     * Owners whose use differs by node and moves during the run, with three hours of history sampled every 3 min
     * (the forecaster's step), for every node of {@code cluster}.
     */
    private static OwnerLoad ownersWithHistory(Instant t0, ClusterSpec cluster) {
        var history = new TreeMap<String, List<OwnerSample>>();
        var run = new TreeMap<String, List<OwnerSample>>();
        for (int i = 0; i < cluster.nodes().size(); i++) {
            var node = cluster.nodes().get(i).nodeId();
            double level = 0.1 + 0.1 * (i % 6);
            var before = new ArrayList<OwnerSample>();
            for (int minutes = 180; minutes > 0; minutes -= 3) {
                double use = minutes > 60 && minutes <= 120 ? Math.min(1, level + 0.2) : level;
                before.add(new OwnerSample(t0.minusSeconds(60L * minutes), use, use));
            }
            history.put(node, before);
            run.put(node, List.of(new OwnerSample(t0, level, level),
                    new OwnerSample(t0.plusSeconds(60), Math.min(1, level + 0.15), level)));
        }
        return new OwnerLoad(run, history);
    }

    /**
     * Salamander with a plan delay (docs/operations.md#plans-off-the-stream-thread): the planner computes each plan on
     * its worker over a copy of the forecasts it read, and puts it in force 6 s of event time later; in-process the
     * plan is computed at the request on the caller's thread and put in force at the same event time. Same decisions.
     */
    @Test
    void salamanderPlanningOffTheStreamThreadDecidesThroughKafkaAsInProcess(TestInfo test, @TempDir Path stateDir)
            throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var registry = new InMemorySchemaRegistryClient();
        var jobs = workload(16);
        var owners = ownersWithHistory(jobs.get(0).submitTime());
        var forecast = ForecastSettings.defaults();
        var settings = PolicySettings.defaults().withPlanDelay(Duration.ofSeconds(6));
        var inProcess = new Simulation(FOUR_NODES, jobs, owners, List.of(),
                InProcessPlannerLink.of(PolicyName.SALAMANDER, settings, new OwnerForecasts(Forecasters.standard(),
                        OwnerForecastSettings.defaults().withForecast(forecast), owners)), SETTINGS, p -> { }).run();
        var atOnce = new Simulation(FOUR_NODES, jobs, owners, List.of(),
                InProcessPlannerLink.of(PolicyName.SALAMANDER, PolicySettings.defaults(),
                        new OwnerForecasts(Forecasters.standard(),
                                OwnerForecastSettings.defaults().withForecast(forecast), owners)), SETTINGS, p -> { })
                .run();
        var forecasterConfig = ForecasterConfig.defaults().withSettings(forecast)
                .withStage(s -> s.withApplicationId("forecaster-" + name).withStateDir(stateDir.resolve("forecaster"))
                        .withBootstrapServers(kafka.bootstrapServers()).withTopicPrefix(topics.prefix())
                        .withRegistry(RegistryConfig.of("http://registry.invalid")));

        Run run;
        try (var forecaster = new ForecasterApp(forecasterConfig, registry, Forecasters.standard())) {
            forecaster.start();
            await().atMost(Duration.ofSeconds(60)).until(() -> forecaster.state() == KafkaStreams.State.RUNNING);
            run = runWithPlanner(name, topics, registry, stateDir, PolicyName.SALAMANDER, settings,
                    Optional.of(forecasterConfig.stage().applicationId()), link -> {
                        link.sendOwnerHistory(owners);
                        return new Simulation(FOUR_NODES, jobs, owners, List.of(), link, SETTINGS, p -> { }).run();
                    });
        }

        assertThat(inProcess.decisionDigest()).as("the delay changes when plans take effect")
                .isNotEqualTo(atOnce.decisionDigest());
        assertThat(run.report().jobsCompleted()).isEqualTo(inProcess.jobsCompleted()).isEqualTo(16);
        assertThat(run.report().decisionDigest()).isEqualTo(inProcess.decisionDigest());
        assertThat(run.deadLetters()).isZero();
    }

    /**
     * Owners whose use differs by node and moves during the run, with three hours of history sampled every 3 min
     * (the forecaster's step): its refit boundaries (hourly) fall inside the history, so a forecast is in force
     * from the first round.
     */
    private static OwnerLoad ownersWithHistory(Instant t0) {
        var levels = Map.of("n1", 0.7, "n2", 0.1, "n3", 0.5, "n4", 0.3);
        var history = new TreeMap<String, List<OwnerSample>>();
        var run = new TreeMap<String, List<OwnerSample>>();
        levels.forEach((node, level) -> {
            var before = new ArrayList<OwnerSample>();
            for (int minutes = 180; minutes > 0; minutes -= 3) {
                // a busier owner in the second hour of every three: the quantile forecast sees the peak
                double use = minutes > 60 && minutes <= 120 ? Math.min(1, level + 0.2) : level;
                before.add(new OwnerSample(t0.minusSeconds(60L * minutes), use, use));
            }
            history.put(node, before);
            run.put(node, List.of(new OwnerSample(t0, level, level),
                    new OwnerSample(t0.plusSeconds(60), Math.min(1, level + 0.15), level)));
        });
        return new OwnerLoad(run, history);
    }

    /** Every record on {@code data.placements}, decoded, in partition and offset order. */
    private static List<io.gleaner.schemas.avro.DataPlacement> dataPlacements(Topics topics,
                                                                              SchemaRegistryClient registry) {
        var decoder = AvroSerde.of(io.gleaner.schemas.avro.DataPlacement.class, registry).deserializer();
        return readAll(topics.dataPlacements().name()).stream()
                .map(r -> decoder.deserialize(r.topic(), r.value()))
                .toList();
    }

    private static Job withUser(Job job, String user) {
        return new Job(job.jobId(), job.jobName(), user, job.queue(), job.priority(), job.submitTime(), job.deadline(),
                job.inputBytes(), job.shuffleBytes(), job.outputBytes(), job.taskGroups());
    }

    @Test
    void undecodablePlacementBecomesADeadLetterAndTheRunGoesOn(TestInfo test, @TempDir Path stateDir)
            throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var registry = new InMemorySchemaRegistryClient();
        var jobs = workload(2);
        // Magic byte 0, then schema id 99, which the registry never gave out.
        var garbage = new byte[] {0, 0, 0, 0, 99, 1, 2, 3};

        var run = runWithPlanner(name, topics, registry, stateDir, link -> {
            try (var producer = new KafkaProducer<>(Map.<String, Object>of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
                    new StringSerializer(), new ByteArraySerializer())) {
                producer.send(new ProducerRecord<>(topics.placements().name(), "n1", garbage)).get();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return new Simulation(CLUSTER, jobs, link, SETTINGS).run();
        });

        assertThat(run.report().jobsCompleted()).isEqualTo(2);
        assertThat(run.deadLetters()).isEqualTo(1);
        var decoder = new AvroDeserializer<>(DeadLetter.class, registry);
        assertThat(readAll(topics.deadLetters().name()))
                .map(r -> decoder.deserialize(r.topic(), r.value()))
                .singleElement().satisfies(dead -> {
                    assertThat(dead.getSourceTopic()).isEqualTo(topics.placements().name());
                    assertThat(dead.getStage()).isEqualTo(KafkaPlannerLink.STAGE);
                    assertThat(dead.getReason()).contains("schema id 99");
                    assertThat(dead.getValue().array()).isEqualTo(garbage);
                });
    }

    @Test
    void roundFailsNamingTheGroupAndOffsetsWhenNoPlannerAnswers(TestInfo test) throws Exception {
        var name = unique(test);
        var topics = createTopics(name);
        var config = new LockstepConfig(kafka.bootstrapServers(), topics, "nobody-" + name, Duration.ofSeconds(1),
                LockstepConfig.DEFAULT_POLL_INTERVAL);

        try (var link = SimulatorApp.connect(config, new InMemorySchemaRegistryClient())) {
            var simulation = new Simulation(CLUSTER, workload(1), link, SETTINGS);

            assertThatThrownBy(simulation::step)
                    .isInstanceOf(LockstepTimeoutException.class)
                    .hasMessageContaining("planner group 'nobody-" + name + "'")
                    // The round waits for its job to be committed before it sends any heartbeat.
                    .hasMessageContaining(topics.jobsSubmitted().name() + "-0=committed none < end 1")
                    .hasMessageNotContaining(topics.nodesHeartbeats().name());
        }
    }

    private record Run(SimulationReport report, long deadLetters) {
    }

    /** Starts the planner app (FIFO) on the topics, opens a lockstep link to it and runs {@code simulate}. */
    private static Run runWithPlanner(String name, Topics topics, SchemaRegistryClient registry, Path stateDir,
                                      Function<KafkaPlannerLink, SimulationReport> simulate) {
        return runWithPlanner(name, topics, registry, stateDir, PolicyName.FIFO, PolicySettings.defaults(), simulate);
    }

    /** Starts the planner app with {@code policy} on the topics, opens a lockstep link to it and runs {@code simulate}. */
    private static Run runWithPlanner(String name, Topics topics, SchemaRegistryClient registry, Path stateDir,
                                      PolicyName policy, PolicySettings settings,
                                      Function<KafkaPlannerLink, SimulationReport> simulate) {
        return runWithPlanner(name, topics, registry, stateDir, policy, settings, Optional.empty(), simulate);
    }

    /**
     * The same, each round also waiting for the forecasts of the forecaster whose application id is
     * {@code forecaster}, when given.
     */
    private static Run runWithPlanner(String name, Topics topics, SchemaRegistryClient registry, Path stateDir,
                                      PolicyName policy, PolicySettings settings, Optional<String> forecaster,
                                      Function<KafkaPlannerLink, SimulationReport> simulate) {
        var plannerConfig = new PlannerConfig(StageSettings.defaults(PlannerConfig.NAME, "planner-" + name)
                .withStateDir(stateDir).withBootstrapServers(kafka.bootstrapServers()).withTopicPrefix(topics.prefix())
                .withRegistry(RegistryConfig.of("http://registry.invalid")), policy, settings);
        try (var planner = new PlannerApp(plannerConfig, registry)) {
            planner.start();
            await().atMost(Duration.ofSeconds(60)).until(() -> planner.state() == KafkaStreams.State.RUNNING);
            var lockstep = LockstepConfig.of(kafka.bootstrapServers(), topics, plannerConfig.stage().applicationId());
            var config = forecaster.map(id -> lockstep.withForecasts(new ForecastBarrier(id, planner::viewedForecast)))
                    .orElse(lockstep);
            try (var link = SimulatorApp.connect(config, registry)) {
                var report = simulate.apply(link);
                return new Run(report, link.deadLetters());
            }
        }
    }

    private static String unique(TestInfo test) {
        var method = test.getTestMethod().orElseThrow().getName();
        return method.substring(0, Math.min(12, method.length())) + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static Topics createTopics(String name) throws Exception {
        var topics = Topics.withPrefix(name + ".");
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
            admin.createTopics(topics.all().stream()
                    .map(t -> new NewTopic(t.name(), t.partitions(), (short) 1).configs(t.configs()))
                    .toList()).all().get();
        }
        return topics;
    }

    /** Every committed record of {@code topic}. */
    private static List<ConsumerRecord<String, byte[]>> readAll(String topic) {
        var props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        try (var consumer = new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer())) {
            var partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            var ends = consumer.endOffsets(partitions);
            var records = new ArrayList<ConsumerRecord<String, byte[]>>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(records::add);
                return partitions.stream().allMatch(tp -> consumer.position(tp) >= ends.get(tp));
            });
            return records;
        }
    }
}
