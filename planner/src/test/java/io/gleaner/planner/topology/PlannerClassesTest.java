package io.gleaner.planner.topology;

import static io.gleaner.planner.topology.PlannerEvents.heartbeat;
import static io.gleaner.planner.topology.PlannerEvents.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.classifier.estimate.NodeType;
import io.gleaner.classifier.estimate.ProfileBuilder;
import io.gleaner.classifier.estimate.TaskRun;
import io.gleaner.classifier.profiles.ProfileRecords;
import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.coshh.CoshhSettings;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.ClassPlan;
import io.gleaner.schemas.avro.Classification;
import io.gleaner.schemas.avro.JobClass;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
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
    private TestInputTopic<String, JobProfile> profiles;

    @BeforeEach
    void startDriver() {
        start(CoshhSettings.defaults());
    }

    private void start(CoshhSettings coshh) {
        var config = PlannerConfig.defaults().withStage(s -> s.withStateDir(stateDir).withTopicPrefix("test."))
                .withPolicy(PolicyName.COSHH)
                .withPolicySettings(PolicySettings.defaults().withPools(List.of(new Pool("alice", 2, 1),
                        new Pool("bob", 0, 2))).withCoshh(coshh));
        driver = new TopologyTestDriver(PlannerTopology.build(topics, serdes, config, PlannerEvents.NO_GLOBAL_DEAD_LETTERS),
                config.streamsProperties());
        var keys = new StringSerializer();
        jobs = driver.createInputTopic(topics.jobsSubmitted().name(), keys, serdes.jobSubmitted().serializer());
        heartbeats = driver.createInputTopic(topics.nodesHeartbeats().name(), keys, serdes.nodeHeartbeat().serializer());
        placements = driver.createOutputTopic(topics.placements().name(), new StringDeserializer(),
                serdes.placementDecision().deserializer());
        classes = driver.createOutputTopic(topics.jobsClasses().name(), new StringDeserializer(),
                serdes.jobClass().deserializer());
        plans = driver.createOutputTopic(topics.plans().name(), new StringDeserializer(),
                serdes.classPlan().deserializer());
        profiles = driver.createInputTopic(topics.jobsProfiles().name(), keys, serdes.jobProfile().serializer());
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
    void shouldRateAJobWhoseNameHasAProfileOnJobsProfilesFromThatProfile() {
        // The heartbeat's node: 4 slots, 16 cores, 64 GiB, 2 GFLOP/s. name-a1 ran before with maps of 1 s there.
        var nodeType = NodeType.of(4, 16, 64L << 30, 2.0).name();
        var runs = new ArrayList<TaskRun>();
        for (int t = 0; t < 4; t++) {
            runs.add(TaskRun.map("old", "name-a1", nodeType, Instant.EPOCH, Instant.ofEpochSecond(1), 64L << 20));
        }
        profiles.pipeInput("name-a1",
                ProfileRecords.toAvro(ProfileBuilder.fromRun(runs)), 500);
        submit(job("a1", "bob", 1_000, 4, 0));

        beat(heartbeat("n1", 3_000, 2));

        // 4 maps x 1 s on one slot: 0.25 jobs/s per slot, 4 slots.
        var published = classes.readKeyValuesToList();
        assertThat(published).filteredOn(kv -> kv.value.getClassification() == Classification.SECONDARY)
                .singleElement()
                .satisfies(kv -> assertThat(kv.value.getRatesByNode().get("n1")).isCloseTo(1.0, within(1e-9)));
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

    @Test
    void shouldTombstoneAClassThatAJobPublishedWhenAHeartbeatsPublicationLacksIt() {
        // A history of two jobs, so that a job leaves it, and its class with it, when the third comes.
        driver.close();
        start(new CoshhSettings(0, true, true, true, true, 2));
        beat(heartbeat("n1", 1_000, 0));
        submit(job("a1", "alice", 2_000, 1, 0));
        // bob's job is far from alice's, so the secondary classification is re-run, on the job: S-1 and S-2
        submit(job("b1", "bob", 3_000, 400, 0));
        var first = classes.readKeyValuesToList();
        assertThat(first.get(first.size() - 1).key).isEqualTo("S-2");
        assertThat(first.get(first.size() - 1).value.getMemberJobIds()).containsExactly("a1");
        // b2 fits b1's class, and a1 leaves the secondary history: S-2 is dropped, with no re-run to publish it
        submit(job("b2", "bob", 4_000, 400, 0));
        assertThat(classes.isEmpty()).isTrue();

        // A new node makes the heartbeat's processor solve and publish again.
        beat(heartbeat("n2", 5_000, 1));

        var second = classes.readKeyValuesToList();
        assertThat(second).filteredOn(kv -> kv.value == null).extracting(kv -> kv.key).containsExactly("S-2");
        assertThat(second).filteredOn(kv -> kv.value != null).extracting(kv -> kv.key)
                .containsExactlyInAnyOrder("P-1", "S-1");
    }
}
