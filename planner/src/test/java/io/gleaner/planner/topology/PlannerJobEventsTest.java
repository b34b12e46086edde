package io.gleaner.planner.topology;

import static io.gleaner.planner.topology.PlannerEvents.heartbeat;
import static io.gleaner.planner.topology.PlannerEvents.ids;
import static io.gleaner.planner.topology.PlannerEvents.job;
import static io.gleaner.planner.topology.PlannerEvents.report;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.PlannerSettingsDef;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobEvent;
import io.gleaner.schemas.avro.JobEventType;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.PlannerNodeState;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The planner topology's {@code jobs.events}, refusals and reservations (docs/retries-and-reservations.md). */
class PlannerJobEventsTest {

    private final Topics topics = Topics.withPrefix("test.");
    private final PlannerSerdes serdes = PlannerSerdes.with(new InMemorySchemaRegistryClient());

    @TempDir
    Path stateDir;

    private TopologyTestDriver driver;
    private TestInputTopic<String, JobSubmitted> jobs;
    private TestInputTopic<String, NodeHeartbeat> heartbeats;
    private TestInputTopic<String, TaskReport> reports;
    private TestOutputTopic<String, PlacementDecision> placements;
    private TestOutputTopic<String, JobEvent> events;
    private TestOutputTopic<String, DeadLetter> deadLetters;

    @BeforeEach
    void startDriver() {
        var config = PlannerConfig.defaults().withStage(s -> s.withStateDir(stateDir).withTopicPrefix("test."));
        driver = new TopologyTestDriver(PlannerTopology.build(topics, serdes, config,
                PlannerEvents.NO_GLOBAL_DEAD_LETTERS), config.streamsProperties());
        startTopics();
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

    private void send(TaskReport report) {
        reports.pipeInput(report.getJobId(), report, report.getTime());
    }

    @Test
    void shouldPublishTheJobLifeCycleKeyedByJobAndStampedWithItsEventTime() {
        submit(job("j1", 1_000, 1, 1));
        beat(heartbeat("n1", 3_000, 4));
        var map = placements.readValue();
        send(report(map, TaskState.SUCCEEDED, 4_000));
        beat(heartbeat("n1", 5_000, 4));
        var reduce = placements.readValue();
        send(report(reduce, TaskState.SUCCEEDED, 6_000));

        var records = events.readRecordsToList();
        assertThat(records).extracting(TestRecord::key).containsOnly("j1");
        assertThat(records).extracting(record -> record.value().getType())
                .containsExactly(JobEventType.SUBMITTED, JobEventType.STARTED, JobEventType.SUCCEEDED);
        assertThat(records).extracting(TestRecord::getRecordTime).containsExactly(Instant.ofEpochMilli(1_000),
                Instant.ofEpochMilli(3_000), Instant.ofEpochMilli(6_000));
        assertThat(records.get(2).value().getSucceededTasks()).isEqualTo(2);
        assertThat(reduce.getMapOutputs()).singleElement().satisfies(outputs -> {
            assertThat(outputs.getNodeId()).isEqualTo("n1");
            assertThat(outputs.getMaps()).extracting(m -> m.getTaskIndex() + "/" + m.getAttempt())
                    .containsExactly("0/0");
        });
        assertThat(events.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldFreeTheReservationAndRelaunchWhenTheExecutorRefusesWithAReason() {
        submit(job("j1", 1_000, 1, 0));
        beat(heartbeat("n1", 3_000, 1));
        var first = placements.readValue();
        KeyValueStore<String, PlannerNodeState> standings = driver.getKeyValueStore(PlannerStores.NODE_STANDINGS);
        var reservedBefore = List.copyOf(standings.get("n1").getReserved());

        send(TaskReport.newBuilder(report(first, TaskState.REFUSED, 4_000)).setReason("no GPU here").build());
        beat(heartbeat("n1", 5_000, 1));

        assertThat(reservedBefore).containsExactly("j1/m/0/0");
        assertThat(ids(placements.readValuesToList())).containsExactly("j1/m/0/1");
        assertThat(standings.get("n1").getReserved()).containsExactly("j1/m/0/1");
        assertThat(placements.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterARefusalWithoutAReasonAndPlaceNothingTwice() {
        submit(job("j1", 1_000, 1, 0));
        beat(heartbeat("n1", 3_000, 1));
        var first = placements.readValue();

        send(report(first, TaskState.REFUSED, 4_000));
        // the node has not listed j1/m/0/0 yet: its one slot stays reserved
        beat(heartbeat("n1", 5_000, 1));

        assertThat(deadLetters.readValue().getReason()).contains("reason must be given when state is REFUSED");
        assertThat(placements.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldPublishTheFailureOfAJobWhoseTaskReachedTheAttemptLimit() {
        driver.close();
        var config = PlannerConfig.defaults().withStage(s -> s.withStateDir(stateDir.resolve("one-try"))
                .withTopicPrefix("test.")).withRetryRules(PlannerConfig.from(
                        java.util.Map.of(PlannerSettingsDef.key(PlannerSettingsDef.MAX_ATTEMPTS), "1")).retryRules());
        driver = new TopologyTestDriver(PlannerTopology.build(topics, serdes, config,
                PlannerEvents.NO_GLOBAL_DEAD_LETTERS), config.streamsProperties());
        startTopics();
        submit(job("j1", 1_000, 2, 0));
        beat(heartbeat("n1", 3_000, 4));
        var placed = placements.readValuesToList();

        send(TaskReport.newBuilder(report(placed.get(0), TaskState.FAILED, 4_000)).setReason("exit 2").build());
        send(report(placed.get(1), TaskState.SUCCEEDED, 5_000));

        var failed = events.readValuesToList().get(2);
        assertThat(failed.getType()).isEqualTo(JobEventType.FAILED);
        assertThat(failed.getReason()).contains("j1/m/0 failed 1 times").contains("exit 2");
        assertThat(failed.getFailedAttempts()).isEqualTo(1);
        assertThat(events.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    private void startTopics() {
        var keys = new StringSerializer();
        jobs = driver.createInputTopic(topics.jobsSubmitted().name(), keys, serdes.jobSubmitted().serializer());
        heartbeats = driver.createInputTopic(topics.nodesHeartbeats().name(), keys, serdes.nodeHeartbeat().serializer());
        reports = driver.createInputTopic(topics.tasksReports().name(), keys, serdes.taskReport().serializer());
        placements = driver.createOutputTopic(topics.placements().name(), new StringDeserializer(),
                serdes.placementDecision().deserializer());
        events = driver.createOutputTopic(topics.jobsEvents().name(), new StringDeserializer(),
                serdes.jobEvent().deserializer());
        deadLetters = driver.createOutputTopic(topics.deadLetters().name(), new StringDeserializer(),
                serdes.deadLetter().deserializer());
    }
}
