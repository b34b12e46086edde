package io.gleaner.classifier.topology;

import static io.gleaner.classifier.topology.ClassifierFixtures.heartbeat;
import static io.gleaner.classifier.topology.ClassifierFixtures.job;
import static io.gleaner.classifier.topology.ClassifierFixtures.report;
import static io.gleaner.classifier.topology.ClassifierFixtures.succeeded;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.classifier.profiles.ProfileRecords;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskState;
import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The classifier's profiles topology on {@link TopologyTestDriver}: profiles, dedupe, merge, dead letters. */
class ClassifierTopologyTest {

    /** NodeType.of(2 slots, 2 cores, 4 GiB, 8 GF). */
    private static final String SMALL = "2slots-2cpus-4GiB-8GF";
    /** NodeType.of(4 slots, 4 cores, 8 GiB, 10 GF). */
    private static final String LARGE = "4slots-4cpus-8GiB-10GF";

    private ClassifierDriver driver;
    /** The reports topic with raw values, for records that do not decode. */
    private TestInputTopic<String, byte[]> rawReports;

    @BeforeEach
    void start(@TempDir Path stateDir) {
        driver = new ClassifierDriver(ClassifierDriver.config(stateDir));
        rawReports = driver.testDriver().createInputTopic(driver.topics().tasksReports().name(),
                new StringSerializer(), new ByteArraySerializer());
    }

    @AfterEach
    void closeDriver() {
        if (driver != null) {
            driver.close();
        }
    }

    private void twoNodes() {
        driver.send(heartbeat("n1", 2, 2, 4, 8, 0));
        driver.send(heartbeat("n2", 4, 4, 8, 10, 0));
    }

    /** Job "sort": maps of 10 s on n1 and 6 s on n2, one reduce on n1 from 21 s to 30 s. */
    private void sortRun(String jobId, double offset) {
        driver.send(job(jobId, "sort", 2, 1, offset + 1));
        driver.send(report(jobId, TaskKind.MAP, 0, "n1", TaskState.LAUNCHED, offset + 10, offset + 10, 0));
        driver.send(succeeded(jobId, TaskKind.MAP, 0, "n1", offset + 10, offset + 20, 128 * 1024 * 1024));
        driver.send(succeeded(jobId, TaskKind.MAP, 1, "n2", offset + 10, offset + 16, 100));
        driver.send(succeeded(jobId, TaskKind.REDUCE, 0, "n1", offset + 21, offset + 30, 5000));
    }

    @Test
    void shouldPublishTheHandCheckedProfilesOfTwoJobsWhenEachFinishes() {
        twoNodes();
        driver.send(job("jobB", "grep", 1, 0, 2));
        driver.send(succeeded("jobB", TaskKind.MAP, 0, "n2", 5, 9, 64));
        sortRun("jobA", 0);

        var published = driver.profiles().readKeyValuesToMap();
        assertThat(published).containsOnlyKeys("grep", "sort");
        var grep = published.get("grep");
        // One 4 s map on n2, no reduce: the reduce statistics are 0 with count 0.
        assertThat(grep.getRuns()).isEqualTo(1);
        assertThat(grep.getMapMin()).isEqualTo(4000.0);
        assertThat(grep.getMapAvg()).isEqualTo(4000.0);
        assertThat(grep.getMapMax()).isEqualTo(4000.0);
        assertThat(grep.getMapInputBytes()).isEqualTo(64);
        assertThat(grep.getMapCount()).isEqualTo(1);
        assertThat(grep.getReduceCount()).isZero();
        assertThat(grep.getReduceMax()).isZero();
        assertThat(grep.getMeanTaskMillisByNode()).isEqualTo(Map.of("MAP/" + LARGE, 4000.0));
        assertThat(grep.getMeanTaskCountByNode()).isEqualTo(Map.of("MAP/" + LARGE, 1L));

        var sort = published.get("sort");
        // Maps 10 s and 6 s: min 6000, avg 8000, max 10000; SizeMt_input the larger input, 128 MiB.
        assertThat(sort.getMapMin()).isEqualTo(6000.0);
        assertThat(sort.getMapAvg()).isEqualTo(8000.0);
        assertThat(sort.getMapMax()).isEqualTo(10000.0);
        assertThat(sort.getMapInputBytes()).isEqualTo(128L * 1024 * 1024);
        // The reduce starts at 21 s, after the last map ended (20 s): no shuffle end in the report, so it is taken
        // as the reduce's start (ProfileBuilder), first-wave shuffle = 21 - 20 = 1 s, Rt = 30 - 21 = 9 s.
        assertThat(sort.getFirstShuffleMin()).isEqualTo(1000.0);
        assertThat(sort.getFirstShuffleAvg()).isEqualTo(1000.0);
        assertThat(sort.getFirstShuffleCount()).isEqualTo(1);
        assertThat(sort.getOtherShuffleCount()).isZero();
        assertThat(sort.getReduceMin()).isEqualTo(9000.0);
        assertThat(sort.getReduceMax()).isEqualTo(9000.0);
        assertThat(sort.getReduceCount()).isEqualTo(1);
        // µ: whole attempt lengths per phase and node type; the reduce's 9 s includes no shuffle wait here.
        assertThat(sort.getMeanTaskMillisByNode()).isEqualTo(Map.of(
                "MAP/" + SMALL, 10000.0, "MAP/" + LARGE, 6000.0, "REDUCE/" + SMALL, 9000.0));
        assertThat(sort.getMeanTaskCountByNode()).isEqualTo(Map.of(
                "MAP/" + SMALL, 1L, "MAP/" + LARGE, 1L, "REDUCE/" + SMALL, 1L));
        // The LAUNCHED report is valid and no sample: not a dead letter.
        assertThat(driver.deadLetters().isEmpty()).isTrue();
    }

