package io.gleaner.classifier.topology;

import static io.gleaner.classifier.topology.ClassifierFixtures.heartbeat;
import static io.gleaner.classifier.topology.ClassifierFixtures.job;
import static io.gleaner.classifier.topology.ClassifierFixtures.minutes;
import static io.gleaner.classifier.topology.ClassifierFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobProfile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Expiry of the jobs store on {@link TopologyTestDriver}, with the retentions of {@link ProgressExpiryTest}: profiled
 * markers after 10 minutes of stream time, unfinished runs (and jobs with no success) after 30 minutes; the purge runs
 * every 10 minutes of stream time, aligned to the epoch ({@link ClassifierFixtures#T0} is on that grid), at the first
 * record at or past each step. The driver runs the whole topology as one task, so every record moves stream time;
 * {@link #tick} sends a heartbeat of the one node, which moves it without touching the jobs store.
 */
class JobExpiryTest {

    private static final Duration PROFILED = Duration.ofMinutes(10);
    private static final Duration UNFINISHED = Duration.ofMinutes(30);

    private ClassifierDriver driver;
    private TestOutputTopic<String, byte[]> jobsChangelog;

    @BeforeEach
    void start(@TempDir Path stateDir) {
        var config = ClassifierDriver.config(stateDir).withProfiledRetention(PROFILED)
                .withUnfinishedRetention(UNFINISHED);
        driver = new ClassifierDriver(config);
        jobsChangelog = driver.testDriver().createOutputTopic(
                config.stage().applicationId() + "-" + ClassifierStores.JOBS + "-changelog",
                new StringDeserializer(), new ByteArrayDeserializer());
        tick(0);
    }

    @AfterEach
    void closeDriver() {
        if (driver != null) {
            driver.close();
        }
    }

    /** Submits a job with {@code maps} maps, its record at its submit time {@code second}. */
    private void submit(String jobId, int maps, double second) {
        driver.send(job(jobId, "sort", maps, 0, second));
    }

    /** Moves stream time to {@code second}, by a heartbeat of n1 (the same node type every time). */
    private void tick(double second) {
        driver.send(heartbeat("n1", 2, 2, 4, 8, second));
    }

    private List<KeyValue<String, JobEntry>> jobEntries() {
        return ClassifierDriver.entries(driver.jobStore());
    }

    /** The value of the last changelog record of {@code jobId} among those written since the last call. */
    private byte[] lastChangelogValue(String jobId) {
        byte[] last = null;
        boolean seen = false;
        for (var record : jobsChangelog.readKeyValuesToList()) {
            if (record.key.equals(jobId)) {
                last = record.value;
                seen = true;
            }
        }
        assertThat(seen).as("a changelog record of %s", jobId).isTrue();
        return last;
    }

    @Test
    void shouldStampAJobEntryWithTheStreamTimeOfItsSubmission() {
        submit("jobA", 1, 1);

        assertThat(jobEntries()).containsExactly(KeyValue.pair("jobA", new JobEntry("sort", 1, 0, ms(1))));
    }

    @Test
    void shouldKeepAJobEntryWhileItsRunProgressesPastTheUnfinishedRetentionFromItsSubmission() {
        submit("jobA", 3, 1);
        driver.mapSucceeded("jobA", 0, 20);
        tick(minutes(20));
        driver.mapSucceeded("jobA", 1, minutes(25));

        // At the purge at 50:00 the job was submitted 49:59 ago, but its run had a success 25:00 ago: kept.
        tick(minutes(50));

        assertThat(driver.jobStore().get("jobA")).isEqualTo(new JobEntry("sort", 3, 0, ms(1)));
        driver.mapSucceeded("jobA", 2, minutes(52));
        assertThat(driver.profiles().readValuesToList()).extracting(JobProfile::getMapCount).containsExactly(3L);
        assertThat(driver.deadLetters().isEmpty()).isTrue();
    }

    @Test
    void shouldKeepAJobEntryWhileItsProfiledMarkerIsWithinTheRetention() {
        submit("jobA", 1, 1);
        driver.mapSucceeded("jobA", 0, 20);
        assertThat(driver.profiles().readValuesToList()).hasSize(1);

        // The purge at 10:00 sees the marker 9:40 old (profiled at stream time 0:20): kept, and the job with it.
        tick(minutes(10) + 19);

        assertThat(driver.jobStore().get("jobA")).isEqualTo(new JobEntry("sort", 1, 0, ms(1)));
        // a late duplicate still meets its job and its marker: ignored, no dead letter, no second profile
        driver.mapSucceeded("jobA", 0, minutes(10) + 19);
        assertThat(driver.profiles().isEmpty()).isTrue();
        assertThat(driver.deadLetters().isEmpty()).isTrue();
    }

    @Test
    void shouldDeleteAJobEntryWithItsProfiledMarkerAndDeadLetterALateSuccess() {
        submit("jobA", 1, 1);
        driver.mapSucceeded("jobA", 0, 20);
        assertThat(driver.profiles().readValuesToList()).hasSize(1);
        tick(minutes(10) + 19);
        assertThat(driver.jobStore().get("jobA")).isNotNull();

        // The purge at 20:00 sees the marker 19:40 old: it goes, and the job's entry with it, also from the
        // changelog (a tombstone), so a restore does not bring it back.
        tick(minutes(20));
        assertThat(jobEntries()).isEmpty();
        assertThat(driver.progress().get("jobA")).isNull();
        assertThat(lastChangelogValue("jobA")).isNull();

        driver.mapSucceeded("jobA", 0, minutes(21));

        // As a report of a job never submitted: a dead letter naming the job, and no new run of the job id.
        assertThat(driver.deadLetters().readValuesToList()).extracting(DeadLetter::getReason)
                .containsExactly("job 'jobA' of jobA MAP 0 is unknown: never submitted, or its entry expired");
        assertThat(driver.progress().get("jobA")).isNull();
        assertThat(driver.runKeys()).isEmpty();
        assertThat(driver.profiles().isEmpty()).isTrue();
    }

    @Test
    void shouldDeleteAJobEntryWithItsAbandonedRunAndDeadLetterALateSuccess() {
        submit("jobD", 2, 1);
        driver.mapSucceeded("jobD", 0, 20);
        // The purge at 30:00: the run is 29:40 without a new success, kept, and the job with it.
        tick(minutes(30));
        assertThat(driver.jobStore().get("jobD")).isEqualTo(new JobEntry("sort", 2, 0, ms(1)));

        // The purge at 40:00: the run goes (39:40), with its sample and the job's entry.
        tick(minutes(40));
        assertThat(jobEntries()).isEmpty();
        assertThat(driver.progress().get("jobD")).isNull();
        assertThat(driver.runKeys()).isEmpty();

        driver.mapSucceeded("jobD", 1, minutes(41));

        assertThat(driver.deadLetters().readValuesToList()).extracting(DeadLetter::getReason)
                .containsExactly("job 'jobD' of jobD MAP 1 is unknown: never submitted, or its entry expired");
        assertThat(driver.runKeys()).isEmpty();
        assertThat(driver.profiles().isEmpty()).isTrue();
    }

    @Test
    void shouldDeleteAJobThatNeverReportedASuccessAfterTheUnfinishedRetentionFromItsSubmission() {
        submit("jobN", 2, 1);
        // The purge at 30:00 sees it submitted 29:59 ago: kept.
        tick(minutes(30));
        assertThat(driver.jobStore().get("jobN")).isEqualTo(new JobEntry("sort", 2, 0, ms(1)));

        // The purge at 40:00: 39:59, gone.
        tick(minutes(40));
        assertThat(jobEntries()).isEmpty();
        assertThat(lastChangelogValue("jobN")).isNull();

        driver.mapSucceeded("jobN", 0, minutes(41));

        assertThat(driver.deadLetters().readValuesToList()).extracting(DeadLetter::getReason)
                .containsExactly("job 'jobN' of jobN MAP 0 is unknown: never submitted, or its entry expired");
        assertThat(driver.progress().get("jobN")).isNull();
        assertThat(driver.runKeys()).isEmpty();
    }

    @Test
    void shouldCountANeverReportedJobsRetentionFromTheStreamTimeOfItsSubmissionNotItsSubmitTime() {
        tick(minutes(15));
        // A late submission: submitted at 0:00, stored at stream time 15:00.
        submit("jobL", 1, 0);
        assertThat(driver.jobStore().get("jobL")).isEqualTo(new JobEntry("sort", 1, 0, ms(minutes(15))));

        // The purge at 30:00: 30:00 after its submit time, which would expire it, but 15:00 after it was stored.
        tick(minutes(30));
        assertThat(driver.jobStore().get("jobL")).isNotNull();

        // The purge at 50:00: 35:00 after it was stored.
        tick(minutes(50));
        assertThat(jobEntries()).isEmpty();
    }

    @Test
    void shouldKeepAJobSubmittedAgainAfterItsMarkerChangedUntilTheUnfinishedRetentionFromTheNewSubmission() {
        submit("jobR", 1, 1);
        driver.mapSucceeded("jobR", 0, 20);
        // the same job id submitted again at 5:00, after its run was profiled at 0:20
        submit("jobR", 1, minutes(5));

        // The purge at 20:00 deletes the marker (19:40 old), but not the newer submission (15:00 old) ...
        tick(minutes(20));
        assertThat(driver.progress().get("jobR")).isNull();
        assertThat(jobEntries()).containsExactly(KeyValue.pair("jobR", new JobEntry("sort", 1, 0, ms(minutes(5)))));

        // ... which now has no progress entry and goes 30 minutes after it was stored: kept at 30:00 (25:00) ...
        tick(minutes(30));
        assertThat(driver.jobStore().get("jobR")).isNotNull();
        // ... gone at 40:00 (35:00).
        tick(minutes(40));
        assertThat(jobEntries()).isEmpty();
    }

    @Test
    void shouldStampAJobEntryWithoutATimeAtTheFirstPurgeAndExpireItOneRetentionLater() {
        // As a format 1 value decodes (JobEntryTest): no time. Written under the submit time 0:00, as the table does.
        driver.testDriver().<String, JobEntry>getTimestampedKeyValueStore(ClassifierStores.JOBS)
                .put("jobOld", ValueAndTimestamp.make(new JobEntry("sort", 2, 0), ms(0)));

        // The purge at 10:00 is the first to see it: it stamps it with 10:00 (the table's timestamp stays) ...
        tick(minutes(10));
        assertThat(driver.jobStore().get("jobOld")).isEqualTo(new JobEntry("sort", 2, 0, ms(minutes(10))));
        assertThat(driver.testDriver().<String, JobEntry>getTimestampedKeyValueStore(ClassifierStores.JOBS)
                .get("jobOld").timestamp()).isEqualTo(ms(0));
        // ... kept at 30:00 (20:00 after the stamp), though 30:00 after its submit time ...
        tick(minutes(30));
        assertThat(driver.jobStore().get("jobOld")).isNotNull();

        // ... and gone at 40:00, one unfinished retention after the stamp.
        tick(minutes(40));
        assertThat(jobEntries()).isEmpty();
    }
}
