package io.gleaner.simulator.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.NodeSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DeadlineAssignmentTest {

    private static final Instant SUBMIT = Instant.parse("2009-05-01T00:00:00Z");
    private static final Duration HEARTBEAT = Duration.ofSeconds(3);
    private static final CpuMemory ONE_CORE = new CpuMemory(1, 1 << 30);

    /** One slot at 1 GFLOP/s and one at 2 GFLOP/s. */
    private static final ClusterSpec CLUSTER = ClusterSpec.of("two", List.of(
            new NodeSpec("slow", "r1", 1, 1.0, 4L << 30, 1, List.of()),
            new NodeSpec("fast", "r1", 1, 2.0, 4L << 30, 1, List.of())));

    private static Job job(String id, Optional<Instant> deadline, PhaseTasks... groups) {
        return new Job(id, "name-" + id, "u", "default", 0, SUBMIT, deadline, 0, 0, 0, List.of(groups));
    }

    /** Four maps of 1 GB (the last 0.5 GB) at 1000 FLOP/B: 250 s at best (0.5 GB, fast), 1000 s at worst. */
    private static PhaseTasks maps() {
        return new PhaseTasks(TaskKind.MAP, 4, 1_000_000_000L, 500_000_000L, 1000, ONE_CORE, Optional.empty(), 0);
    }

    @Test
    void shouldEstimateAMapOnlyJobWithTheWaveModelsMidpoint() {
        // Two slots, four maps: two waves; Eq. 3.3: 2 x (250 s + 1000 s) / 2 = 1250 s, and a heartbeat.
        var rule = new DeadlineAssignment(2, 2, 0, CLUSTER, HEARTBEAT);
        var job = job("j1", Optional.empty(), maps());

        assertThat(rule.standAloneMillis(job)).isEqualTo(1_253_000.0);
        assertThat(rule.assign(job).deadline()).contains(SUBMIT.plus(Duration.ofSeconds(2506)));
    }

    @Test
    void shouldAddTheFirstShuffleAndTheReducesToTheMaps() {
        // One reduce of 100 MB at 10 FLOP/B: 0.5 s fast, 1 s slow, midpoint 750 ms; its shuffle is 100 MB over a
        // 100 Mbit/s link plus 10 us latency, 8000.01 ms rounded up to 8001 ms; a heartbeat for each phase.
        var reduces = new PhaseTasks(TaskKind.REDUCE, 1, 100_000_000L, 100_000_000L, 10, ONE_CORE,
                Optional.empty(), 0);
        var rule = new DeadlineAssignment(1, 1, 0, CLUSTER, HEARTBEAT);

        assertThat(rule.standAloneMillis(job("j1", Optional.empty(), maps(), reduces)))
                .isEqualTo(1_250_000.0 + 8001 + 750 + 2 * 3000);
    }

    @Test
    void shouldDrawEachJobsFactorFromTheSeedAndItsIdAlone() {
        var rule = new DeadlineAssignment(1.5, 3, 42, CLUSTER, HEARTBEAT);
        var ids = IntStream.range(0, 1000).mapToObj(i -> "job_" + i).toList();
        var factors = ids.stream().map(rule::factor).toList();

        assertThat(factors).allSatisfy(f -> assertThat(f).isBetween(1.5, 3.0));
        // Spread over the range, not stuck at one end.
        assertThat(factors.stream().mapToDouble(f -> f).min().orElseThrow()).isLessThan(1.6);
        assertThat(factors.stream().mapToDouble(f -> f).max().orElseThrow()).isGreaterThan(2.9);
        assertThat(new DeadlineAssignment(1.5, 3, 42, CLUSTER, HEARTBEAT).factor("job_7")).isEqualTo(factors.get(7));
        assertThat(new DeadlineAssignment(1.5, 3, 43, CLUSTER, HEARTBEAT).factor("job_7")).isNotEqualTo(factors.get(7));
    }

    @Test
    void shouldKeepAJobsDeadlineWhenOtherJobsAreAddedOrLeftOut() {
        var rule = new DeadlineAssignment(1.5, 3, 7, CLUSTER, HEARTBEAT);
        var jobs = new ArrayList<Job>();
        for (int i = 0; i < 5; i++) {
            jobs.add(job("j" + i, Optional.empty(), maps()));
        }
        var all = rule.assignAll(jobs);
        var some = rule.assignAll(List.of(jobs.get(3), jobs.get(1)));

        assertThat(some).containsExactly(all.get(3), all.get(1));
        assertThat(all).extracting(Job::deadline).doesNotHaveDuplicates();
    }

    @Test
    void shouldReplaceADeadlineTheJobHadAndChangeNothingElse() {
        var job = job("j1", Optional.of(SUBMIT.plusSeconds(1)), maps());
        var assigned = new DeadlineAssignment(2, 2, 0, CLUSTER, HEARTBEAT).assign(job);

        assertThat(assigned.deadline()).contains(SUBMIT.plusSeconds(2506));
        assertThat(assigned).usingRecursiveComparison().ignoringFields("deadline").isEqualTo(job);
    }

    @Test
    void shouldRefuseFactorsThatAreNotPositiveOrOutOfOrder() {
        for (double[] bad : new double[][] {{0, 1}, {-1, 2}, {2, 1}, {Double.NaN, 1}, {1, Double.POSITIVE_INFINITY}}) {
            assertThatThrownBy(() -> new DeadlineAssignment(bad[0], bad[1], 0, CLUSTER, HEARTBEAT))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