    @Test
    void shouldPublishNothingUntilEveryTaskOfTheJobHasSucceeded() {
        twoNodes();
        driver.send(job("jobA", "sort", 2, 1, 1));
        driver.send(succeeded("jobA", TaskKind.MAP, 0, "n1", 10, 20, 10));
        driver.send(report("jobA", TaskKind.MAP, 1, "n2", TaskState.FAILED, 10, 12, 10));
        driver.send(succeeded("jobA", TaskKind.MAP, 1, "n2", 12, 18, 10));

        assertThat(driver.profiles().isEmpty()).isTrue();
        var runs = driver.runs();
        assertThat(runs.approximateNumEntries()).isEqualTo(2);

        driver.send(succeeded("jobA", TaskKind.REDUCE, 0, "n1", 21, 30, 10));

        assertThat(driver.profiles().readValuesToList()).hasSize(1);
        // The run's tasks leave the store once it is profiled.
        try (var all = runs.all()) {
            assertThat(all.hasNext()).isFalse();
        }
        assertThat(driver.deadLetters().isEmpty()).isTrue();
    }

    @Test
    void shouldCountTheFirstSuccessOfATaskAndIgnoreDuplicatesAndLateSuccesses() {
        twoNodes();
        driver.send(job("jobA", "sort", 2, 0, 1));
        driver.send(succeeded("jobA", TaskKind.MAP, 0, "n1", 10, 20, 10));
        // the same report redelivered, then a second attempt of the same task that also succeeded, longer
        driver.send(succeeded("jobA", TaskKind.MAP, 0, "n1", 10, 20, 10));
        driver.send(succeeded("jobA", TaskKind.MAP, 0, "n2", 11, 40, 10));
        driver.send(succeeded("jobA", TaskKind.MAP, 1, "n2", 10, 16, 10));
        // after the run was profiled: a late success must not start a second run of jobA
        driver.send(succeeded("jobA", TaskKind.MAP, 1, "n2", 10, 50, 10));

        var published = driver.profiles().readValuesToList();
        assertThat(published).hasSize(1);
        var sort = published.get(0);
        // only the first successes: 10 s and 6 s; the 29 s and 40 s duplicates are not in it
        assertThat(sort.getMapCount()).isEqualTo(2);
        assertThat(sort.getMapMax()).isEqualTo(10000.0);
        assertThat(sort.getMapMin()).isEqualTo(6000.0);
        assertThat(sort.getMeanTaskCountByNode()).isEqualTo(Map.of("MAP/" + SMALL, 1L, "MAP/" + LARGE, 1L));
        assertThat(driver.deadLetters().isEmpty()).isTrue();
    }

