package io.gleaner.simulator.owners;

import static io.gleaner.simulator.owners.OwnerFixtures.START;
import static io.gleaner.simulator.owners.OwnerFixtures.nodes;
import static io.gleaner.simulator.owners.OwnerFixtures.row;
import static io.gleaner.simulator.owners.OwnerFixtures.vmFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.simulator.core.OwnerSample;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Grid, gaps, holds and wrap-around on tiny files in the Bitbrains format. The grid is 1000 + 300 k s, k = 0..9,
 * and the hold bound 900 s.
 *
 * <pre>
 * VM a (CPU capacity 100, memory 100 of 1000):
 *   1000: 10   1300: 20   1601: 30 (one second late)   2200: all zeros (unmeasured)   3400: 40   3700: 50
 *   at grid point: k0 10, k1 20, k2 20 (1601 is after 1600), k3..k5 30 (ages 299, 599, 899 &lt;= 900),
 *   k6, k7 absent (ages 1199, 1499 &gt; 900; the zero row at 2200 is no value), k8 40, k9 50
 * VM b (CPU 60 of 300, memory 500 of 1000), every 300 s from 1000 to 3700, one malformed line among them
 * VM c (CPU 90 of 100, memory 900 of 1000), from 1600 to 3700
 * </pre>
 */
class OwnerTraceAlignmentTest {

    private static final double EPS = 1e-6;

    @TempDir
    Path dir;

    private Path a;
    private Path b;
    private Path c;
    private OwnerTraceSettings settings;

    @BeforeEach
    void writeVms() throws IOException {
        a = vmFile(dir, "a", row(1000, 100, 10, 1000, 100), row(1300, 100, 20, 1000, 100),
                row(1601, 100, 30, 1000, 100), row(2200, 0, 0, 0, 0), row(3400, 100, 40, 1000, 100),
                row(3700, 100, 50, 1000, 100));
        var bRows = IntStream.rangeClosed(0, 9).mapToObj(k -> row(1000 + 300L * k, 300, 60, 1000, 500))
                .toArray(String[]::new);
        bRows[4] = "1000;\tnot;\ta;\trow";
        b = vmFile(dir, "b", bRows);
        c = vmFile(dir, "c", IntStream.rangeClosed(2, 9).mapToObj(k -> row(1000 + 300L * k, 100, 90, 1000, 900))
                .toArray(String[]::new));
        settings = OwnerTraceSettings.of(1, START).withMaxHold(Duration.ofSeconds(900));
    }

    private OwnerTrace build(OwnerTraceSettings s, int nodes, Path... files) throws IOException {
        return OwnerTraces.fromLocations(Arrays.stream(files).map(Path::toString).toList(), nodes(nodes), s);
    }

    @Test
    void shouldSumUsageOverCapacityOfTheVmsPresentAndDropAnAbsentOneNotCountItAsZero() throws IOException {
        var trace = build(settings, 1, a, b);

        assertThat(trace.steps()).isEqualTo(10);
        assertThat(trace.assignment().get("n1")).extracting(VmSlot::vmId).containsExactlyInAnyOrder("a", "b");
        // (a + 60) / (100 + 300) where a is present; 60 / 300 alone where it is absent (not 60 / 400).
        double[] cpu = {70 / 400.0, 80 / 400.0, 80 / 400.0, 90 / 400.0, 90 / 400.0, 90 / 400.0, 60 / 300.0,
            60 / 300.0, 100 / 400.0, 110 / 400.0};
        // (100 + 500) / 2000 with both, 500 / 1000 with b alone.
        double[] memory = {0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.5, 0.5, 0.3, 0.3};
        for (int k = 0; k < 10; k++) {
            var sample = trace.sample("n1", k);
            assertThat(sample.time()).isEqualTo(START.plusSeconds(300L * k));
            assertThat(sample.cpu()).as("cpu at k=%d", k).isCloseTo(cpu[k], within(EPS));
            assertThat(sample.memory()).as("memory at k=%d", k).isCloseTo(memory[k], within(EPS));
        }
        assertThat(trace.coverage().get("n1").filledSteps()).isZero();
    }

