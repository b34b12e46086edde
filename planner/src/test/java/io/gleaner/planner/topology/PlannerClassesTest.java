package io.gleaner.planner.topology;

import static io.gleaner.planner.topology.PlannerEvents.heartbeat;
import static io.gleaner.planner.topology.PlannerEvents.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.PlannerApp;
import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.PolicySettings;
import io.gleaner.planner.core.Pool;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.ClassPlan;
import io.gleaner.schemas.avro.Classification;
import io.gleaner.schemas.avro.JobClass;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.nio.file.Path;
import java.util.List;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The planner running COSHH publishes its queuing process's classes on jobs.classes and both plans on plans. */
class PlannerClassesTest {

    private final Topics topics = Topics.withPrefix("test.");
    private final PlannerSerdes serdes = PlannerSerdes.with(new InMemorySchemaRegistryClient());

    @TempDir
    Path stateDir;

    private TopologyTestDriver driver;
    private TestInputTopic<String, JobSubmitted> jobs;
    private TestInputTopic<String, NodeHeartbeat> heartbeats;
    private TestOutputTopic<String, PlacementDecision> placements;
    private TestOutputTopic<String, JobClass> classes;
    private TestOutputTopic<String, ClassPlan> plans;

    @BeforeEach
    void startDriver() {
        var config = PlannerConfig.defaults().withStateDir(stateDir).withTopicPrefix("test.")
                .withPolicy(PolicyName.COSHH)
                .withPolicySettings(PolicySettings.defaults().withPools(List.of(new Pool("alice", 2, 1),
                        new Pool("bob", 0, 2))));
        driver = new TopologyTestDriver(PlannerTopology.build(topics, serdes, config),
                PlannerApp.streamsProperties(config));
        var keys = new StringSerializer();
        jobs = driver.createInputTopic(topics.jobsSubmitted().name(), keys, serdes.jobSubmitted().serializer());
        heartbeats = driver.createInputTopic(topics.nodesHeartbeats().name(), keys, serdes.nodeHeartbeat().serializer());
        placements = driver.createOutputTopic(topics.placements().name(), new StringDeserializer(),
                serdes.placementDecision().deserializer());
        classes = driver.createOutputTopic(topics.jobsClasses().name(), new StringDeserializer(),
                serdes.jobClass().deserializer());
        plans = driver.createOutputTopic(topics.plans().name(), new StringDeserializer(),
                serdes.classPlan().deserializer());
    }

    @AfterEach
    void closeDriver() {
        driver.close();
    }

    private void submit(JobSubmitted job) {
        jobs.pipeInput(job.getJobId(), job, job.getSubmitTime());
    }

    private void beat(NodeHeartbeat heartbeat) {
        heartbeats.pipeInput(heartbeat.getNodeId(), heartbeat, heartbeat.getTime());
    }

    @Test
    void shouldPublishBothClassificationsAndBothPlansWhenTheQueuingProcessSolves() {
        submit(job("a1", "alice", 1_000, 4, 1));
        submit(job("b1", "bob", 2_000, 4, 1));

        beat(heartbeat("n1", 3_000, 2));

        assertThat(placements.readValuesToList()).hasSize(2);
        var published = classes.readKeyValuesToList();
        assertThat(published).extracting(kv -> kv.value.getClassification())
                .contains(Classification.PRIMARY, Classification.SECONDARY);
        // alice has a min share, so her job is in a primary class; both jobs are in secondary classes.
        var primaryMembers = published.stream().filter(kv -> kv.value.getClassification() == Classification.PRIMARY)
                .flatMap(kv -> kv.value.getMemberJobIds().stream()).toList();
        var secondaryMembers = published.stream().filter(kv -> kv.value.getClassification() == Classification.SECONDARY)
                .flatMap(kv -> kv.value.getMemberJobIds().stream()).toList();
        assertThat(primaryMembers).containsExactly("a1");
        assertThat(secondaryMembers).containsExactlyInAnyOrder("a1", "b1");
        assertThat(published).allSatisfy(kv -> {
            assertThat(kv.key).isEqualTo(kv.value.getClassId());
            assertThat(kv.value.getRatesByNode()).containsOnlyKeys("n1");
            assertThat(kv.value.getArrivalRate()).isPositive();
        });
        var planRecords = plans.readKeyValuesToList();
        assertThat(planRecords).extracting(kv -> kv.key).containsExactly("P", "S");
        assertThat(planRecords).allSatisfy(kv -> {
            assertThat(kv.value.getSuggestedClasses()).containsOnlyKeys("n1");
            assertThat(kv.value.getLambda()).isPositive();
        });
    }

    @Test
    void shouldPublishAgainOnlyWhenTheQueuingProcessSolvesAgain() {
        submit(job("a1", "alice", 1_000, 4, 1));
        beat(heartbeat("n1", 3_000, 1));
        var first = classes.readKeyValuesToList();
        plans.readKeyValuesToList();

        beat(heartbeat("n1", 6_000, 1));
        assertThat(classes.readKeyValuesToList()).isEmpty();
        assertThat(plans.readKeyValuesToList()).isEmpty();

        // A second node (of the same type) changes the LP's resources: both plans again, the classes again.
        beat(heartbeat("n2", 6_000, 1));
        var second = classes.readKeyValuesToList();
        assertThat(second).extracting(kv -> kv.key).containsExactlyElementsOf(first.stream().map(kv -> kv.key).toList());
        assertThat(plans.readKeyValuesToList()).hasSize(2)
                .allSatisfy(kv -> assertThat(kv.value.getSuggestedClasses()).containsOnlyKeys("n1", "n2"));
        assertThat(second).noneMatch(kv -> kv.value == null);
    }
}
