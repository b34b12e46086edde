package io.gleaner.simulator.lockstep;

import static io.gleaner.simulator.core.SimulatorFixtures.GIB;
import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static io.gleaner.simulator.core.SimulatorFixtures.job;
import static io.gleaner.simulator.core.SimulatorFixtures.mapOn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Resources;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.simulator.core.AttemptReport;
import io.gleaner.simulator.core.Utilization;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AvroMappingTest {

    @Test
    void jobSurvivesTheRoundTripThroughJobSubmitted() {
        var job = job("j", Duration.ofSeconds(5), 3, 2);
        var withDeadline = new Job(job.jobId(), job.jobName(), "alice", "q1", 4, job.submitTime(),
                Optional.of(T0.plusSeconds(600)), job.inputBytes(), job.shuffleBytes(), job.outputBytes(),
                job.taskGroups());

        assertThat(AvroMapping.job(AvroMapping.jobSubmitted(job))).isEqualTo(job);
        assertThat(AvroMapping.job(AvroMapping.jobSubmitted(withDeadline))).isEqualTo(withDeadline);
    }

    @Test
    void placementSurvivesTheRoundTripThroughPlacementDecision() {
        var placement = mapOn(job("j", Duration.ZERO, 3, 1), 2, "n4", T0.plusSeconds(3));

        var decision = AvroMapping.placementDecision(placement);

        assertThat(decision.getChunk().getDataset()).isEqualTo("ds-j");
        assertThat(decision.getChunk().getIndex()).isEqualTo(2);
        assertThat(AvroMapping.placement(decision)).isEqualTo(placement);
    }

    @Test
    void placementOfUnknownKindIsRefused() {
        var decision = AvroMapping.placementDecision(mapOn(job("j", Duration.ZERO, 1, 0), 0, "n1", T0));
        decision.setKind(io.gleaner.schemas.avro.TaskKind.UNKNOWN);

        assertThatThrownBy(() -> AvroMapping.placement(decision))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("task kind UNKNOWN");
    }

    @Test
    void placementWhoseDecisionIdDoesNotMatchItsTaskIsRefused() {
        var decision = AvroMapping.placementDecision(mapOn(job("j", Duration.ZERO, 1, 0), 0, "n1", T0));
        decision.setDecisionId("j/m/0/7");

        assertThatThrownBy(() -> AvroMapping.placement(decision))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("j/m/0/7");
    }

    @Test
    void reportKeepsWhatTheExecutorKnows() {
        var outcome = new TaskOutcome("j/m/1/0", "j", TaskKind.MAP, 1, 0, "n2", TaskOutcome.State.SUCCEEDED,
                T0.plusSeconds(70));
        var report = new AttemptReport(outcome, Optional.of(T0.plusSeconds(6)), false, 128, 52.01, 3 * GIB,
                Optional.empty());

        var avro = AvroMapping.taskReport(report);

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

        var avro = AvroMapping.taskReport(report);

        assertThat(avro.getKind()).isEqualTo(io.gleaner.schemas.avro.TaskKind.REDUCE);
        assertThat(avro.getState()).isEqualTo(TaskState.FAILED);
        assertThat(avro.getReason()).isEqualTo("node full");
        assertThat(avro.getStartTime()).isNull();
    }

    @Test
    void heartbeatAndUtilizationKeepEveryField() {
        var node = new NodeState("n1", T0, "rack-a", List.of("gpu=a100"), new Resources(4, 64 * GIB), 8.0, 4,
                new Resources(3, 61 * GIB), 3, List.of("j/m/0/0"));

        var heartbeat = AvroMapping.nodeHeartbeat(node);
        var sample = AvroMapping.utilizationSample(
                new Utilization("n1", T0, Utilization.Metric.MEMORY, Utilization.Source.EPHEMERAL, 0.25));

        assertThat(heartbeat.getFree().getCpus()).isEqualTo(3.0);
        assertThat(heartbeat.getFree().getMemoryBytes()).isEqualTo(61 * GIB);
        assertThat(heartbeat.getCapacity().getMemoryBytes()).isEqualTo(64 * GIB);
        assertThat(heartbeat.getFreeSlots()).isEqualTo(3);
        assertThat(heartbeat.getRunningAttempts()).containsExactly("j/m/0/0");
        assertThat(heartbeat.getLabels()).containsExactly("gpu=a100");
        assertThat(heartbeat.getRack()).isEqualTo("rack-a");
        assertThat(heartbeat.getTime()).isEqualTo(T0);
        assertThat(sample.getMetric()).isEqualTo(Metric.MEMORY);
        assertThat(sample.getSource()).isEqualTo(UsageSource.EPHEMERAL);
        assertThat(sample.getValue()).isEqualTo(0.25);
    }
}
