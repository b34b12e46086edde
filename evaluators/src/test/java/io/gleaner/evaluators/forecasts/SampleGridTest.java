package io.gleaner.evaluators.forecasts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.evaluators.forecasts.SampleGrid.Resource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SampleGridTest {

    private static final Duration STEP = Duration.ofSeconds(10);

    @Test
    void shouldGiveTheSameGridWhateverTheOrderTheSamplesCameIn() {
        // One sample every 7 s for 1,000 samples, with a few 40 s holes, in time order and shuffled.
        List<long[]> samples = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            if (i % 97 < 5) {
                continue;
            }
            samples.add(new long[] {7_000L * i, i});
        }
        var ordered = new SampleGrid(STEP, Duration.ofSeconds(20));
        samples.forEach(s -> ordered.add("n", Resource.CPU, s[0], s[1] / 1000.0));
        var shuffledSamples = new ArrayList<>(samples);
        Collections.shuffle(shuffledSamples, new Random(5));
        var shuffled = new SampleGrid(STEP, Duration.ofSeconds(20));
        shuffledSamples.forEach(s -> shuffled.add("n", Resource.CPU, s[0], s[1] / 1000.0));
        double[] expected = ordered.series().get(0).series().values();
        assertThat(shuffled.series().get(0).series().values()).containsExactly(expected);
        // The holes leave gaps once the last sample is more than 20 s older than the end of a step.
        assertThat(expected).contains(Double.NaN);
        assertThat(shuffled.samples()).isEqualTo(samples.size());
    }

    @Test
    void shouldKeepTheLaterOfTwoSamplesWithTheSameTime() {
        var grid = new SampleGrid(STEP, Duration.ofSeconds(20));
        grid.add("n", Resource.MEMORY, 5_000, 0.4);
        grid.add("n", Resource.MEMORY, 1_000, 0.1);
        grid.add("n", Resource.MEMORY, 5_000, 0.6);
        var series = grid.series();
        assertThat(series).extracting(TraceSeries::key).containsExactly("n/cpu", "n/memory");
        // the step's mean over 0.1 and the later 0.6 (0.25 with the first, 0.367 with both)
        assertThat(series.get(1).series().values()).containsExactly(new double[] {0.35}, within(1e-12));
        assertThat(series.get(0).series().values()).containsExactly(Double.NaN);
    }

    @Test
    void shouldGiveANamedNodeWithoutSamplesOnlyGapsInItsPlace() {
        var grid = new SampleGrid(STEP, Duration.ZERO);
        grid.node("quiet");
        grid.add("busy", Resource.CPU, 25_000, 0.5);
        grid.add("busy", Resource.CPU, 3_000, 0.25);
        var series = grid.series();
        assertThat(series).extracting(TraceSeries::key)
                .containsExactly("quiet/cpu", "quiet/memory", "busy/cpu", "busy/memory");
        assertThat(series.get(0).series().start()).isEqualTo(Instant.ofEpochMilli(0));
        assertThat(series.get(0).series().values()).containsExactly(Double.NaN, Double.NaN, Double.NaN);
        // A hold of 0 fills no step without a sample of its own.
        assertThat(series.get(2).series().values()).containsExactly(0.25, Double.NaN, 0.5);
    }

    @Test
    void shouldRefuseAStepThatIsNotAWholeNumberOfMilliseconds() {
        assertThatThrownBy(() -> new SampleGrid(Duration.ofNanos(1500), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("step");
        assertThatThrownBy(() -> new SampleGrid(STEP, Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxHold");
    }
}