    @Test
    void shouldMergeTwoRunsOfOneJobNameCountWeighted() {
        twoNodes();
        sortRun("jobA", 0);
        // The second run: maps of 2 s (n2) and 4 s (n1), one reduce of 5 s on n2 starting when the last map ended.
        driver.send(job("jobA2", "sort", 2, 1, 100));
        driver.send(succeeded("jobA2", TaskKind.MAP, 0, "n2", 110, 112, 50));
        driver.send(succeeded("jobA2", TaskKind.MAP, 1, "n1", 110, 114, 60));
        driver.send(succeeded("jobA2", TaskKind.REDUCE, 0, "n2", 114, 119, 70));

        var published = driver.profiles().readValuesToList();
        assertThat(published).hasSize(2);
        var merged = published.get(1);
        assertThat(merged.getJobName()).isEqualTo("sort");
        assertThat(merged.getRuns()).isEqualTo(2);
        assertThat(merged.getMapCount()).isEqualTo(4);
        assertThat(merged.getReduceCount()).isEqualTo(2);
        assertThat(merged.getFirstShuffleCount()).isEqualTo(2);
        // maps 10, 6, 2, 4 s: min 2000, max 10000, avg (8000·2 + 3000·2) / 4 = 5500
        assertThat(merged.getMapMin()).isEqualTo(2000.0);
        assertThat(merged.getMapMax()).isEqualTo(10000.0);
        assertThat(merged.getMapAvg()).isEqualTo(5500.0);
        assertThat(merged.getMapInputBytes()).isEqualTo(128L * 1024 * 1024);
        // shuffles 1 s and 0 s (the second reduce starts as the last map ends); reduces 9 s and 5 s
        assertThat(merged.getFirstShuffleMin()).isEqualTo(0.0);
        assertThat(merged.getFirstShuffleAvg()).isEqualTo(500.0);
        assertThat(merged.getReduceAvg()).isEqualTo(7000.0);
        // µ MAP on the small node: 10 s and 4 s -> 7 s over 2 samples
        assertThat(merged.getMeanTaskMillisByNode().get("MAP/" + SMALL)).isEqualTo(7000.0);
        assertThat(merged.getMeanTaskCountByNode()).isEqualTo(Map.of(
                "MAP/" + SMALL, 2L, "MAP/" + LARGE, 2L, "REDUCE/" + SMALL, 1L, "REDUCE/" + LARGE, 1L));
        KeyValueStore<String, io.gleaner.classifier.estimate.JobProfile> stored =
                driver.testDriver().getKeyValueStore(ClassifierStores.PROFILES);
        assertThat(ProfileRecords.toAvro(stored.get("sort"))).isEqualTo(merged);
    }

    @Test
    void shouldDeadLetterAnUndecodableReportAndKeepRunning() {
        twoNodes();
        driver.send(job("jobB", "grep", 1, 0, 2));
        // An explicit time: without one the driver stamps the wall clock, which an undecodable record keeps as its
        // event time, and stream time would leap past every retention.
        rawReports.pipeInput("jobB", new byte[] {0, 0, 0, 0, 42, 1, 2}, ClassifierFixtures.at(3));
        driver.send(succeeded("jobB", TaskKind.MAP, 0, "n2", 5, 9, 64));

        var dead = driver.deadLetters().readValuesToList();
        assertThat(dead).hasSize(1);
        assertThat(dead.get(0).getSourceTopic()).isEqualTo(driver.topics().tasksReports().name());
        assertThat(dead.get(0).getOffset()).isZero();
        assertThat(dead.get(0).getReason()).startsWith("cannot decode 7 bytes");
        assertThat(dead.get(0).getStage()).isEqualTo("classifier");
        assertThat(driver.profiles().readValuesToList()).extracting(JobProfile::getJobName).containsExactly("grep");
    }

