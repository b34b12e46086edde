package io.gleaner.simulator.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.TaskKind;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class UserAssignmentTest {

    private static final long MB = 1_000_000L;
    private static final long GB = 1_000_000_000L;
    private static final long TB = 1_000_000_000_000L;

    private final Workload facebook = Workloads.preset(Workloads.COSHH_FACEBOOK);
    private final UserAssignment assignment = UserAssignment.of(facebook);

    @Test
    void shouldGiveAJobAtACategorysSignatureToThatCategorysUser() {
        // Distance 0 to its own category, and the ten Table 4 signatures are distinct points.
        for (var user : facebook.users()) {
            var category = user.category();
            assertThat(assignment.userFor(category.inputBytes(), category.shuffleBytes(), category.outputBytes()))
                    .isEqualTo(user);
        }
    }

    /**
     * Jobs picked by hand, each with the nearest categories in log10(1 + bytes) space worked out from Table 4
     * (squared distances, input / shuffle / output coordinates in brackets).
     */
    static Stream<Arguments> handPickedJobs() {
        return Stream.of(
                // (0, 0, 0): Small jobs (4.32, 0, 5.94) at 18.7 + 35.3 = 54.0; Slow data load (4.00, 0, 9.62) at
                // 16.0 + 92.6 = 108.6.
                Arguments.of(Named.of("empty job", new long[] {0, 0, 0}), "U_1"),
                // (8, 0, 8): Fast data load (5.58, 0, 9.28) at 5.86 + 1.63 = 7.5; Small jobs at 13.5 + 4.2 = 17.8.
                Arguments.of(Named.of("100 MB map-only copy", new long[] {100 * MB, 0, 100 * MB}), "U_2"),
                // (6, 0, 12): Huge data load (5.65, 0, 12.04) at 0.12 + 0.00 = 0.13; Large data load (5.61, 0, 11.65)
                // at 0.15 + 0.12 = 0.28.
                Arguments.of(Named.of("1 MB in, 1 TB out", new long[] {MB, 0, TB}), "U_5"),
                // (11.48, 10, 9): Fast aggregate (11.36, 9.94, 8.69) at 0.11; Aggregate and expand
                // (12.28, 8.70, 9.41) at 0.64 + 1.69 + 0.17 = 2.5.
                Arguments.of(Named.of("300 GB aggregated", new long[] {300 * GB, 10 * GB, GB}), "U_6"),
                // (12, 12, 10): Expand and aggregate (11.62, 12.40, 10.65) at 0.14 + 0.16 + 0.42 = 0.73; Data
                // transform (11.41, 11.90, 9.20) at 0.35 + 0.01 + 0.64 = 1.00.
                Arguments.of(Named.of("1 TB shuffled", new long[] {TB, TB, 10 * GB}), "U_8"),
                // (13, 11, 0): Data summary (12.88, 10.71, 5.02) at 0.01 + 0.09 + 25.2 = 25.3; Fast aggregate at
                // 2.7 + 1.1 + 75.5 = 79.3.
                Arguments.of(Named.of("10 TB summarised to nothing", new long[] {10 * TB, 100 * GB, 0}), "U_10"));
    }

    @ParameterizedTest
    @MethodSource("handPickedJobs")
    void shouldGiveAJobToTheUserOfTheNearestCategory(long[] bytes, String expectedUser) {
        var job = assignment.assign(job("j", bytes[0], bytes[1], bytes[2]));

        assertThat(job.user()).isEqualTo(expectedUser);
    }

    @Test
    void shouldBreakATieByUserOrder() {
        // log10(1 + 9) = 1, log10(1 + 99) = 2, log10(1 + 999) = 3: a job of 99 input bytes is at distance 1 from both.
        var low = new WorkloadUser("low", 0, 1, new JobCategory("low", 9, 0, 0));
        var high = new WorkloadUser("high", 0, 1, new JobCategory("high", 999, 0, 0));

        assertThat(new UserAssignment(List.of(low, high)).userFor(99, 0, 0)).isEqualTo(low);
        assertThat(new UserAssignment(List.of(high, low)).userFor(99, 0, 0)).isEqualTo(high);
    }

    @Test
    void shouldChangeOnlyTheUserOfTheJob() {
        var job = job("j", 300 * GB, 10 * GB, GB);

        var assigned = assignment.assign(job);

        assertThat(assigned).usingRecursiveComparison().ignoringFields("user").isEqualTo(job);
        assertThat(job.user()).isEqualTo("default");
    }

    private static Job job(String id, long input, long shuffle, long output) {
        var maps = new PhaseTasks(TaskKind.MAP, 1, Math.max(1, input), Math.max(1, input), 3100,
                new CpuMemory(1, 3L << 30), Optional.empty(), 0);
        return new Job(id, id, "default", "default", 0, Instant.parse("2009-05-01T00:00:00Z"), Optional.empty(),
                input, shuffle, output, List.of(maps));
    }
}
