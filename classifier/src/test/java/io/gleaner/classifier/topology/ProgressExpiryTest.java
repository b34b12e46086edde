package io.gleaner.classifier.topology;

import static io.gleaner.classifier.topology.ClassifierFixtures.heartbeat;
import static io.gleaner.classifier.topology.ClassifierFixtures.job;
import static io.gleaner.classifier.topology.ClassifierFixtures.succeeded;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.classifier.ClassifierApp;
import io.gleaner.classifier.ClassifierConfig;
import io.gleaner.classifier.estimate.Phase;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Expiry of the job-progress store on {@link TopologyTestDriver}: profiled markers after 10 minutes of stream time,
 * unfinished runs after 30 minutes without a new success; the purge runs every 10 minutes of stream time, aligned to
 * the epoch ({@link ClassifierFixtures#T0} is on that grid), at the first record at or past each step. The driver
 * runs the whole topology as one task, so every record moves stream time; {@link #tick} submits a job that never
 * runs, which moves it without touching the store.
 */
class ProgressExpiryTest {

    private static final Duration PROFILED = Duration.ofMinutes(10);
    private static final Duration UNFINISHED = Duration.ofMinutes(30);

    private final Topics topics = Topics.withPrefix("test.");
    private final ClassifierSerdes serdes = ClassifierSerdes.with(new InMemorySchemaRegistryClient());

    @TempDir
    Path stateDir;

    private TopologyTestDriver driver;
    private TestInputTopic<String, JobSubmitted> jobs;
    private TestInputTopic<String, NodeHeartbeat> heartbeats;
    private TestInputTopic<String, TaskReport> reports;
    private TestOutputTopic<String, JobProfile> profiles;
    private TestOutputTopic<String, DeadLetter> deadLetters;
    private KeyValueStore<String, JobProgress> progress;
    private KeyValueStore<String, TaskSample> runs;
    private int ticks;

    @BeforeEach
    void start() {
        var config = ClassifierConfig.defaults().withStateDir(stateDir).withTopicPrefix("test.")
                .withProfiledRetention(PROFILED).withUnfinishedRetention(UNFINISHED);
        driver = new TopologyTestDriver(ClassifierTopology.build(topics, serdes, config),
                ClassifierApp.streamsProperties(config));
        var keys = new StringSerializer();
        jobs = driver.createInputTopic(topics.jobsSubmitted().name(), keys, serdes.jobSubmitted().serializer());
        heartbeats = driver.createInputTopic(topics.nodesHeartbeats().name(), keys,
                serdes.nodeHeartbeat().serializer());
        reports = driver.createInputTopic(topics.tasksReports().name(), keys, serdes.taskReport().serializer());
        profiles = driver.createOutputTopic(topics.jobsProfiles().name(), new StringDeserializer(),
                serdes.jobProfile().deserializer());
        deadLetters = driver.createOutputTopic(topics.deadLetters().name(), new StringDeserializer(),
                serdes.deadLetter().deserializer());
        progress = driver.getKeyValueStore(StoreNames.PROGRESS);
        runs = driver.getKeyValueStore(StoreNames.RUNS);
        var node = heartbeat("n1", 2, 2, 4, 8, 0);
        heartbeats.pipeInput(node.getNodeId(), node, node.getTime());
    }

    @AfterEach
    void closeDriver() {
        if (driver != null) {
            driver.close();
        }
    }

    private static double minutes(double m) {
        return m * 60;
    }

    private void send(JobSubmitted job) {
        jobs.pipeInput(job.getJobId(), job, job.getSubmitTime());
    }

    /** A success of the job's map {@code index} that ran on n1 for 10 s up to {@code second}. */
    private void mapSucceeded(String jobId, int index, double second) {
        var report = succeeded(jobId, TaskKind.MAP, index, "n1", second - 10, second, 100);
        reports.pipeInput(report.getJobId(), report, report.getTime());
    }

    /** Moves the collector's stream time to {@code second}, by submitting a job that never runs. */
    private void tick(double second) {
        send(job("idle-" + ticks++, "idle", 1, 0, second));
    }

    private static long ms(double second) {
        return ClassifierFixtures.at(second).toEpochMilli();
    }

    private List<KeyValue<String, JobProgress>> progressEntries() {
        var entries = new ArrayList<KeyValue<String, JobProgress>>();
        try (var it = progress.all()) {
            it.forEachRemaining(entries::add);
        }
        return entries;
    }

    private List<String> runKeys() {
        var keys = new ArrayList<String>();
        try (var it = runs.all()) {
            it.forEachRemaining(entry -> keys.add(entry.key));
        }
        return keys;
    }

    @Test
    void shouldIgnoreALateDuplicateSuccessWhileItsMarkerIsWithinTheRetention() {
        send(job("jobA", "grep", 1, 0, 1));
        mapSucceeded("jobA", 0, 20);
        assertThat(profiles.readValuesToList()).hasSize(1);
        // The purge at 10:19 sees the marker 9:59 old (profiled at stream time 0:20): kept.
        tick(minutes(10) + 19);

        mapSucceeded("jobA", 0, minutes(10) + 19);

        // A one-map job: had the marker gone, this success would be a whole new run and a second profile.
        assertThat(profiles.isEmpty()).isTrue();
        assertThat(progress.get("jobA")).isEqualTo(new JobProgress(1, true, ms(20)));
        assertThat(runKeys()).isEmpty();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldDeleteAProfiledMarkerOnceStreamTimePassesTheRetention() {
        send(job("jobA", "grep", 1, 0, 1));
        mapSucceeded("jobA", 0, 20);
        tick(minutes(10) + 19);
        assertThat(progressEntries()).containsExactly(KeyValue.pair("jobA", new JobProgress(1, true, ms(20))));

        // The next purge, at 20:00, sees it 19:40 old.
        tick(minutes(20));

        assertThat(progressEntries()).isEmpty();
        assertThat(runKeys()).isEmpty();
    }

    @Test
    void shouldCountASuccessOfAJobSubmittedAgainAfterItsMarkerExpiredAsANewRunThatExpiresInTurn() {
        send(job("jobB", "sort", 2, 0, 1));
        mapSucceeded("jobB", 0, 20);
        mapSucceeded("jobB", 1, 30);
        assertThat(profiles.readValuesToList()).hasSize(1);
        tick(minutes(20));
        assertThat(progressEntries()).isEmpty();
        // The job's entry went with its marker (JobExpiryTest); the same job id is submitted again.
        send(job("jobB", "sort", 2, 0, minutes(20)));

        // the first success of map 0 redelivered, with its own event time 0:20, at stream time 20:00
        mapSucceeded("jobB", 0, 20);

        // A new, unfinished run of jobB: one success, its sample kept, no profile. Its time is the stream time,
        // 20:00, not the report's 0:20.
        assertThat(progress.get("jobB")).isEqualTo(new JobProgress(1, false, ms(minutes(20))));
        assertThat(runKeys()).containsExactly(RunKeys.key("jobB", Phase.MAP, 0));
        assertThat(profiles.isEmpty()).isTrue();
        // It is unfinished, so the unfinished retention applies: 20 minutes old at the purge at 40:00, kept ...
        tick(minutes(40));
        assertThat(progress.get("jobB")).isNotNull();
        // ... and gone with its sample at the purge at 50:00 (30 minutes).
        tick(minutes(50));
        assertThat(progressEntries()).isEmpty();
        assertThat(runKeys()).isEmpty();
        assertThat(profiles.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldKeepAnUnfinishedRunThatStillProgressesPastTheRetentionFromItsFirstSuccess() {
        send(job("jobC", "sort", 3, 0, 1));
        mapSucceeded("jobC", 0, 20);
        tick(minutes(20));
        mapSucceeded("jobC", 1, minutes(25));
        // 49:40 after its first success, 25:00 after its last: the retention counts from the last, kept.
        tick(minutes(50));
        assertThat(progress.get("jobC")).isEqualTo(new JobProgress(2, false, ms(minutes(25))));
        assertThat(runKeys()).hasSize(2);

        mapSucceeded("jobC", 2, minutes(52));

        var published = profiles.readValuesToList();
        assertThat(published).hasSize(1);
        assertThat(published.get(0).getMapCount()).isEqualTo(3);
    }

    @Test
    void shouldDropAnAbandonedRunWithItsSamplesAfterTheUnfinishedRetention() {
        send(job("jobD", "sort", 2, 0, 1));
        mapSucceeded("jobD", 0, 20);
        // profiled retention passed, unfinished retention not yet (29:40 old at the purge at 30:00)
        tick(minutes(30));
        assertThat(progress.get("jobD")).isEqualTo(new JobProgress(1, false, ms(20)));
        assertThat(runKeys()).hasSize(1);

        tick(minutes(40));

        assertThat(progressEntries()).isEmpty();
        assertThat(runKeys()).isEmpty();
        assertThat(profiles.isEmpty()).isTrue();
    }

    @Test
    void shouldStampAnEntryWithoutATimeAtTheFirstPurgeAndExpireItOneRetentionLater() {
        // As a format 1 value decodes (JobProgressTest): a profiled marker with no time. (The purge at 0:00 ran on
        // the heartbeat of start(); this entry was not there yet.)
        progress.put("jobOld", new JobProgress(2, true, JobProgress.UNKNOWN_TIME));

        // The next purge, at 10:00, is the first to see it: it stamps it with 10:00 and deletes nothing.
        tick(minutes(10));
        assertThat(progress.get("jobOld")).isEqualTo(new JobProgress(2, true, ms(minutes(10))));
        // still a marker: a late success of it is ignored
        send(job("jobOld", "sort", 2, 0, 1));
        mapSucceeded("jobOld", 1, minutes(15));
        assertThat(progress.get("jobOld")).isEqualTo(new JobProgress(2, true, ms(minutes(10))));
        assertThat(runKeys()).isEmpty();

        // one profiled retention after the stamp
        tick(minutes(20));

        assertThat(progressEntries()).isEmpty();
        assertThat(profiles.isEmpty()).isTrue();
    }
}