    @Test
    void shouldDeadLetterInvalidReportsWithTheOriginalRecordAndAReasonNamingTheValue() {
        twoNodes();
        driver.send(job("jobB", "grep", 1, 0, 2));
        var noStart = succeeded("jobB", TaskKind.MAP, 0, "n2", 5, 9, 64);
        noStart.setStartTime(null);
        driver.send(noStart);                                                          // offset 0
        driver.send(succeeded("jobB", TaskKind.MAP, 0, "n9", 5, 9, 64));               // offset 1: node never heartbeat
        driver.send(succeeded("jobX", TaskKind.MAP, 0, "n1", 5, 9, 64));               // offset 2: job never submitted
        driver.send(succeeded("jobB", TaskKind.MAP, 3, "n1", 5, 9, 64));               // offset 3: grep has 1 map
        driver.send(succeeded("jobB", TaskKind.REDUCE, 0, "n1", 5, 9, 64));            // offset 4: and no reduce
        driver.send(succeeded("jobB", TaskKind.MAP, 0, "n2", 5, 9, 64));               // offset 5: fine

        var dead = driver.deadLetters().readValuesToList();
        assertThat(dead).extracting(DeadLetter::getReason).containsExactly(
                "SUCCEEDED report of jobB MAP 0 has no startTime",
                "node 'n9' of jobB MAP 0 has sent no heartbeat",
                "job 'jobX' of jobX MAP 0 is unknown: never submitted, or its entry expired",
                "task index 3 of jobB MAP 3 is outside the job's 1 MAP tasks",
                "task index 0 of jobB REDUCE 0 is outside the job's 0 REDUCE tasks");
        // the original tasks.reports records, not their repartitioned copies
        assertThat(dead).extracting(DeadLetter::getSourceTopic).containsOnly(driver.topics().tasksReports().name());
        assertThat(dead).extracting(DeadLetter::getOffset).containsExactly(0L, 1L, 2L, 3L, 4L);
        var original = driver.serdes().taskReport().deserializer().deserialize(driver.topics().tasksReports().name(),
                dead.get(1).getValue().array());
        assertThat(original.getNodeId()).isEqualTo("n9");
        assertThat(driver.profiles().readValuesToList()).extracting(JobProfile::getMapCount).containsExactly(1L);
    }

    @Test
    void shouldDeadLetterAReportThatArrivesBeforeItsNodesFirstHeartbeat() {
        driver.send(job("jobB", "grep", 1, 0, 2));
        driver.send(succeeded("jobB", TaskKind.MAP, 0, "n2", 5, 9, 64));
        driver.send(heartbeat("n2", 4, 4, 8, 10, 10));
        // the rule: no buffering; the early report is a dead letter and the task still needs a success
        assertThat(driver.deadLetters().readValuesToList()).extracting(DeadLetter::getReason)
                .containsExactly("node 'n2' of jobB MAP 0 has sent no heartbeat");
        assertThat(driver.profiles().isEmpty()).isTrue();

        driver.send(succeeded("jobB", TaskKind.MAP, 0, "n2", 11, 15, 64));

        assertThat(driver.profiles().readValuesToList()).extracting(JobProfile::getMapMax).containsExactly(4000.0);
    }

    @Test
    void shouldDeadLetterAnInvalidHeartbeatAndAJobWhoseKeyIsNotItsId() {
        var invalid = heartbeat("n1", 2, 2, 4, 8, 0);
        invalid.setSpeedGflops(Double.NaN);
        driver.send(invalid);
        // a node without slots (removed from the cluster) is valid, but has no type
        driver.send(heartbeat("n1", 0, 2, 4, 8, 0.5));
        var job = job("jobA", "sort", 1, 0, 1);
        driver.jobs().pipeInput("other", job, job.getSubmitTime());

        assertThat(driver.deadLetters().readValuesToList())
                .extracting(DeadLetter::getSourceTopic, DeadLetter::getReason)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(driver.topics().nodesHeartbeats().name(),
                                "speedGflops must be finite and in (0, 10000.0], was NaN (node n1)"),
                        org.assertj.core.groups.Tuple.tuple(driver.topics().jobsSubmitted().name(),
                                "record key 'other' is not the job id 'jobA'"));
        var nodeTypes = driver.testDriver().<String, String>getTimestampedKeyValueStore(ClassifierStores.NODE_TYPES);
        assertThat(nodeTypes.get("n1")).isNull();
        driver.send(heartbeat("n1", 2, 2, 4, 8, 1));
        assertThat(nodeTypes.get("n1").value()).isEqualTo(SMALL);
    }
}
