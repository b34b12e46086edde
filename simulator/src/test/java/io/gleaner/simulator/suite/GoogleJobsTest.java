package io.gleaner.simulator.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.ingest.google.GoogleTraceRule;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.simulator.suite.GoogleTaskRecord.Step;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rule that makes Google 2011 jobs Gleaner jobs (docs/simulator.md#google-2011-jobs). */
class GoogleJobsTest {

    private static final Instant START = GoogleTraceRule.DEFAULT_TRACE_EPOCH;

    @Test
    void shouldMakeEachTaskAMapWhoseWorkIsTheMeanRunTimeOnAReferenceCore() {
        var records = List.of(
                at(7, 0, Step.SUBMIT, 1000), at(7, 1, Step.SUBMIT, 1001),
                at(7, 0, Step.SCHEDULE, 1010), at(7, 1, Step.SCHEDULE, 1020),
                at(7, 0, Step.FINISH, 1110), at(7, 1, Step.FINISH, 1320));

        var jobs = GoogleJobs.of(records, START);

        assertThat(jobs).hasSize(1);
        var job = jobs.get(0);
        assertThat(job.jobId()).isEqualTo("google/7");
        assertThat(job.jobName()).isEqualTo("7");
        assertThat(job.user()).isEqualTo("u7");
        assertThat(job.submitTime()).isEqualTo(START.plusSeconds(1000));
        assertThat(job.inputBytes()).isEqualTo(2 * GoogleJobs.CHUNK_BYTES);
        assertThat(job.shuffleBytes()).isZero();
        assertThat(job.taskGroups()).hasSize(1);
        var maps = job.group(TaskKind.MAP).orElseThrow();
        assertThat(maps.count()).isEqualTo(2);
        assertThat(maps.demand()).isEqualTo(GoogleJobs.TASK_DEMAND);
        // Run times 100 s and 300 s: each map computes 200 s on one 8 GFLOP/s core.
        double seconds = GoogleJobs.CHUNK_BYTES * maps.flopPerByte() / GoogleJobs.REFERENCE_FLOPS;
        assertThat(seconds).isCloseTo(200.0, within(1e-9));
        assertThat(maps.dataset()).contains("google/7/input");
    }

    @Test
    void shouldTakeTheRunFromTheLastScheduleOfATaskThatWasEvicted() {
        var records = List.of(at(3, 0, Step.SUBMIT, 10), at(3, 0, Step.SCHEDULE, 20), at(3, 0, Step.OTHER_END, 50),
                at(3, 0, Step.SCHEDULE, 60), at(3, 0, Step.FINISH, 70));

        var maps = GoogleJobs.of(records, START).get(0).group(TaskKind.MAP).orElseThrow();

        assertThat(GoogleJobs.CHUNK_BYTES * maps.flopPerByte() / GoogleJobs.REFERENCE_FLOPS)
                .isCloseTo(10.0, within(1e-9));
    }

    @Test
    void shouldLeaveOutJobsFromBeforeTheTraceAndJobsWithATaskThatDidNotFinish() {
        var records = new ArrayList<GoogleTaskRecord>();
        // Job 1 was there when the trace began (SUBMIT at time 0).
        records.addAll(List.of(at(1, 0, Step.SUBMIT, 0), at(1, 0, Step.SCHEDULE, 5), at(1, 0, Step.FINISH, 9)));
        // Job 2's second task was killed.
        records.addAll(List.of(at(2, 0, Step.SUBMIT, 3), at(2, 1, Step.SUBMIT, 3), at(2, 0, Step.SCHEDULE, 4),
                at(2, 1, Step.SCHEDULE, 4), at(2, 0, Step.FINISH, 8), at(2, 1, Step.OTHER_END, 8)));
        // Job 4's task never started; job 5's has no SUBMIT (the reader rejected it).
        records.addAll(List.of(at(4, 0, Step.SUBMIT, 6), at(5, 0, Step.SCHEDULE, 6), at(5, 0, Step.FINISH, 7)));
        // Job 6 is kept, and comes before job 8, submitted earlier in the file but later in time.
        records.addAll(List.of(at(8, 0, Step.SUBMIT, 9), at(6, 0, Step.SUBMIT, 8), at(6, 0, Step.SCHEDULE, 9),
                at(8, 0, Step.SCHEDULE, 9), at(6, 0, Step.FINISH, 10), at(8, 0, Step.FINISH, 11)));

        assertThat(GoogleJobs.of(records, START)).extracting(Job::jobId).containsExactly("google/6", "google/8");
    }

    @Test
    void shouldReadATinyExcerptThroughTheIngestReader(@TempDir Path dir) throws IOException {
        var file = dir.resolve("task_events.csv");
        Files.writeString(file, String.join("\n",
                "0,,11,0,,0,uA,0,9,0.125,0.07,0.0004,0",
                "600000000,,22,0,,0,uB,0,9,0.0625,0.006,0.00004,0",
                "600000000,,22,1,,0,uB,0,9,0.0625,0.006,0.00004,0",
                "601000000,,22,0,1234,1,uB,0,9,0.0625,0.006,0.00004,0",
                "601500000,,22,1,1235,1,uB,0,9,0.0625,0.006,0.00004,0",
                "602000000,,22,0,1234,8,uB,0,9,0.0625,0.008,0.00004,0",
                "611000000,,22,0,1234,4,uB,0,9,0.0625,0.006,0.00004,0",
                "641500000,,22,1,1235,4,uB,0,9,0.0625,0.006,0.00004,0",
                "650000000,,11,0,77,1,uA,0,9,,,,",
                "660000000,,11,0,77,4,uA,0,9,,,,") + "\n");

        var jobs = GoogleTaskEvents.jobs(file.toString());

        // Job 11 was submitted at time 0, before the trace; the UPDATE_RUNNING (8) line is rejected and skipped.
        assertThat(jobs).singleElement().satisfies(job -> {
            assertThat(job.jobId()).isEqualTo("google/22");
            assertThat(job.user()).isEqualTo("uB");
            assertThat(job.submitTime()).isEqualTo(START.plusSeconds(600));
            var maps = job.group(TaskKind.MAP).orElseThrow();
            assertThat(maps.count()).isEqualTo(2);
            // Runs of 10 s and 40 s.
            assertThat(GoogleJobs.CHUNK_BYTES * maps.flopPerByte() / GoogleJobs.REFERENCE_FLOPS)
                    .isCloseTo(25.0, within(1e-9));
        });
    }

    @Test
    void shouldKeepEveryJobOfTheBundledExcerptInSubmitOrder() {
        var jobs = GoogleTaskEvents.jobs(GoogleTaskEvents.BUNDLED);

        assertThat(jobs).hasSize(BUNDLED_JOBS);
        assertThat(jobs).extracting(Job::submitTime).isSorted();
        assertThat(jobs).allSatisfy(job -> assertThat(job.submitTime()).isAfter(START));
        assertThat(jobs.stream().mapToInt(job -> job.count(TaskKind.MAP)).sum()).isEqualTo(BUNDLED_TASKS);
    }

    /**
     * The excerpt's ATTRIBUTION.md: 589 jobs, each task a SUBMIT, a SCHEDULE and a FINISH; the ingest reader rejects
     * the SUBMITs of the 107 whose CPU request is 0, which so drop out.
     */
    private static final int BUNDLED_JOBS = 482;
    private static final int BUNDLED_TASKS = 710;

    private static GoogleTaskRecord at(long job, int task, Step step, long seconds) {
        return new GoogleTaskRecord(job, task, step, START.plusSeconds(seconds), step == Step.SUBMIT ? "u" + job : "");
    }
}
