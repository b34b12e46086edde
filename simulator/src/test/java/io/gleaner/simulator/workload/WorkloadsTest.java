package io.gleaner.simulator.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.Pool;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class WorkloadsTest {

    private static final long KB = 1_000L;
    private static final long MB = 1_000_000L;
    private static final long GB = 1_000_000_000L;
    private static final long TB = 1_000_000_000_000L;

    @Test
    void coshhFacebookHasTheUsersOfTable5() {
        var workload = Workloads.preset(Workloads.COSHH_FACEBOOK);

        // COSHH Table 5, Facebook experiments: (MinimumShare, Priority) of U_1 .. U_10; priority is the weight.
        assertThat(workload.name()).isEqualTo("coshh-facebook");
        assertThat(workload.pools()).containsExactly(
                new Pool("U_1", 5, 1), new Pool("U_2", 0, 2), new Pool("U_3", 0, 2), new Pool("U_4", 5, 1),
                new Pool("U_5", 10, 2), new Pool("U_6", 15, 1), new Pool("U_7", 4, 2), new Pool("U_8", 10, 1),
                new Pool("U_9", 10, 1), new Pool("U_10", 15, 1));
    }

    @Test
    void coshhFacebookPairsTheUsersWithTheCategoriesOfTable4InOrder() {
        var categories = Workloads.preset(Workloads.COSHH_FACEBOOK).users().stream().map(WorkloadUser::category)
                .toList();

        // COSHH Table 4, Facebook trace: input, shuffle, output, units as powers of 1000.
        assertThat(categories).containsExactly(
                new JobCategory("Small jobs", 21 * KB, 0, 871 * KB),
                new JobCategory("Fast data load", 381 * KB, 0, 19 * GB / 10),
                new JobCategory("Slow data load", 10 * KB, 0, 42 * GB / 10),
                new JobCategory("Large data load", 405 * KB, 0, 447 * GB),
                new JobCategory("Huge data load", 446 * KB, 0, 11 * TB / 10),
                new JobCategory("Fast aggregate", 230 * GB, 88 * GB / 10, 491 * MB),
                new JobCategory("Aggregate and expand", 19 * TB / 10, 502 * MB, 26 * GB / 10),
                new JobCategory("Expand and aggregate", 418 * GB, 25 * TB / 10, 45 * GB),
                new JobCategory("Data transform", 255 * GB, 788 * GB, 16 * GB / 10),
                new JobCategory("Data summary", 76 * TB / 10, 51 * GB, 104 * KB));
    }

    static Stream<Arguments> byteCounts() {
        return Stream.of(
                Arguments.of(Named.of("plain bytes", "21000"), 21_000L),
                Arguments.of(Named.of("zero", "0"), 0L),
                Arguments.of(Named.of("KB with a space", "10 KB"), 10_000L),
                Arguments.of(Named.of("GB without a space", "1.9GB"), 1_900_000_000L),
                Arguments.of(Named.of("lower-case unit", "2.5tb"), 2_500_000_000_000L),
                Arguments.of(Named.of("unit B", "7 B"), 7L));
    }

    @ParameterizedTest
    @MethodSource("byteCounts")
    void shouldReadByteCountsInDecimalUnits(String text, long expected) {
        assertThat(Workloads.bytes(text, "input")).isEqualTo(expected);
    }

    @Test
    void byteCountWithAnUnknownUnitIsAnError() {
        assertThatThrownBy(() -> Workloads.bytes("3 KiB", "input of category x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("input of category x has unknown unit 'KiB' in '3 KiB'");
    }

    @Test
    void fractionOfAByteIsAnError() {
        assertThatThrownBy(() -> Workloads.bytes("1.5", "shuffle"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shuffle must be a whole number of bytes");
    }

    @Test
    void unknownKeyIsAnError() {
        assertThatThrownBy(() -> Workloads.parse(new StringReader("""
                users:
                  - {user: a, minShare: 1, wieght: 2, category: {name: c, input: 0, shuffle: 0, output: 0}}
                """), "inline"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad workload inline")
                .hasMessageContaining("wieght");
    }

    @Test
    void userWithoutCategoryIsAnError() {
        assertThatThrownBy(() -> Workloads.parse(new StringReader("""
                users:
                  - {user: a, minShare: 1, weight: 2}
                """), "inline"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad workload inline: user a needs user, minShare, weight and category");
    }

    @Test
    void zeroWeightIsAnError() {
        assertThatThrownBy(() -> Workloads.parse(new StringReader("""
                users:
                  - {user: a, minShare: 1, weight: 0, category: {name: c, input: 0, shuffle: 0, output: 0}}
                """), "inline"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad workload inline: weight must be > 0 and finite, was 0.0 for user a");
    }

    @Test
    void aUserNamedTwiceIsAnError() {
        assertThatThrownBy(() -> Workloads.parse(new StringReader("""
                name: twice
                users:
                  - {user: a, minShare: 1, weight: 1, category: {name: c, input: 0, shuffle: 0, output: 0}}
                  - {user: a, minShare: 2, weight: 1, category: {name: d, input: 1 KB, shuffle: 0, output: 0}}
                """), "inline"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("user a appears twice in workload twice");
    }

    @Test
    void resolveReadsAYamlFileWhenNoWorkloadHasTheName(@TempDir Path dir) throws Exception {
        var file = dir.resolve("mine.yaml");
        Files.writeString(file, """
                name: mine
                users:
                  - {user: alice, minShare: 3, weight: 1.5, category: {name: etl, input: 2 GB, shuffle: 1 GB,
                     output: 500 MB}}
                """);

        var workload = Workloads.resolve(file.toString());

        assertThat(workload.users()).containsExactly(new WorkloadUser("alice", 3, 1.5,
                new JobCategory("etl", 2 * GB, GB, 500 * MB)));
    }

    @Test
    void unknownWorkloadNameIsAnError() {
        assertThatThrownBy(() -> Workloads.resolve("no-such-workload"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'no-such-workload' is neither a workload (coshh-facebook) nor a YAML file");
        assertThatThrownBy(() -> Workloads.preset("no-such-workload"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown workload 'no-such-workload'; expected one of coshh-facebook");
    }
}
