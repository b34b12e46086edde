package io.gleaner.simulator.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.planner.core.Job;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadFactorTest {

    private static final Instant EPOCH = SwimJobRule.DEFAULT_TRACE_EPOCH;

    private final List<Job> jobs = SwimRows.jobs(List.of(new SwimRow("a", 10, 1, 0, 0),
            new SwimRow("b", 30, 1 << 30, 1 << 20, 5), new SwimRow("c", 110, 7, 0, 0)), SwimJobRule.defaults());

    @Test
    void shouldDivideTheTimeAfterTheFirstSubmissionByTheFactor() {
        assertThat(LoadFactor.scale(jobs, 2)).extracting(Job::submitTime)
                .containsExactly(EPOCH.plusSeconds(10), EPOCH.plusSeconds(20), EPOCH.plusSeconds(60));
        assertThat(LoadFactor.scale(jobs, 0.5)).extracting(Job::submitTime)
                .containsExactly(EPOCH.plusSeconds(10), EPOCH.plusSeconds(50), EPOCH.plusSeconds(210));
        // 100 s over 3 is 33,333.33 ms, cut to the millisecond.
        assertThat(LoadFactor.scale(jobs, 3).get(2).submitTime()).isEqualTo(EPOCH.plusMillis(10_000 + 33_333));
    }

    @Test
    void shouldChangeNothingButTheSubmitTime() {
        var scaled = LoadFactor.scale(jobs, 4);
        for (int i = 0; i < jobs.size(); i++) {
            var job = jobs.get(i);
            assertThat(scaled.get(i)).usingRecursiveComparison().ignoringFields("submitTime").isEqualTo(job);
        }
        assertThat(LoadFactor.scale(jobs, 1)).isEqualTo(jobs);
    }

    @Test
    void shouldRefuseAFactorThatIsNotPositiveAndFinite() {
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> LoadFactor.scale(jobs, bad)).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