    @Test
    void shouldCountWhatReadingLeftOut() throws IOException {
        var trace = build(settings, 1, a, b);

        var countsA = trace.readCounts().get("a");
        assertThat(countsA.rowsKept()).isEqualTo(6);
        assertThat(countsA.cpuRejected()).isEqualTo(1);
        assertThat(countsA.memoryRejected()).isEqualTo(1);
        assertThat(countsA.firstProblems()).anyMatch(p -> p.contains("a.csv.gz line 5")
                && p.contains("CPU capacity provisioned [MHz] must be > 0"));
        var countsB = trace.readCounts().get("b");
        assertThat(countsB.malformedLines()).isEqualTo(1);
        assertThat(countsB.rowsKept()).isEqualTo(9);
    }

    @Test
    void shouldHoldTheNodesLastValueWhenAllItsVmsAreAbsentAndCountIt() throws IOException {
        var trace = build(settings, 1, a);

        // a alone: k5 is 30 / 100; k6 and k7 have no VM, so k5's value holds there.
        assertThat(trace.sample("n1", 5).cpu()).isCloseTo(0.3, within(EPS));
        assertThat(trace.sample("n1", 6).cpu()).isCloseTo(0.3, within(EPS));
        assertThat(trace.sample("n1", 7).cpu()).isCloseTo(0.3, within(EPS));
        assertThat(trace.sample("n1", 8).cpu()).isCloseTo(0.4, within(EPS));
        assertThat(trace.coverage().get("n1")).isEqualTo(new NodeCoverage(10, 2, 0, 2, 0));
    }

    @Test
    void shouldGiveANodeWhoseVmStartsLateItsFirstValueBeforeItAndCountIt() throws IOException {
        var trace = build(settings, 2, a, c);

        // The grid starts at a's first row (1000); c starts at 1600 (k2), so its node's k0 and k1 take k2's value.
        var nodeOfC = trace.assignment().entrySet().stream()
                .filter(e -> e.getValue().get(0).vmId().equals("c")).findFirst().orElseThrow().getKey();
        assertThat(trace.sample(nodeOfC, 0).cpu()).isCloseTo(0.9, within(EPS));
        assertThat(trace.sample(nodeOfC, 1).memory()).isCloseTo(0.9, within(EPS));
        assertThat(trace.coverage().get(nodeOfC)).isEqualTo(new NodeCoverage(10, 0, 2, 0, 2));
    }

    @Test
    void shouldStartTheGridAtTheTraceOffset() throws IOException {
        var trace = build(settings.withTraceOffset(Duration.ofSeconds(600)), 1, a, b);

        // Grid 1600 + 300 k up to 3700: 8 points; k0 at 1600 sees a's row of 1300 (20) and b's 60.
        assertThat(trace.steps()).isEqualTo(8);
        assertThat(trace.traceStart().getEpochSecond()).isEqualTo(1600);
        assertThat(trace.sample("n1", 0).time()).isEqualTo(START);
        assertThat(trace.sample("n1", 0).cpu()).isCloseTo(80 / 400.0, within(EPS));
        assertThat(trace.sample("n1", 0).memory()).isCloseTo(0.3, within(EPS));
    }

    @Test
    void shouldWrapAroundWhenTheRunIsLongerThanTheTrace() throws IOException {
        var trace = build(settings, 1, a, b);

        var load = trace.ownerLoad(Duration.ofSeconds(300 * 12 + 1)).of("n1");

        // 12 steps and a second: 13 samples; sample j is grid point j mod 10 at START + 300 j.
        assertThat(load).hasSize(13);
        for (int j = 0; j < 13; j++) {
            var expected = trace.sample("n1", j % 10);
            assertThat(load.get(j)).isEqualTo(new OwnerSample(START.plusSeconds(300L * j), expected.cpu(),
                    expected.memory()));
        }
        assertThat(trace.ownerLoad().of("n1")).hasSize(10);
    }

