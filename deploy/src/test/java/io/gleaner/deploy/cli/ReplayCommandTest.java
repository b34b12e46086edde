package io.gleaner.deploy.cli;

import static io.gleaner.deploy.cli.Execution.execute;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code gleaner replay} without a broker: its help, and every bad option refused before anything starts. */
class ReplayCommandTest {

    @Test
    void shouldListEveryFormatWithItsTopicsInTheHelp() {
        var help = execute("replay", "--help").out();

        for (var format : ReplayFormat.FORMATS) {
            assertThat(help).as("help of --format").contains(format.name());
            for (var line : format.help()) {
                assertThat(help).contains(line.strip());
            }
        }
        assertThat(help).contains("jobs.submitted, tasks.reports by job id", "nodes.utilization by node id, validated");
    }

    @Test
    void shouldExplainEveryOptionWithItsDefault() {
        var help = execute("replay", "--help").out();

        assertThat(help).contains("--format", "--trace", "--mapping", "--machine-events", "--speed", "--from", "--to",
                "--sample", "--seed", "--resume", "--limit", "--jobs", "--node-id-prefix", "--job-id-prefix",
                "--deadline-factor", "--cluster");
        assertThat(help).contains("(default: swim)", "(default: 1)", "(default: 1, every key)", "(default: 0)",
                "Default: the start.", "Default: the end.", "(default: all)");
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                Arguments.of(Named.of("an unknown format", new String[] {"--format", "borg"}),
                        "--format: unknown format 'borg'; expected one of swim, bitbrains"),
                Arguments.of(Named.of("a format without a bundled trace", new String[] {"--format", "alibaba-batch-task"}),
                        "--format alibaba-batch-task has no bundled trace: give --trace"),
                Arguments.of(Named.of("mapped without a mapping", new String[] {"--format", "mapped", "--trace", "x.csv"}),
                        "--format mapped needs --mapping FILE or a preset (telegraf-json, otlp-json)"),
                Arguments.of(Named.of("a mapping that is neither file nor preset",
                        new String[] {"--format", "mapped", "--trace", "x.csv", "--mapping", "no-such.yaml"}),
                        "--mapping 'no-such.yaml' is neither a file nor a preset"),
                Arguments.of(Named.of("a mapping for another format", new String[] {"--mapping", "telegraf-json"}),
                        "--mapping is for --format mapped, not swim"),
                Arguments.of(Named.of("machine events for another format", new String[] {"--machine-events", "m.csv"}),
                        "--machine-events is for --format google-task-usage, not swim"),
                Arguments.of(Named.of("a speed of zero", new String[] {"--speed", "0"}),
                        "--speed must be a number > 0 or 'max', was '0'"),
                Arguments.of(Named.of("a speed that is no number", new String[] {"--speed", "fast"}),
                        "--speed must be a number > 0 or 'max', was 'fast'"),
                Arguments.of(Named.of("a time that is neither instant nor duration", new String[] {"--from", "noon"}),
                        "'noon' is neither an instant"),
                Arguments.of(Named.of("a window that ends before it starts", new String[] {"--from", "2h", "--to", "1h"}),
                        "the window must end after it starts, was from start+PT2H to start+PT1H"),
                Arguments.of(Named.of("a sample of zero", new String[] {"--sample", "0"}),
                        "sampling fraction must be in (0, 1], was 0.0"),
                Arguments.of(Named.of("a limit of zero", new String[] {"--limit", "0"}), "--limit must be >= 1, was 0"),
                Arguments.of(Named.of("a deadline factor range out of order",
                        new String[] {"--deadline-factor", "3..1.5", "--cluster", "pc1"}),
                        "--deadline-factor: LOW must be <= HIGH, were '3..1.5'"),
                Arguments.of(Named.of("a deadline factor that is no range",
                        new String[] {"--deadline-factor", "1.5-3", "--cluster", "pc1"}),
                        "--deadline-factor: expected LOW..HIGH or F with numbers, was '1.5-3'"),
                Arguments.of(Named.of("a deadline factor without a cluster", new String[] {"--deadline-factor", "2"}),
                        "--deadline-factor needs --cluster PRESET|FILE"),
                Arguments.of(Named.of("a cluster without a deadline factor", new String[] {"--cluster", "pc1"}),
                        "--cluster is for --deadline-factor"),
                Arguments.of(Named.of("a cluster that is neither preset nor file",
                        new String[] {"--deadline-factor", "2", "--cluster", "no-such-cluster"}),
                        "--cluster: 'no-such-cluster' is neither a cluster preset (coshh-table3, "),
                Arguments.of(Named.of("deadlines for a trace without jobs",
                        new String[] {"--format", "bitbrains", "--deadline-factor", "2", "--cluster", "pc1"}),
                        "--deadline-factor is for a format that carries jobs, not bitbrains"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badOptions")
    void shouldRefuseABadOptionWithTheUsageBeforeStartingABroker(String[] args, String message, @TempDir Path dir) {
        var dataDir = dir.resolve("data");
        var all = Stream.concat(Stream.of("replay", "--data-dir", dataDir.toString()), Stream.of(args))
                .toArray(String[]::new);

        var run = execute(all);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains(message).contains("Usage: gleaner replay");
        assertThat(dataDir).doesNotExist();
    }

    @Test
    void shouldDigestTheSameTextToTheSameReplayIdAndOtherTextToAnother() {
        // 8 bytes of SHA-256 as 16 hex digits; "abc" is the FIPS 180-2 test vector (ba7816bf8f01cfea...).
        assertThat(ReplayCommand.digest("abc")).isEqualTo("ba7816bf8f01cfea");
        assertThat(ReplayCommand.digest("abd")).isNotEqualTo(ReplayCommand.digest("abc"));
    }
}
