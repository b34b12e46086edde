package io.gleaner.deploy.cli;

import static io.gleaner.deploy.cli.Execution.execute;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.forecaster.Forecasters;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** The {@code gleaner} command line without a broker: help, usage errors and validation before anything starts. */
class GleanerCommandTest {

    /** Every command of the tree, by the words that reach it ({@code []} for gleaner itself), with its spec. */
    static Stream<Arguments> commands() {
        var found = new ArrayList<Arguments>();
        collect(GleanerCommand.commandLine(), List.of(), found);
        return found.stream();
    }

    private static void collect(CommandLine commandLine, List<String> path, List<Arguments> found) {
        found.add(Arguments.of(Named.of(path.isEmpty() ? "gleaner" : "gleaner " + String.join(" ", path), path),
                commandLine.getCommandSpec()));
        commandLine.getSubcommands().forEach((name, sub) -> {
            var longer = new ArrayList<>(path);
            longer.add(name);
            collect(sub, longer, found);
        });
    }

    @ParameterizedTest(name = "{0} --help")
    @MethodSource("commands")
    void shouldExitZeroAndListEveryOptionOnHelp(List<String> path, CommandSpec spec) {
        var args = new ArrayList<>(path);
        args.add("--help");

        var run = execute(args.toArray(String[]::new));

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        // Picocli's own help subcommand prints a header line before its usage, so "contains", not "startsWith".
        assertThat(run.out()).contains("Usage: gleaner" + (path.isEmpty() ? "" : " " + String.join(" ", path)));
        assertThat(spec.options()).isNotEmpty();
        for (var option : spec.options()) {
            // A negatable option shows as --[no-]name.
            var shown = option.negatable() ? option.longestName().replaceFirst("^--", "--[no-]") : option.longestName();
            assertThat(run.out()).as("help of %s mentions %s", path, shown).contains(shown);
        }
    }

    @Test
    void shouldListTheSubcommandsAndTheOptionsThatMatterOnHelp() {
        // Pinned by hand, not read from the model: the options the README and the demo's instructions use.
        assertThat(execute("--help").out()).contains("demo", "run", "replay", "topics", "--version");
        assertThat(execute("demo", "--help").out()).contains("--jobs", "--seed", "--cluster", "--trace", "--policy",
                "--bootstrap-servers", "--topic-prefix", "--schema-registry-url", "--data-dir", "--commit-interval-ms",
                "--node-failures", "--node-failure-rate");
        assertThat(execute("run", "--help").out()).contains("--stages", "--application-id", "--state-dir",
                "--bootstrap-servers", "--data-dir", "--fresh", "--classifier-application-id",
                "--classifier-state-dir", "--classifier-commit-interval-ms", "--classifier-profiled-retention",
                "--classifier-unfinished-retention", "--qos-mode", "--qos-period-ms",
                "--qos-cpu-margin", "--qos-ram-margin", "--qos-ram-threshold", "--qos-application-id",
                "--qos-state-dir", "--qos-commit-interval-ms")
                .contains("planner, forecaster, classifier");
        // Picocli wraps descriptions at 80 columns: compare with the line breaks and indents folded into spaces.
        assertThat(execute("run", "--help").out().replaceAll("\\s+", " "))
                .contains("planner, forecaster, classifier, qos")
                .contains("salamander (throttle CPU, kill on RAM; Salamander Algorithm 3) or cuckoo")
                .contains("to apply: gleaner agent applies them; gleaner demo starts the stage too")
                .contains("--locality-delay-ms=MS How long the fair and coshh policies let a job wait for a node holding its "
                        + "input");
        assertThat(execute("replay", "--help").out()).contains("--trace", "--jobs", "--speed");
        assertThat(execute("topics", "create", "--help").out()).contains("--replication-factor", "--topic-prefix");
    }