    @Test
    void shouldGiveTheTraceWrappedAroundBackwardsAsTheHistoryBeforeTheStart() throws IOException {
        var trace = build(settings, 1, a, b);

        var load = trace.ownerLoad(Duration.ofSeconds(300 * 3), Duration.ofSeconds(300 * 12 + 1));

        // 12 steps and a second before the start: 13 samples, j = -13 .. -1; sample j is grid point j mod 10 (taken
        // non-negative: -1 is the trace's last point, 9) at START + 300 j. The run itself is as without history.
        var history = load.historyOf("n1");
        assertThat(history).hasSize(13);
        for (int j = -13; j < 0; j++) {
            var expected = trace.sample("n1", Math.floorMod(j, 10));
            assertThat(history.get(j + 13)).isEqualTo(new OwnerSample(START.plusSeconds(300L * j), expected.cpu(),
                    expected.memory()));
        }
        assertThat(load.of("n1")).isEqualTo(trace.ownerLoad(Duration.ofSeconds(300 * 3)).of("n1"));
        assertThat(trace.ownerLoad(Duration.ofSeconds(300 * 3)).history()).isEmpty();
    }

    @Test
    void shouldStartIntoTheTraceWithTheStretchBeforeItAsTheHistory() throws IOException {
        var trace = build(settings, 1, a, b);

        // 4 steps and a second into the trace: grid point 4 at the start, and the 3 steps of history before it are
        // points 1, 2 and 3, not the trace's end wrapped around. The run still wraps: j = 8 is point 12 mod 10 = 2.
        var load = trace.ownerLoad(Duration.ofSeconds(300 * 9), Duration.ofSeconds(300 * 3), Duration.ofSeconds(1201));

        var run = load.of("n1");
        assertThat(run).hasSize(9);
        for (int j = 0; j < 9; j++) {
            var expected = trace.sample("n1", (j + 4) % 10);
            assertThat(run.get(j)).isEqualTo(new OwnerSample(START.plusSeconds(300L * j), expected.cpu(),
                    expected.memory()));
        }
        var history = load.historyOf("n1");
        assertThat(history).hasSize(3);
        for (int j = -3; j < 0; j++) {
            var expected = trace.sample("n1", j + 4);
            assertThat(history.get(j + 3)).isEqualTo(new OwnerSample(START.plusSeconds(300L * j), expected.cpu(),
                    expected.memory()));
        }
        assertThat(trace.ownerLoad(Duration.ofSeconds(300), Duration.ZERO, Duration.ZERO).of("n1"))
                .isEqualTo(trace.ownerLoad(Duration.ofSeconds(300)).of("n1"));
    }

    @Test
    void shouldRefuseAStartOutsideTheTrace() throws IOException {
        var trace = build(settings, 1, a, b);

        assertThatThrownBy(() -> trace.ownerLoad(Duration.ofSeconds(300), Duration.ZERO, Duration.ofSeconds(3000)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be in [0, PT50M), the trace's length, was PT50M");
        assertThatThrownBy(() -> trace.ownerLoad(Duration.ofSeconds(300), Duration.ZERO, Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldScaleEveryFractionByTheLoadScale() throws IOException {
        var one = build(settings, 1, a, b);
        var heavier = build(settings.withLoadScale(2.0), 1, a, b);

        for (int k = 0; k < 10; k++) {
            assertThat(heavier.sample("n1", k).cpu()).isEqualTo(2 * one.sample("n1", k).cpu());
            assertThat(heavier.sample("n1", k).memory()).isEqualTo(2 * one.sample("n1", k).memory());
        }
        assertThat(heavier.sample("n1", 9).cpu()).isGreaterThan(0.5);
    }

    @Test
    void shouldLeaveOutAVmWithoutAnyUsableValueAndSayWhy() throws IOException {
        var zeros = vmFile(dir, "z", row(1000, 0, 0, 0, 0), row(1300, 0, 0, 0, 0));

        var trace = build(settings, 1, a, zeros);

        assertThat(trace.excludedVms()).containsOnlyKeys("z");
        assertThat(trace.excludedVms().get("z")).contains("no usable CPU value");
        assertThat(trace.assignment().get("n1")).extracting(VmSlot::vmId).containsExactly("a");
        assertThatThrownBy(() -> build(settings, 1, zeros))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("usable");
    }

    @Test
    void shouldLeaveOutAVmBelowTheMinimumCoverage() throws IOException {
        var trace = build(settings.withMinCoverage(0.9), 2, a, b);

        // a has CPU at 8 of the 10 grid points.
        assertThat(trace.excludedVms()).containsOnlyKeys("a");
        assertThat(trace.excludedVms().get("a")).contains("8 of 10");
    }
}
