package io.gleaner.classifier.estimate;

import static io.gleaner.classifier.estimate.EstimateFixtures.map;
import static io.gleaner.classifier.estimate.EstimateFixtures.reduce;
import static io.gleaner.classifier.estimate.EstimateFixtures.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.classifier.estimate.ExecutionTime.Source;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ExecutionTimesTest {

    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;

    private final ExecutionTimes times = new ExecutionTimes(
            List.of(new NodeType("slow", 5), new NodeType("standard", 10), new NodeType("fast", 20)),
            WorkRates.DEFAULTS);

    /** History of "etl": maps on "fast" (4 and 6 s) and "standard" (10 s), one reduce on "standard" (30 s). */
    private static Optional<JobProfile> history() {
        return Optional.of(ProfileBuilder.fromRun(List.of(
                map("j1", "fast", 0, 4, 128 * MIB),
                map("j1", "fast", 0, 6, 128 * MIB),
                map("j1", "standard", 0, 10, 128 * MIB),
                reduce("j1", "standard", 10, 40))));
    }

    @Test
    void shouldUseTheJobNamesMeanTaskLengthOnTheNodeType() {
        // maps: µ on fast = (4 + 6)/2 = 5 s; reduces never ran on fast: the 30 s on standard scaled by
        // 10/20 = 15 s; 3 · 5 + 2 · 15 = 45 s
        var job = new JobShape(3, 3 * 128 * MIB, 2, 2 * GIB);

        var t = times.meanExecTime(history(), job, "fast");

        assertThat(t.mapSource()).isEqualTo(Source.HISTORY);
        assertThat(t.mapTaskMillis()).isCloseTo(s(5), within(1e-9));
        assertThat(t.reduceSource()).isEqualTo(Source.SCALED_HISTORY);
        assertThat(t.reduceTaskMillis()).isCloseTo(s(15), within(1e-9));
        assertThat(t.meanExecMillis()).isCloseTo(s(3 * 5 + 2 * 15), within(1e-9));
    }

    @Test
    void shouldScaleOtherNodeTypesHistoryBySpeedWeightedByTaskCount() {
        // maps on slow (speed 5) from fast (2 tasks, 5 s · 20/5 = 20 s) and standard (1 task, 10 s · 10/5 = 20 s)
        // → (2·20 + 1·20)/3 = 20 s (the weights are checked in the next test)
        var job = new JobShape(1, 128 * MIB, 0, 0);

        var t = times.meanExecTime(history(), job, "slow");

        assertThat(t.mapSource()).isEqualTo(Source.SCALED_HISTORY);
        assertThat(t.mapTaskMillis()).isCloseTo(s(20), within(1e-9));
        assertThat(t.reduceSource()).isEqualTo(Source.NONE);
    }

    @Test
    void scaledHistoryIsWeightedByTaskCount() {
        // fast: 2 maps of 4 s (mean 4) → 16 s on slow; standard: 1 map of 10 s → 20 s on slow; (2·16 + 20)/3
        var h = ProfileBuilder.fromRun(List.of(
                map("j1", "fast", 0, 4, 1), map("j1", "fast", 0, 4, 1), map("j1", "standard", 0, 10, 1)));

        var t = times.meanExecTime(Optional.of(h), new JobShape(1, 1, 0, 0), "slow");

        assertThat(t.mapTaskMillis()).isCloseTo(s(52.0 / 3), within(1e-9));
    }

    @Test
    void shouldFallBackToTheWorkModelWithoutHistory() {
        // map: 128 MiB · 3100 FLOP/B / (10 GFLOP/s · 1 core) = 41.607 s → 41608 ms;
        // reduce: copy 1 GiB · 8 / 100 Mbps = 85.899 s → 85900 ms, compute 1 GiB · 6300 / 1e10 = 676.457 s
        // → 676458 ms; one map + one reduce: 41608 + 85900 + 676458 = 803966 ms
        var job = new JobShape(1, 128 * MIB, 1, GIB);

        var t = times.meanExecTime(Optional.empty(), job, "standard");

        assertThat(t.mapSource()).isEqualTo(Source.WORK_MODEL);
        assertThat(t.reduceSource()).isEqualTo(Source.WORK_MODEL);
        assertThat(t.mapTaskMillis()).isEqualTo(41_608);
        assertThat(t.reduceTaskMillis()).isEqualTo(85_900 + 676_458);
        assertThat(t.meanExecMillis()).isEqualTo(803_966);
    }

    @Test
    void theWorkModelUsesTheMeanBytesPerTask() {
        // 4 maps over 512 MiB read 128 MiB each: 4 · 41608 ms
        var t = times.meanExecTime(Optional.empty(), new JobShape(4, 512 * MIB, 0, 0), "standard");

        assertThat(t.meanExecMillis()).isEqualTo(4 * 41_608);
    }

    @Test
    void theRateIsTheInverseOfTheMeanExecutionTimeInJobsPerSecond() {
        // 3 maps · 5 s + 0 reduces on fast = 15 s → 1/15 jobs per second per slot
        var job = new JobShape(3, 3 * 128 * MIB, 0, 0);

        assertThat(times.rate(history(), job, "fast")).isCloseTo(1.0 / 15, within(1e-12));
    }

    @Test
    void ratesCoverEveryNodeTypeAndGrowWithSpeed() {
        var job = new JobShape(2, 256 * MIB, 1, GIB);

        var rates = times.rates(Optional.empty(), job);

        assertThat(rates).containsOnlyKeys("fast", "slow", "standard");
        assertThat(rates.get("fast")).isGreaterThan(rates.get("standard"));
        assertThat(rates.get("standard")).isGreaterThan(rates.get("slow"));
    }

    @Test
    void shouldRejectAnUnknownNodeType() {
        var job = new JobShape(1, 1, 0, 0);

        assertThatThrownBy(() -> times.meanExecTime(Optional.empty(), job, "gpu"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown node type 'gpu'; expected one of fast, slow, standard");
    }

    @Test
    void shouldRejectAJobWithoutTasks() {
        assertThatThrownBy(() -> new JobShape(0, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a job needs at least one task, had none");
    }
}
