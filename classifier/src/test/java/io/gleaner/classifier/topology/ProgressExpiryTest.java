package io.gleaner.classifier.topology;

import static io.gleaner.classifier.topology.ClassifierFixtures.heartbeat;
import static io.gleaner.classifier.topology.ClassifierFixtures.job;
import static io.gleaner.classifier.topology.ClassifierFixtures.minutes;
import static io.gleaner.classifier.topology.ClassifierFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.classifier.estimate.Phase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TopologyTestDriver;
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

    private ClassifierDriver driver;
    private int ticks;

    @BeforeEach
    void start(@TempDir Path stateDir) {
        driver = new ClassifierDriver(ClassifierDriver.config(stateDir).withProfiledRetention(PROFILED)
                .withUnfinishedRetention(UNFINISHED));
        driver.send(heartbeat("n1", 2, 2, 4, 8, 0));
    }

    @AfterEach
    void closeDriver() {
        if (driver != null) {
            driver.close();
        }
    }

    /** Moves the collector's stream time to {@code second}, by submitting a job that never runs. */
    private void tick(double second) {
        driver.send(job("idle-" + ticks++, "idle", 1, 0, second));
    }

    private List<KeyValue<String, ProfilingProgress>> progressEntries() {
        return ClassifierDriver.entries(driver.progress());
    }

    @Test
    void shouldIgnoreALateDuplicateSuccessWhileItsMarkerIsWithinTheRetention() {
        driver.send(job("jobA", "grep", 1, 0, 1));
        driver.mapSucceeded("jobA", 0, 20);
        assertThat(driver.profiles().readValuesToList()).hasSize(1);
        // The purge at 10:19 sees the marker 9:59 old (profiled at stream time 0:20): kept.
        tick(minutes(10) + 19);

        driver.mapSucceeded("jobA", 0, minutes(10) + 19);

        // A one-map job: had the marker gone, this success would be a whole new run and a second profile.
        assertThat(driver.profiles().isEmpty()).isTrue();
        assertThat(driver.progress().get("jobA")).isEqualTo(new ProfilingProgress(1, true, ms(20)));
        assertThat(driver.runKeys()).isEmpty();
        assertThat(driver.deadLetters().isEmpty()).isTrue();
    }

    @Test
    void shouldDeleteAProfiledMarkerOnceStreamTimePassesTheRetention() {
        driver.send(job("jobA", "grep", 1, 0, 1));
        driver.mapSucceeded("jobA", 0, 20);
        tick(minutes(10) + 19);
        assertThat(progressEntries()).containsExactly(KeyValue.pair("jobA", new ProfilingProgress(1, true, ms(20))));

        // The next purge, at 20:00, sees it 19:40 old.
        tick(minutes(20));

        assertThat(progressEntries()).isEmpty();
        assertThat(driver.runKeys()).isEmpty();
    }

    @Test
    void shouldCountASuccessOfAJobSubmittedAgainAfterItsMarkerExpiredAsANewRunThatExpiresInTurn() {
        driver.send(job("jobB", "sort", 2, 0, 1));
        driver.mapSucceeded("jobB", 0, 20);
        driver.mapSucceeded("jobB", 1, 30);
        assertThat(driver.profiles().readValuesToList()).hasSize(1);
        tick(minutes(20));
        assertThat(progressEntries()).isEmpty();
        // The job's entry went with its marker (JobExpiryTest); the same job id is submitted again.
        driver.send(job("jobB", "sort", 2, 0, minutes(20)));

        // the first success of map 0 redelivered, with its own event time 0:20, at stream time 20:00
        driver.mapSucceeded("jobB", 0, 20);

        // A new, unfinished run of jobB: one success, its sample kept, no profile. Its time is the stream time,
        // 20:00, not the report's 0:20.
        assertThat(driver.progress().get("jobB")).isEqualTo(new ProfilingProgress(1, false, ms(minutes(20))));
        assertThat(driver.runKeys()).containsExactly(RunKeys.key("jobB", Phase.MAP, 0));
        assertThat(driver.profiles().isEmpty()).isTrue();
        // It is unfinished, so the unfinished retention applies: 20 minutes old at the purge at 40:00, kept ...
        tick(minutes(40));
        assertThat(driver.progress().get("jobB")).isNotNull();
        // ... and gone with its sample at the purge at 50:00 (30 minutes).
        tick(minutes(50));
        assertThat(progressEntries()).isEmpty();
        assertThat(driver.runKeys()).isEmpty();
        assertThat(driver.profiles().isEmpty()).isTrue();
        assertThat(driver.deadLetters().isEmpty()).isTrue();
    }

    @Test
    void shouldKeepAnUnfinishedRunThatStillProgressesPastTheRetentionFromItsFirstSuccess() {
        driver.send(job("jobC", "sort", 3, 0, 1));
        driver.mapSucceeded("jobC", 0, 20);
        tick(minutes(20));
        driver.mapSucceeded("jobC", 1, minutes(25));
        // 49:40 after its first success, 25:00 after its last: the retention counts from the last, kept.
        tick(minutes(50));
        assertThat(driver.progress().get("jobC")).isEqualTo(new ProfilingProgress(2, false, ms(minutes(25))));
        assertThat(driver.runKeys()).hasSize(2);

        driver.mapSucceeded("jobC", 2, minutes(52));

        var published = driver.profiles().readValuesToList();
        assertThat(published).hasSize(1);
        assertThat(published.get(0).getMapCount()).isEqualTo(3);
    }

    @Test
    void shouldDropAnAbandonedRunWithItsSamplesAfterTheUnfinishedRetention() {
        driver.send(job("jobD", "sort", 2, 0, 1));
        driver.mapSucceeded("jobD", 0, 20);
        // profiled retention passed, unfinished retention not yet (29:40 old at the purge at 30:00)
        tick(minutes(30));
        assertThat(driver.progress().get("jobD")).isEqualTo(new ProfilingProgress(1, false, ms(20)));
        assertThat(driver.runKeys()).hasSize(1);

        tick(minutes(40));

        assertThat(progressEntries()).isEmpty();
        assertThat(driver.runKeys()).isEmpty();
        assertThat(driver.profiles().isEmpty()).isTrue();
    }

    @Test
    void shouldStampAnEntryWithoutATimeAtTheFirstPurgeAndExpireItOneRetentionLater() {
        // As a format 1 value decodes (ProfilingProgressTest): a profiled marker with no time. (The purge at 0:00 ran on
        // the heartbeat of start(); this entry was not there yet.)
        driver.progress().put("jobOld", new ProfilingProgress(2, true, ProfilingProgress.UNKNOWN_TIME));

        // The next purge, at 10:00, is the first to see it: it stamps it with 10:00 and deletes nothing.
        tick(minutes(10));
        assertThat(driver.progress().get("jobOld")).isEqualTo(new ProfilingProgress(2, true, ms(minutes(10))));
        // still a marker: a late success of it is ignored
        driver.send(job("jobOld", "sort", 2, 0, 1));
        driver.mapSucceeded("jobOld", 1, minutes(15));
        assertThat(driver.progress().get("jobOld")).isEqualTo(new ProfilingProgress(2, true, ms(minutes(10))));
        assertThat(driver.runKeys()).isEmpty();

        // one profiled retention after the stamp
        tick(minutes(20));

        assertThat(progressEntries()).isEmpty();
        assertThat(driver.profiles().isEmpty()).isTrue();
    }
}
