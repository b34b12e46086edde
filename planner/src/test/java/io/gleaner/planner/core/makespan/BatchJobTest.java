package io.gleaner.planner.core.makespan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BatchJobTest {

    @Test
    void stagesGrowByWholeWavesOfTheWaveModel() {
        // TV-1's counting: 80 maps on 64 slots are 2 waves, 64 reduces 1 wave; with 10 s maps and 30 s reduces
        // M = 2 x 10 s, R = 1 x 30 s (no separate shuffle in a modelled profile).
        var job = BatchJob.ofTaskLengths("j", 80, 10_000, 64, 30_000);

        assertThat(job.stageLengths(64)).isEqualTo(new StageLengths("j", 20_000, 30_000));
        assertThat(job.stageLengths(16)).isEqualTo(new StageLengths("j", 50_000, 120_000));
    }

    @Test
    void aJobWithoutReducesHasAnEmptyReduceStage() {
        var job = BatchJob.ofTaskLengths("j", 3, 10, 0, 0);

        assertThat(job.stageLengths(2)).isEqualTo(new StageLengths("j", 20, 0));
    }

    @Test
    void refusesAPoolWithoutSlots() {
        var job = BatchJob.ofTaskLengths("j", 3, 10, 1, 5);

        assertThatThrownBy(() -> job.stageLengths(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("slots must be >= 1, was 0");
    }
}
