package io.gleaner.simulator.lockstep;

import static io.gleaner.simulator.core.SimulatorFixtures.GIB;
import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static io.gleaner.simulator.core.SimulatorFixtures.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.simulator.core.AttemptReport;
import io.gleaner.simulator.core.Utilization;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LockstepRecordsTest {

    @Test
    void reportKeepsWhatTheExecutorKnows() {
        var outcome = new TaskOutcome("j/m/1/0", "j", TaskKind.MAP, 1, 0, "n2", TaskOutcome.State.SUCCEEDED,
                T0.plusSeconds(70));
        var report = new AttemptReport(outcome, Optional.of(T0.plusSeconds(6)), false, 128, 52.01, 3 * GIB,
                Optional.empty());

        var avro = LockstepRecords.taskReport(report);

        assertThat(avro.getDecisionId()).isEqualTo("j/m/1/0");
        assertThat(avro.getState()).isEqualTo(TaskState.SUCCEEDED);
        assertThat(avro.getTime()).isEqualTo(T0.plusSeconds(70));
        assertThat(avro.getStartTime()).isEqualTo(T0.plusSeconds(6));
        assertThat(avro.getLocal()).isFalse();
        assertThat(avro.getCpuSeconds()).isEqualTo(52.01);
        assertThat(avro.getMemoryBytes()).isEqualTo(3 * GIB);
        assertThat(avro.getReason()).isNull();
    }

    @Test
    void failedReportCarriesItsReason() {
        var outcome = new TaskOutcome("j/r/0/1", "j", TaskKind.REDUCE, 0, 1, "n2", TaskOutcome.State.FAILED, T0);
        var report = new AttemptReport(outcome, Optional.empty(), true, 0, 0, 4 * GIB,
                Optional.of(AttemptReport.NODE_FULL));

        var avro = LockstepRecords.taskReport(report);

        assertThat(avro.getKind()).isEqualTo(io.gleaner.schemas.avro.TaskKind.REDUCE);
        assertThat(avro.getState()).isEqualTo(TaskState.FAILED);
        assertThat(avro.getReason()).isEqualTo("node full");
        assertThat(avro.getStartTime()).isNull();
    }

    @Test
    void reportCarriesTheOutcomeThePlannerReads() {
        var outcome = new TaskOutcome("j/m/1/0", "j", TaskKind.MAP, 1, 0, "n2", TaskOutcome.State.SUCCEEDED,
                T0.plusSeconds(70));
        var report = new AttemptReport(outcome, Optional.of(T0.plusSeconds(6)), false, 128, 52.01, 3 * GIB,
                Optional.empty());

        assertThat(EventMapping.taskOutcome(LockstepRecords.taskReport(report))).isEqualTo(new Checked.Valid<>(outcome));
    }

    @Test
    void utilizationKeepsEveryField() {
        var sample = LockstepRecords.utilizationSample(
                new Utilization("n1", T0, Utilization.Metric.MEMORY, Utilization.Source.EPHEMERAL, 0.25));

        assertThat(sample.getNodeId()).isEqualTo("n1");
        assertThat(sample.getTime()).isEqualTo(T0);
        assertThat(sample.getMetric()).isEqualTo(Metric.MEMORY);
        assertThat(sample.getSource()).isEqualTo(UsageSource.EPHEMERAL);
        assertThat(sample.getValue()).isEqualTo(0.25);
    }

    @Test
    void trustedJobMapsAsThePlannerMapsIt() {
        var job = job("j", Duration.ofSeconds(5), 3, 2);
        var event = EventMapping.jobSubmitted(job);

        assertThat(LockstepRecords.job(event)).isEqualTo(job);
        event.getTasks().get(0).setBytesPerTask(-64);
        assertThatThrownBy(() -> LockstepRecords.job(event))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tasks[0].bytesPerTask must be in 0..1099511627776, was -64 (job j)");
    }
}
