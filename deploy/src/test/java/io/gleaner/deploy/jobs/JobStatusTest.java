package io.gleaner.deploy.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.JobEvent;
import io.gleaner.schemas.avro.JobEventType;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class JobStatusTest {

    private static final Instant T0 = Instant.parse("2026-11-28T09:00:00Z");

    static JobEvent event(JobEventType type, int seconds, int succeeded) {
        return JobEvent.newBuilder().setJobId("j1").setType(type).setTime(T0.plusSeconds(seconds)).setTasks(3)
                .setSucceededTasks(succeeded).build();
    }

    @Test
    void shouldKeepTheLatestStateAndCountsAndWhenTheStateBegan() {
        var status = JobStatus.first(event(JobEventType.SUBMITTED, 0, 0))
                .next(event(JobEventType.STARTED, 5, 0))
                .next(event(JobEventType.ATTEMPT_LOST, 9, 1));

        assertThat(status.state()).as("a lost attempt does not end the run").isEqualTo(JobEventType.STARTED);
        assertThat(status.since()).isEqualTo(T0.plusSeconds(5));
        assertThat(status.lastEvent().getSucceededTasks()).isEqualTo(1);
        assertThat(status.events()).isEqualTo(3);
        assertThat(status.done()).isFalse();
        assertThat(status.text()).contains("state        STARTED since 2026-11-28T09:00:05Z")
                .contains("tasks        1 of 3 succeeded").contains("last event   2026-11-28T09:00:09Z j1 ATTEMPT_LOST");
    }

    @Test
    void shouldEndWithAnExitCodePerOutcome() {
        var started = JobStatus.first(event(JobEventType.STARTED, 0, 0));

        assertThat(started.next(event(JobEventType.SUCCEEDED, 9, 3)).exitCode()).isZero();
        assertThat(started.next(event(JobEventType.FAILED, 9, 1)).exitCode()).isEqualTo(JobStatus.FAILED_EXIT_CODE);
        assertThat(started.next(event(JobEventType.REJECTED, 9, 0)).exitCode())
                .isEqualTo(JobStatus.REJECTED_EXIT_CODE);
        assertThat(started.next(event(JobEventType.FAILED, 9, 1)).done()).isTrue();
    }

    @Test
    void shouldPrintAnEventOnOneLineWithItsReason() {
        var failed = JobEvent.newBuilder(event(JobEventType.FAILED, 60, 2)).setFailedAttempts(4)
                .setReason("task j1/m/2 failed 4 attempts").build();

        assertThat(JobStatus.line(failed))
                .isEqualTo("2026-11-28T09:01:00Z j1 FAILED tasks 2/3 failed 4 lost 0: task j1/m/2 failed 4 attempts");
    }
}
