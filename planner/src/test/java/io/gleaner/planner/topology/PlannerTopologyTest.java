package io.gleaner.planner.topology;

import static io.gleaner.planner.topology.PlannerEvents.heartbeat;
import static io.gleaner.planner.topology.PlannerEvents.ids;
import static io.gleaner.planner.topology.PlannerEvents.job;
import static io.gleaner.planner.topology.PlannerEvents.report;
import static io.gleaner.planner.topology.PlannerEvents.withOneReplicaOn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.PlannerSettingsDef;
import io.gleaner.planner.core.JobOrder;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.TaskAttempt;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.PlannerJobState;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskSpec;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.runtime.StageSettings;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.errors.TopologyException;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlannerTopologyTest {

    private final Topics topics = Topics.withPrefix("test.");
    private final PlannerSerdes serdes = PlannerSerdes.with(new InMemorySchemaRegistryClient());

    @TempDir
    Path stateDir;

    private TopologyTestDriver driver;
    private TestInputTopic<String, JobSubmitted> jobs;
    private TestInputTopic<String, NodeHeartbeat> heartbeats;
    private TestInputTopic<String, TaskReport> reports;
    private TestInputTopic<String, byte[]> rawJobs;
    private TestOutputTopic<String, PlacementDecision> placements;
    private TestOutputTopic<String, DeadLetter> deadLetters;

    @BeforeEach
    void startDriver() {
        start(PlannerConfig.defaults().withStage(s -> s.withStateDir(stateDir).withTopicPrefix("test.")));
    }

    /** Runs the topology of {@code config} (with the test's topics) from now on. */
    private void start(PlannerConfig config) {
        driver = new TopologyTestDriver(PlannerTopology.build(topics, serdes, config, PlannerEvents.NO_GLOBAL_DEAD_LETTERS),
                config.streamsProperties());
        var keys = new StringSerializer();
        jobs = driver.createInputTopic(topics.jobsSubmitted().name(), keys, serdes.jobSubmitted().serializer());
        heartbeats = driver.createInputTopic(topics.nodesHeartbeats().name(), keys, serdes.nodeHeartbeat().serializer());
        reports = driver.createInputTopic(topics.tasksReports().name(), keys, serdes.taskReport().serializer());
        rawJobs = driver.createInputTopic(topics.jobsSubmitted().name(), keys, new ByteArraySerializer());
        placements = driver.createOutputTopic(topics.placements().name(), new StringDeserializer(),
                serdes.placementDecision().deserializer());
        deadLetters = driver.createOutputTopic(topics.deadLetters().name(), new StringDeserializer(),
                serdes.deadLetter().deserializer());
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
    void shouldRunOneBuiltTopologyInTwoInstancesWithoutSharingTheirCells() {
        var base = PlannerConfig.defaults().withStage(s -> s.withTopicPrefix("test."));
        var topology = PlannerTopology.build(topics, serdes, base, PlannerEvents.NO_GLOBAL_DEAD_LETTERS);
        var a = base.withStage(s -> s.withStateDir(stateDir.resolve("a")));
        var b = base.withStage(s -> s.withStateDir(stateDir.resolve("b")));
        try (var first = new TopologyTestDriver(topology, a.streamsProperties());
             var second = new TopologyTestDriver(topology, b.streamsProperties())) {
            var keys = new StringSerializer();
            first.createInputTopic(topics.jobsSubmitted().name(), keys, serdes.jobSubmitted().serializer())
                    .pipeInput("j1", job("j1", 1_000, 2, 0), 1_000);
            var secondBeats = second.createInputTopic(topics.nodesHeartbeats().name(), keys,
                    serdes.nodeHeartbeat().serializer());
            var firstBeats = first.createInputTopic(topics.nodesHeartbeats().name(), keys,
                    serdes.nodeHeartbeat().serializer());

            secondBeats.pipeInput("n1", heartbeat("n1", 3_000, 2), 3_000);
            firstBeats.pipeInput("n1", heartbeat("n1", 3_000, 2), 3_000);

            var valueReader = serdes.placementDecision().deserializer();
            assertThat(second.createOutputTopic(topics.placements().name(), new StringDeserializer(), valueReader)
                    .isEmpty()).as("the second instance was given no job").isTrue();
            assertThat(ids(first.createOutputTopic(topics.placements().name(), new StringDeserializer(), valueReader)
                    .readValuesToList())).containsExactly("j1/m/0/0", "j1/m/1/0");
        }
    }

    @Test
    void shouldAnswerAHeartbeatWithPlacementsKeyedByNodeAndStampedWithItsTime() {
        submit(job("j1", 1_000, 3, 1));

        beat(heartbeat("n1", 3_000, 2));

        var records = placements.readRecordsToList();
        assertThat(records).extracting(TestRecord::key).containsExactly("n1", "n1");
        assertThat(records).extracting(TestRecord::getRecordTime)
                .containsOnly(Instant.ofEpochMilli(3_000));
        assertThat(ids(records.stream().map(TestRecord::value).toList())).containsExactly("j1/m/0/0", "j1/m/1/0");
        var first = records.get(0).value();
        assertThat(first.getEpoch()).isEqualTo(3_000);
        assertThat(first.getNotBefore()).isEqualTo(Instant.ofEpochMilli(3_000));
        assertThat(first.getPolicy()).isEqualTo("fifo");
        assertThat(first.getChunk().getDataset()).isEqualTo("d-j1");
        assertThat(placements.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldPlaceReducesOnlyAfterAllMapsSucceeded() {
        submit(job("j1", 1_000, 2, 1));
        beat(heartbeat("n1", 3_000, 4));
        var maps = placements.readValuesToList();

        send(report(maps.get(0), TaskState.SUCCEEDED, 4_000));
        beat(heartbeat("n1", 6_000, 3));
        var afterOneMap = placements.readValuesToList();
        send(report(maps.get(1), TaskState.SUCCEEDED, 7_000));
        beat(heartbeat("n1", 9_000, 4));
        var afterBothMaps = placements.readValuesToList();

        assertThat(ids(maps)).containsExactly("j1/m/0/0", "j1/m/1/0");
        assertThat(afterOneMap).isEmpty();
        assertThat(ids(afterBothMaps)).containsExactly("j1/r/0/0");
        assertThat(placements.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldPutEachAttemptsResolvedSpecOnItsPlacementAndTellReducesWhereTheMapsWrote() {
        var job = job("j1", 1_000, 2, 1);
        job.getTasks().get(0).setSpec(TaskSpec.newBuilder().setCommand(List.of("wc", "-l"))
                .setInputLocation("s3://in/{dataset}/{chunk}").setOutputLocation("s3://out/{job}/{kind}/{task}.{attempt}")
                .build());
        submit(job);
        beat(heartbeat("n1", 3_000, 4));
        var maps = placements.readValuesToList();

        send(report(maps.get(0), TaskState.SUCCEEDED, 4_000));
        send(report(maps.get(1), TaskState.SUCCEEDED, 5_000));
        beat(heartbeat("n1", 6_000, 4));
        var reduce = placements.readValue();

        assertThat(maps.get(1).getSpec().getInputLocation()).isEqualTo("s3://in/d-j1/1");
        assertThat(maps.get(1).getSpec().getOutputLocation()).isEqualTo("s3://out/j1/map/1.0");
        assertThat(maps.get(1).getSpec().getCommand()).containsExactly("wc", "-l");
        assertThat(reduce.getDecisionId()).isEqualTo("j1/r/0/0");
        assertThat(reduce.getSpec()).as("the reduces gave none").isNull();
        assertThat(reduce.getMapOutputLocation()).isEqualTo("s3://out/j1/map/{task}.{attempt}");
        assertThat(placements.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldRelaunchAKilledAttemptAsTheNextAttempt() {
        submit(job("j1", 1_000, 1, 0));
        beat(heartbeat("n1", 3_000, 4));
        var first = placements.readValue();

        send(report(first, TaskState.KILLED, 4_000));
        beat(heartbeat("n2", 6_000, 4));

        var relaunch = placements.readKeyValue();
        assertThat(relaunch.key).isEqualTo("n2");
        assertThat(relaunch.value.getDecisionId()).isEqualTo("j1/m/0/1");
        assertThat(relaunch.value.getAttempt()).isEqualTo(1);
        assertThat(placements.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldKeepProgressNodesAndOrderInTheNamedStores() {
        submit(job("j1", 1_000, 3, 0));
        beat(heartbeat("n1", 3_000, 2));
        placements.readRecordsToList();

        KeyValueStore<String, PlannerJobState> jobStore = driver.getKeyValueStore(PlannerStores.JOBS);
        KeyValueStore<String, String> orderStore = driver.getKeyValueStore(PlannerStores.JOB_ORDER);
        KeyValueStore<String, NodeHeartbeat> nodeStore = driver.getKeyValueStore(PlannerStores.NODES);

        assertThat(jobStore.get("j1").getMaps().getLaunched()).isEqualTo(2);
        assertThat(orderStore.get(JobOrder.key(Instant.ofEpochMilli(1_000), "j1"))).isEqualTo("j1");
        assertThat(nodeStore.get("n1").getTime()).isEqualTo(Instant.ofEpochMilli(3_000));
    }

    @Test
    void shouldLoseASilentNodeRelaunchItsAttemptAndIgnoreItsLateReportWithoutADeadLetter() {
        submit(job("j1", 1_000, 1, 0));
        beat(heartbeat("n1", 3_000, 1));
        var first = placements.readValue();
        beat(heartbeat("n2", 3_000, 0));
        beat(heartbeat("n2", 6_000, 0));

        // n1 last heard at 3 s: at 13 s it has been silent for more than the default 9 s, and n2 was heard since.
        beat(heartbeat("n2", 13_000, 4));
        send(report(first, TaskState.SUCCEEDED, 14_000));

        var relaunch = placements.readKeyValue();
        assertThat(relaunch.key).isEqualTo("n2");
        assertThat(relaunch.value.getDecisionId()).isEqualTo("j1/m/0/1");
        assertThat(placements.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
        KeyValueStore<String, Long> lostStore = driver.getKeyValueStore(PlannerStores.LOST_NODES);
        KeyValueStore<String, NodeHeartbeat> nodeStore = driver.getKeyValueStore(PlannerStores.NODES);
        assertThat(lostStore.get("n1")).isEqualTo(13_000L);
        assertThat(nodeStore.get("n1")).isNull();
        // The planner's record of what n2 holds: the attempt it just placed there, which n2 has not reported yet.
        assertThat(nodeStore.get("n2").getRunningAttempts()).containsExactly("j1/m/0/1");
    }

    /** Restarts the test on a fair planner configured from properties as an operator writes them. */
    private void startFair(String pools) {
        restartWith("fair", Map.of(PlannerSettingsDef.key(PlannerSettingsDef.POOLS), pools));
    }

    /** Closes the default planner and starts one running {@code policy} with {@code extra} settings. */
    private void restartWith(String policy, Map<String, String> extra) {
        driver.close();
        var properties = new HashMap<String, String>(extra);
        properties.put(PlannerSettingsDef.key(PlannerSettingsDef.POLICY), policy);
        properties.put("gleaner.planner.state-dir", stateDir.resolve(policy).toString());
        properties.put(StageSettings.TOPIC_PREFIX, "test.");
        start(PlannerConfig.from(properties));
    }

    @Test
    void shouldServeAUserBelowHerMinShareFirstUnderTheFairPolicy() {
        startFair("alice:2:1");
        submit(job("b1", "bob", 1_000, 4, 0));
        submit(job("a1", "alice", 2_000, 4, 0));

        beat(heartbeat("n1", 3_000, 3));

        // alice runs 0, then 1, of her min share 2: served twice; then running per weight, alice 2, bob 0. FIFO
        // would have given all three slots to bob's older job.
        var placed = placements.readValuesToList();
        assertThat(ids(placed)).containsExactly("a1/m/0/0", "a1/m/1/0", "b1/m/0/0");
        assertThat(placed).extracting(PlacementDecision::getPolicy).containsOnly("fair");
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldPublishEachJobsAdmissionUnderTheSalamanderPolicy() {
        restartWith("salamander", Map.of());
        var admissions = driver.createOutputTopic(topics.jobsAdmissions().name(), new StringDeserializer(),
                serdes.jobAdmission().deserializer());
        submit(job("j1", 1_000, 2, 1));

        beat(heartbeat("n1", 3_000, 4));

        assertThat(ids(placements.readValuesToList())).containsExactly("j1/m/0/0", "j1/m/1/0");
        var answers = admissions.readRecordsToList();
        assertThat(answers).extracting(TestRecord::key).containsExactly("j1");
        var answer = answers.get(0).value();
        assertThat(answer.getAccepted()).isTrue();
        assertThat(answer.getTime()).isEqualTo(Instant.ofEpochMilli(3_000));
        assertThat(answer.getEstimatedCompletion()).isAfter(Instant.ofEpochMilli(3_000));
        assertThat(answer.getReason()).isNull();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterJobsPastTheLimitsRefuseAJobNoNodeHoldsAndPlaceTheOneMapJobAfterThem() {
        var admissions = driver.createOutputTopic(topics.jobsAdmissions().name(), new StringDeserializer(),
                serdes.jobAdmission().deserializer());
        beat(heartbeat("n1", 500, 0));
        submit(job("ten-million", 1_000, 10_000_000, 0));
        var billionCores = job("billion-cores", 1_100, 1, 0);
        billionCores.getTasks().get(0).getDemand().setCpus(1e9);
        submit(billionCores);
        // within the limits, but n1, the only node known, has 16 cores
        var tooWide = job("too-wide", 1_200, 1, 0);
        tooWide.getTasks().get(0).getDemand().setCpus(32.0);
        submit(tooWide);
        submit(job("small", 2_000, 1, 0));

        beat(heartbeat("n1", 3_000, 4));

        assertThat(ids(placements.readValuesToList())).containsExactly("small/m/0/0");
        assertThat(deadLetters.readValuesToList()).extracting(DeadLetter::getReason).containsExactly(
                "tasks[0].count must be in 1..100000, was 10000000 (job ten-million)",
                "tasks[0].demand.cpus must be finite and in [0.0, 1024.0], was 1.0E9 (job billion-cores)");
        var answers = admissions.readRecordsToList();
        assertThat(answers).extracting(TestRecord::key).containsExactly("too-wide");
        assertThat(answers.get(0).getRecordTime()).isEqualTo(Instant.ofEpochMilli(1_200));
        assertThat(answers.get(0).value().getAccepted()).isFalse();
        assertThat(answers.get(0).value().getReason()).contains("each MAP task of job too-wide needs 32.0 cores",
                "not queued");
        assertThat(driver.<String, PlannerJobState>getKeyValueStore(PlannerStores.JOBS).get("too-wide")).isNull();
        assertThat(admissions.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterAHeartbeatWithMoreFreeThanCapacityAndAReportPastTheLimits() {
        var overfull = heartbeat("n1", 1_000, 4);
        overfull.getFree().setCpus(17.0);
        beat(overfull);
        var report = report("j1", TaskKind.MAP, 0, 0, "n1", TaskState.SUCCEEDED, 2_000);
        report.setCpuSeconds(Double.NaN);
        send(report);

        assertThat(deadLetters.readValuesToList()).extracting(DeadLetter::getReason).containsExactly(
                "free.cpus must be finite and in [0.0, 16.0], was 17.0 (node n1)",
                "cpuSeconds must be finite and >= 0, was NaN (report j1/m/0/0)");
        assertThat(placements.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterARecordWhoseKeyIsNotItsSubjectsIdAsTheOtherStagesDo() {
        var job = job("j1", 1_000, 1, 0);
        jobs.pipeInput("j2", job, job.getSubmitTime());
        var heartbeat = heartbeat("n1", 2_000, 4);
        heartbeats.pipeInput("n2", heartbeat, heartbeat.getTime());
        submit(job);
        beat(heartbeat);

        assertThat(deadLetters.readValuesToList()).extracting(DeadLetter::getReason).containsExactly(
                "record key 'j2' is not the job id 'j1'", "record key 'n2' is not the heartbeat's node id 'n1'");
        // The same records under their own keys are taken: the job's map is placed on n1.
        assertThat(placements.readValuesToList()).extracting(PlacementDecision::getJobId).containsExactly("j1");
    }

    @Test
    void shouldPublishWhereCuckooPutANewJobsInputAndPlaceItsMapsByIt() {
        restartWith("cuckoo", Map.of());
        var data = driver.createOutputTopic(topics.dataPlacements().name(), new StringDeserializer(),
                serdes.dataPlacement().deserializer());
        for (var node : List.of("n1", "n2", "n3", "n4")) {
            beat(heartbeat(node, 1_000, 0));
        }
        submit(withOneReplicaOn(job("j1", 2_000, 6, 0), 0, "n1"));

        beat(heartbeat("n2", 3_000, 2));

        var published = data.readRecordsToList();
        assertThat(published).extracting(TestRecord::key).containsExactly("d-j1");
        var placement = published.get(0).value();
        assertThat(placement.getJobId()).isEqualTo("j1");
        assertThat(placement.getPolicy()).isEqualTo("cuckoo");
        assertThat(placement.getTime()).isEqualTo(Instant.ofEpochMilli(2_000));
        assertThat(published.get(0).timestamp()).isEqualTo(2_000);
        var layout = new io.gleaner.planner.core.ChunkLayout(placement.getLayout().getNodes(),
                placement.getLayout().getStart(), placement.getLayout().getReplication());
        assertThat(layout.nodes()).contains("n1", "n2", "n3", "n4");
        // the maps n2 takes are the ones whose chunks the new layout put there, not the submitter's (all on n1)
        var placed = placements.readValuesToList();
        assertThat(placed).hasSize(2).allSatisfy(p -> assertThat(layout.isLocal(p.getChunk().getIndex(), "n2"))
                .as(p.getDecisionId()).isTrue());
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldKeepTheLocalityWaitInTheJobsStore() {
        startFair("");
        // map 0's chunk is on n1, map 1's on n2; n3 asks
        submit(withOneReplicaOn(job("a1", "alice", 1_000, 2, 0), 0, "n1", "n2"));
        KeyValueStore<String, PlannerJobState> jobStore = driver.getKeyValueStore(PlannerStores.JOBS);

        beat(heartbeat("n3", 3_000, 1));
        var waitAfterFirst = jobStore.get("a1").getLocalityWaitSince();
        beat(heartbeat("n3", 6_000, 1));
        var afterOneRound = placements.readValuesToList();
        beat(heartbeat("n3", 9_000, 1));
        var afterTwoRounds = placements.readValuesToList();
        beat(heartbeat("n2", 12_000, 1));
        var onTheChunksNode = placements.readValuesToList();

        // waiting since 3 s: 6 s is 3 s later (< 4.5 s), 9 s is 6 s later (>= 4.5 s); a local launch ends the wait
        assertThat(waitAfterFirst).isEqualTo(Instant.ofEpochMilli(3_000));
        assertThat(afterOneRound).isEmpty();
        assertThat(ids(afterTwoRounds)).containsExactly("a1/m/0/0");
        assertThat(ids(onTheChunksNode)).containsExactly("a1/m/1/0");
        assertThat(jobStore.get("a1").getLocalityWaitSince()).isNull();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldHonourALocalityWaitTheStoresHeldBeforeTheFirstRecord() {
        startFair("");
        // as after a restart: a1 has waited since 0 s; a2, submitted now, has not waited yet
        var waited = JobProgress.start(EventMapping.job(withOneReplicaOn(job("a1", "alice", 100, 1, 0), 0, "n1", "n2"))
                .orElseThrow(IllegalStateException::new)).withLocalityWait(Optional.of(Instant.EPOCH));
        KeyValueStore<String, PlannerJobState> jobStore = driver.getKeyValueStore(PlannerStores.JOBS);
        KeyValueStore<String, String> orderStore = driver.getKeyValueStore(PlannerStores.JOB_ORDER);
        jobStore.put("a1", PlannerRecords.toAvro(waited));
        orderStore.put(JobOrder.key(waited.job()), "a1");
        submit(withOneReplicaOn(job("a2", "alice", 1_000, 1, 0), 0, "n1", "n2"));

        beat(heartbeat("n3", 5_000, 2));

        assertThat(ids(placements.readValuesToList())).containsExactly("a1/m/0/0");
        assertThat(jobStore.get("a2").getLocalityWaitSince()).isEqualTo(Instant.ofEpochMilli(5_000));
    }

    @Test
    void shouldForgetACompletedJobAndRememberWhenItCompleted() {
        submit(job("j1", 1_000, 1, 0));
        beat(heartbeat("n1", 3_000, 4));
        send(report(placements.readValue(), TaskState.SUCCEEDED, 5_000));

        KeyValueStore<String, PlannerJobState> jobStore = driver.getKeyValueStore(PlannerStores.JOBS);
        KeyValueStore<String, Long> completed = driver.getKeyValueStore(PlannerStores.COMPLETED_JOBS);
        KeyValueStore<String, String> orderStore = driver.getKeyValueStore(PlannerStores.JOB_ORDER);
        assertThat(jobStore.get("j1")).isNull();
        try (var order = orderStore.all()) {
            assertThat(order.hasNext()).isFalse();
        }
        assertThat(completed.get("j1")).isEqualTo(5_000L);
    }

    @Test
    void shouldServeTheJobsTheStoresHeldBeforeTheFirstRecord() {
        // as after a restart: the stores were restored before the processors saw any record
        var stored = JobProgress.start(EventMapping.job(job("j1", 1_000, 3, 0)).orElseThrow(IllegalStateException::new));
        KeyValueStore<String, PlannerJobState> jobStore = driver.getKeyValueStore(PlannerStores.JOBS);
        KeyValueStore<String, String> orderStore = driver.getKeyValueStore(PlannerStores.JOB_ORDER);
        jobStore.put("j1", PlannerRecords.toAvro(stored.withPlaced(Placement.of(stored.job(),
                new TaskAttempt("j1", io.gleaner.planner.core.TaskKind.MAP, 0, 0), "n1", Instant.ofEpochMilli(500),
                "fifo"))));
        orderStore.put(JobOrder.key(stored.job()), "j1");

        beat(heartbeat("n1", 3_000, 4));

        assertThat(ids(placements.readValuesToList())).containsExactly("j1/m/1/0", "j1/m/2/0");
    }

    @Test
    void shouldRefuseToRunOnAnOrderIndexThatNamesAMissingJob() {
        KeyValueStore<String, String> orderStore = driver.getKeyValueStore(PlannerStores.JOB_ORDER);
        orderStore.put(JobOrder.key(Instant.ofEpochMilli(1_000), "ghost"), "ghost");

        assertThatThrownBy(() -> beat(heartbeat("n1", 3_000, 4)))
                .hasRootCauseMessage("job ghost is in " + PlannerStores.JOB_ORDER + " but not in " + PlannerStores.JOBS);
    }

    @Test
    void shouldServeOlderJobsFirstWhateverTheArrivalOrder() {
        submit(job("j-b", 2_000, 1, 0));
        submit(job("j-a", 1_000, 1, 0));

        beat(heartbeat("n1", 3_000, 4));

        assertThat(ids(placements.readValuesToList())).containsExactly("j-a/m/0/0", "j-b/m/0/0");
    }

    @Test
    void shouldDeadLetterGarbageAndProcessTheNextRecord() {
        var garbage = new byte[] {0x13, 0x37, 0x00};
        rawJobs.pipeInput("j0", garbage, 500L);
        submit(job("j1", 1_000, 1, 0));
        beat(heartbeat("n1", 3_000, 4));

        var deadLetter = deadLetters.readKeyValue();
        assertThat(deadLetter.key).isEqualTo("j0");
        assertThat(deadLetter.value.getSourceTopic()).isEqualTo(topics.jobsSubmitted().name());
        assertThat(deadLetter.value.getPartition()).isZero();
        assertThat(deadLetter.value.getOffset()).isZero();
        assertThat(deadLetter.value.getValue()).isEqualTo(ByteBuffer.wrap(garbage));
        assertThat(deadLetter.value.getReason()).startsWith("cannot decode 3 bytes");
        assertThat(deadLetter.value.getStage()).isEqualTo("planner");
        // Undecodable, so no event time: the partition had none yet either (EventTimeExtractor), hence 0.
        assertThat(deadLetter.value.getTime()).isEqualTo(Instant.EPOCH);
        assertThat(ids(placements.readValuesToList())).containsExactly("j1/m/0/0");
        assertThat(deadLetters.isEmpty()).isTrue();
        assertThat(placements.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterAJobWithNegativeSizesAtItsOffsetAndEventTime() {
        submit(job("j1", 1_000, 1, 0));
        var bad = job("j2", 2_000, 1, 0);
        bad.getTasks().get(0).setBytesPerTask(-64);
        // the record timestamp disagrees with submitTime: the extractor takes the event time
        jobs.pipeInput("j2", bad, 99L);

        var deadLetter = deadLetters.readValue();
        assertThat(deadLetter.getReason())
                .isEqualTo("tasks[0].bytesPerTask must be in 0..1099511627776, was -64 (job j2)");
        assertThat(deadLetter.getOffset()).isEqualTo(1);
        assertThat(deadLetter.getTime()).isEqualTo(Instant.ofEpochMilli(2_000));
        assertThat(deadLetter.getValue()).isEqualTo(
                ByteBuffer.wrap(serdes.jobSubmitted().serializer().serialize(topics.jobsSubmitted().name(), bad)));
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterAReportFromANodeThatNeverSentAHeartbeat() {
        submit(job("j1", 1_000, 1, 0));
        beat(heartbeat("n1", 3_000, 4));
        placements.readRecordsToList();

        send(report("j1", TaskKind.MAP, 0, 0, "n7", TaskState.SUCCEEDED, 4_000));

        var deadLetter = deadLetters.readValue();
        assertThat(deadLetter.getReason()).isEqualTo("unknown node n7");
        assertThat(deadLetter.getSourceTopic()).isEqualTo(topics.tasksReports().name());
        assertThat(deadLetter.getOffset()).isZero();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterAHeartbeatWhoseTimeWentBackwards() {
        beat(heartbeat("n3", 6_000, 4));

        beat(heartbeat("n3", 3_000, 4));

        var deadLetter = deadLetters.readValue();
        assertThat(deadLetter.getReason()).isEqualTo(
                "time went backwards for node n3: 1970-01-01T00:00:03Z < 1970-01-01T00:00:06Z");
        assertThat(deadLetter.getSourceTopic()).isEqualTo(topics.nodesHeartbeats().name());
        assertThat(deadLetter.getOffset()).isEqualTo(1);
        assertThat(deadLetters.isEmpty()).isTrue();
        assertThat(placements.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterAReportWithAnUnknownState() {
        submit(job("j1", 1_000, 1, 0));
        beat(heartbeat("n1", 3_000, 4));
        placements.readRecordsToList();

        send(report("j1", TaskKind.MAP, 0, 0, "n1", TaskState.UNKNOWN, 4_000));

        assertThat(deadLetters.readValue().getReason()).isEqualTo("state must be a known state, was UNKNOWN (report j1/m/0/0)");
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldNameEveryProcessorAndStore() {
        var topology = PlannerTopology.build(topics, serdes, PlannerConfig.defaults(), PlannerEvents.NO_GLOBAL_DEAD_LETTERS).describe().toString();

        assertThat(topology).doesNotContain("KSTREAM-").doesNotContain("KTABLE-");
        assertThat(topology).contains(PlannerStores.all());
        assertThat(topology).contains("apply-jobs", "apply-reports", "apply-heartbeats", "placements-sink",
                "dead-letters-sink");
    }

    @Test
    void shouldRefuseAnUnnamedStoreUnderThePlannerSettings() {
        // the same settings the planner's builder gets: an auto-named changelog must stop the build (KIP-1111)
        var settings = PlannerConfig.defaults().withStage(s -> s.withStateDir(stateDir)).streamsProperties();
        var builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(settings)));
        builder.stream("in", Consumed.with(Serdes.String(), Serdes.String()).withName("in-source"))
                .groupByKey(Grouped.as("by-key"))
                .count();

        assertThatThrownBy(builder::build).isInstanceOf(TopologyException.class)
                .hasMessageContaining("has not been named");
    }

    @Test
    void shouldPlaceEveryTaskOnceWhenJobsAndNodesInterleave() {
        // given two jobs and two nodes of two slots, each round ending every running attempt successfully
        submit(job("j1", 1_000, 3, 2));
        submit(job("j2", 1_500, 2, 1));
        var seen = new java.util.ArrayList<String>();
        for (long round = 1; round <= 10; round++) {
            long time = round * 3_000;
            for (var node : List.of("n1", "n2")) {
                beat(heartbeat(node, time, 2));
            }
            var placed = placements.readKeyValuesToList();
            for (KeyValue<String, PlacementDecision> placement : placed) {
                seen.add(placement.value.getDecisionId());
                send(report(placement.value, TaskState.SUCCEEDED, time + 1_000));
            }
        }

        assertThat(seen).doesNotHaveDuplicates().hasSize(3 + 2 + 2 + 1);
        KeyValueStore<String, Long> completed = driver.getKeyValueStore(PlannerStores.COMPLETED_JOBS);
        assertThat(completed.get("j1")).isNotNull();
        assertThat(completed.get("j2")).isNotNull();
        assertThat(deadLetters.isEmpty()).isTrue();
    }
}