    @Test
    void shouldExitTwoOnANegativeLocalityDelayBeforeStartingABroker(@TempDir Path dataDir) {
        var run = execute("run", "--locality-delay-ms", "-1", "--data-dir", dataDir.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Invalid value -1 for option --locality-delay-ms: Value must be at least 0").contains("Usage: gleaner run");
        assertThat(run.out()).doesNotContain("bootstrap.servers=");
    }

    @Test
    void shouldExitTwoOnANegativeNodeTimeoutBeforeStartingABroker(@TempDir Path dataDir) {
        var run = execute("run", "--node-timeout-ms", "-1", "--data-dir", dataDir.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Invalid value -1 for option --node-timeout-ms: Value must be at least 0").contains("Usage: gleaner run");
        assertThat(run.out()).doesNotContain("bootstrap.servers=");
    }

    @Test
    void shouldRefitTheNamedForecasterModelAndTheStandardOneWithoutIt() {
        var named = new RunCommand();
        new CommandLine(named).parseArgs("--forecaster-model", "burst-discount");
        var unnamed = new RunCommand();
        new CommandLine(unnamed).parseArgs();
        var byDefault = new RunCommand();
        new CommandLine(byDefault).parseArgs("--forecaster-model", "default");

        assertThat(named.forecasterModel.orDefault().name()).isEqualTo("burst-discount");
        assertThat(unnamed.forecasterModel.orDefault().name()).isEqualTo(Forecasters.STANDARD_NAME);
        assertThat(byDefault.forecasterModel.orDefault().name()).isEqualTo(Forecasters.STANDARD_NAME);
    }

    @Test
    void shouldExitTwoOnAForecasterModelThatIsNoLearnerBeforeStartingABroker(@TempDir Path dataDir) {
        for (var name : List.of("oracle-flat-day", "prophet")) {
            var run = execute("run", "--forecaster-model", name, "--data-dir", dataDir.toString());

            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.err()).contains("--forecaster-model must be a learner that gleaner forecast-eval scores")
                    .contains("was '" + name + "'").contains("Usage: gleaner run");
            assertThat(run.out()).doesNotContain("bootstrap.servers=");
        }
    }

    @Test
    void shouldExitTwoNamingTheQosModeAndTheAllowedNamesBeforeStartingABroker(@TempDir Path dataDir) {
        var run = execute("run", "--stages", "qos", "--qos-mode", "cucko", "--data-dir", dataDir.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--qos-mode").contains("'cucko'").contains("salamander, cuckoo");
        assertThat(run.out()).doesNotContain("bootstrap.servers=");
    }

    @Test
    void shouldRefuseARetryWaitAboveItsCapNamingBothBeforeStartingABroker(@TempDir Path dataDir) {
        var run = execute("run", "--stages", "qos", "--registry-retries-wait-ms", "1000",
                "--registry-retries-max-wait-ms", "500", "--data-dir", dataDir.toString());

        assertThat(run.exitCode()).isNotZero();
        assertThat(run.err()).contains("retries.max.wait.ms must be >= retries.wait.ms (1000), was 500");
        // The embedded broker would keep its log in <data-dir>/kafka: nothing was started.
        assertThat(dataDir.resolve("kafka")).doesNotExist();
    }

    @Test
    void shouldRefuseARegistryDeadlineBelowOneMillisecondBeforeStartingABroker(@TempDir Path dataDir) {
        var run = execute("run", "--stages", "qos", "--registry-deadline-ms", "0", "--data-dir", dataDir.toString());

        assertThat(run.exitCode()).isNotZero();
        assertThat(run.err()).contains("gleaner.registry.deadline-ms must be >= 1, was 0");
        assertThat(dataDir.resolve("kafka")).doesNotExist();
    }

    @Test
    void shouldPrintTheUsageOfHelpsSubjectForTheHelpSubcommand() {
        var run = execute("help", "demo");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("Usage: gleaner demo").contains("--jobs");
    }

    @Test
    void shouldExitTwoWithTheUsageOnAnUnknownOption() {
        var run = execute("--no-such-option");

        assertThat(run.exitCode()).isEqualTo(CommandLine.ExitCode.USAGE).isEqualTo(2);
        assertThat(run.err()).contains("Unknown option: '--no-such-option'").contains("Usage: gleaner");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void shouldExitTwoWithTheSubcommandsUsageOnAnUnknownOptionOfASubcommand() {
        // Not --no-such-option: picocli answers an option close to a real one (--node-failures) with "Possible
        // solutions" instead of the usage.
        var run = execute("demo", "--frobnicate");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Unknown option: '--frobnicate'").contains("Usage: gleaner demo");
    }

    @Test
    void shouldExitTwoNamingTheOptionWhenAValueIsNotANumber() {
        var run = execute("demo", "--jobs", "many");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--jobs").contains("'many'");
    }

    @Test
    void shouldRefuseZeroJobsNamingTheValueBeforeStartingABroker(@TempDir Path dataDir) {
        var run = execute("demo", "--jobs", "0", "--data-dir", dataDir.toString());

        assertThat(run.exitCode()).isNotZero();
        assertThat(run.err()).containsPattern("jobs[^\\n]*\\b0\\b");
        assertThat(run.out()).doesNotContain("bootstrap.servers=");
        // The demo's broker would keep its log in <data-dir>/demo: nothing was started.
        assertThat(dataDir.resolve("demo")).doesNotExist();
    }

    static Stream<Arguments> badOwnerOptions() {
        return Stream.of(
                Arguments.of(new String[] {"--owner-scale", "-1"}, "--owner-scale must be a finite number >= 0"),
                Arguments.of(new String[] {"--owner-offset", "soon"}, "--owner-offset: 'soon' is neither an instant"),
                Arguments.of(new String[] {"--owner-offset", "2009-05-01T00:00:00Z"},
                        "--owner-offset must be a duration into the owners' trace"),
                Arguments.of(new String[] {"--owners", "no/such/dir"}, "--owners 'no/such/dir' is neither"),
                Arguments.of(new String[] {"--node-failures", "n1@5m"},
                        "--node-failures: unknown node 'n1' in the node failure schedule; cluster coshh-table3 has r1"),
                Arguments.of(new String[] {"--node-failures", "r1@"}, "--node-failures: 'r1@' is not node@time"),
                Arguments.of(new String[] {"--node-failure-rate", "-0.5"},
                        "--node-failure-rate must be a finite number >= 0, was -0.5"));
    }

    @ParameterizedTest(name = "demo {0}")
    @MethodSource("badOwnerOptions")
    void shouldRefuseABadOwnerOptionOfTheDemoBeforeStartingABroker(String[] option, String message,
                                                                   @TempDir Path dataDir) {
        var args = new ArrayList<>(List.of("demo", "--data-dir", dataDir.toString()));
        args.addAll(List.of(option));

        var run = execute(args.toArray(String[]::new));

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains(message).contains("Usage: gleaner demo");
        assertThat(run.out()).doesNotContain("bootstrap.servers=");
        assertThat(dataDir.resolve("demo")).doesNotExist();
    }
}
