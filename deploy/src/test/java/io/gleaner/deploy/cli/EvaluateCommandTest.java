package io.gleaner.deploy.cli;

import static io.gleaner.deploy.cli.Execution.execute;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.simulator.core.SimulationReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code gleaner evaluate} in-process: the files it writes, the table it prints, and bad options refused. */
class EvaluateCommandTest {

    @Test
    void shouldWriteTheCsvFilesAndThePageAndPrintTheTable(@TempDir Path dir) throws IOException {
        var out = dir.resolve("eval");

        var run = execute("evaluate", "--jobs", "30", "--seeds", "2", "--out", out.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        var metrics = Files.readAllLines(out.resolve("metrics.csv"));
        var runs = Files.readAllLines(out.resolve("runs.csv"));
        var html = Files.readString(out.resolve("index.html"));
        assertThat(metrics.get(0)).startsWith("policy,metric,label,unit");
        // One policy: one row per metric; every metric is a row of the printed table too.
        for (var row : metrics.subList(1, metrics.size())) {
            var label = row.split(",")[2];
            assertThat(row).startsWith("fifo,");
            assertThat(run.out()).containsPattern("(?m)^" + Pattern.quote(label) + "\\s");
        }
        assertThat(runs).hasSize(3);
        assertThat(runs.get(1)).startsWith("fifo,0,coshh-table3,30,");
        assertThat(runs.get(2)).startsWith("fifo,1,coshh-table3,30,");
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<img src=\"data:image/png;base64,")
                .doesNotContain("http:", "https:");
        assertThat(run.out()).contains("Gleaner evaluation: 30 jobs of fb2009 on coshh-table3 (6 nodes), policies "
                + "fifo, seeds 0..1, qos none");
        assertThat(run.out()).containsPattern("(?m)^metric\\s+unit\\s+better\\s+fifo$");
        assertThat(run.out()).contains("wrote " + out.resolve("metrics.csv"), "wrote " + out.resolve("runs.csv"),
                "wrote " + out.resolve("index.html"));
        assertThat(run.err()).contains("run 1/2: fifo seed 0", "run 2/2: fifo seed 1", "jobs over all runs");
    }

    @Test
    void shouldLeaveTasksWhatTheOwnersLeave(@TempDir Path dir) throws IOException {
        var none = execute("evaluate", "--jobs", "20", "--owners", "none", "--users", "none", "--out",
                dir.resolve("none").toString());
        var heavy = execute("evaluate", "--jobs", "20", "--owner-scale", "3", "--out", dir.resolve("heavy").toString());

        assertThat(none.exitCode()).as(none.err()).isZero();
        assertThat(heavy.exitCode()).as(heavy.err()).isZero();
        assertThat(none.out()).contains("owners: none, the whole cluster is spare; users: as in the trace");
        // By default the run starts a day into the owners' trace, so the forecasts warm up on the day before it.
        assertThat(heavy.out()).contains("owners: bundled (Bitbrains Rnd, 99 VMs, 7 days), load x3.0, from 1d into the "
                + "trace; users: coshh-facebook (10 users)");
        // Owners taking capacity slow the same jobs down.
        assertThat(meanCompletion(dir.resolve("heavy"))).isGreaterThan(meanCompletion(dir.resolve("none")));
    }

    @Test
    void shouldStartTheOwnersTraceWhereAsked(@TempDir Path dir) {
        var start = execute("evaluate", "--jobs", "5", "--owner-offset", "0", "--out",
                dir.resolve("start").toString());
        var past = execute("evaluate", "--jobs", "5", "--owner-offset", "8d", "--out", dir.resolve("past").toString());

        assertThat(start.exitCode()).as(start.err()).isZero();
        assertThat(start.out()).contains("owners: bundled (Bitbrains Rnd, 99 VMs, 7 days), load x1.0, from 0 into the "
                + "trace; users: ");
        // The trace's length is known once it is read: the bundled week is 2016 steps of 5 minutes.
        assertThat(past.exitCode()).isEqualTo(1);
        assertThat(past.err()).contains("the start into the owners' trace must be in [0, PT168H), the trace's length, "
                + "was PT192H");
    }

    @Test
    void shouldRunTheNodesUnderTheQosControllerAsked(@TempDir Path dir) throws IOException {
        var none = execute("evaluate", "--jobs", "30", "--owner-scale", "3", "--out", dir.resolve("none").toString());
        var salamander = execute("evaluate", "--jobs", "30", "--owner-scale", "3", "--qos", "salamander", "--out",
                dir.resolve("salamander").toString());

        assertThat(none.exitCode()).as(none.err()).isZero();
        assertThat(salamander.exitCode()).as(salamander.err()).isZero();
        assertThat(none.out()).contains("policies fifo, seeds 0, qos none", "QoS controller: none");
        assertThat(salamander.out()).contains("policies fifo, seeds 0, qos salamander",
                "QoS controller: salamander (period 100 ms");
        // Without a controller there is nothing to count for it; every kill is the node's own.
        assertThat(metricRow(dir.resolve("none"), "qos_kills")).contains(",n/a,");
        assertThat(metricRow(dir.resolve("none"), "node_oom_kills"))
                .isEqualTo(metricRow(dir.resolve("none"), "killed_attempts")
                        .replace("killed_attempts,killed attempts,", "node_oom_kills,node OOM kills,"));
        // Under a controller its counts are numbers; nodes offer the planner less (the safety margin), so the same
        // jobs finish later.
        assertThat(Double.parseDouble(metricRow(dir.resolve("salamander"), "qos_throttles").split(",")[7]))
                .isGreaterThanOrEqualTo(0);
        assertThat(meanCompletion(dir.resolve("salamander"))).isGreaterThan(meanCompletion(dir.resolve("none")));
    }

    @Test
    void shouldRunEachPolicyUnderItsOwnStacksControllerWithTheChunksAndMarginAsked(@TempDir Path dir)
            throws IOException {
        var own = execute("evaluate", "--jobs", "20", "--owner-scale", "3", "--policies", "cuckoo,fifo", "--qos", "own",
                "--chunk-mb", "256", "--safety-margin", "0.2", "--out", dir.resolve("own").toString());
        var small = execute("evaluate", "--jobs", "20", "--owner-scale", "3", "--policies", "cuckoo,fifo", "--qos",
                "own", "--chunk-mb", "64", "--safety-margin", "0.2", "--out", dir.resolve("small").toString());

        assertThat(own.exitCode()).as(own.err()).isZero();
        assertThat(own.out()).contains("qos own, chunks of 256 MiB, safety margin 0.2",
                "QoS controllers: each policy its own stack's (cuckoo: cuckoo, others: salamander; period 100 ms, "
                        + "safety margins 20.0%)");
        // Cuckoo's controller never throttles, it kills; Salamander's throttles first.
        var throttles = runsColumn(dir.resolve("own"), "qos_throttles");
        var kills = runsColumn(dir.resolve("own"), "qos_kills");
        assertThat(throttles.get(0)).isEqualTo("0.0");
        assertThat(Double.parseDouble(throttles.get(1))).isPositive();
        assertThat(Double.parseDouble(kills.get(0))).isPositive();
        assertThat(kills.get(1)).isEqualTo("0.0");
        // Another chunk size makes other map tasks, and the same jobs complete at other times.
        assertThat(small.exitCode()).as(small.err()).isZero();
        assertThat(runsColumn(dir.resolve("small"), "completion_mean_s"))
                .isNotEqualTo(runsColumn(dir.resolve("own"), "completion_mean_s"));
    }

    @Test
    void shouldPrintSalamandersPlanAsATimelinePerNode(@TempDir Path dir) {
        var run = execute("evaluate", "--jobs", "40", "--policies", "fifo,salamander", "--plan-at", "20m", "--out",
                dir.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        var out = run.out();
        var plan = out.substring(out.indexOf("salamander's plan, seed 0:"));
        assertThat(plan).containsPattern("plan at 2009-05-01T00:(1[89]|2[01]):\\d\\dZ: 480 steps of PT3M, \\d+ tasks on")
                .contains("jobs: ", "each column: ").containsPattern("(?m)^node +tasks \\|0h");
    }

    @Test
    void shouldTurnDataPlacementAndDelaySchedulingOffWhenAsked(@TempDir Path dir) throws IOException {
        var placed = execute("evaluate", "--jobs", "40", "--policies", "coshh,fair", "--out",
                dir.resolve("placed").toString());
        var asked = execute("evaluate", "--jobs", "40", "--policies", "coshh,fair", "--no-data-placement",
                "--locality-delay-ms", "0", "--out", dir.resolve("asked").toString());

        assertThat(placed.exitCode()).as(placed.err()).isZero();
        assertThat(asked.exitCode()).as(asked.err()).isZero();
        assertThat(asked.out()).contains("data placement: off", "fair policy's locality delay: 0 ms");
        assertThat(placed.out()).doesNotContain("data placement: off", "locality delay");
        var remotePlaced = runsColumn(dir.resolve("placed"), "remote_map_pct");
        var remoteAsked = runsColumn(dir.resolve("asked"), "remote_map_pct");
        // COSHH lays its jobs' input out elsewhere; Fair without delay scheduling runs more maps remotely.
        assertThat(remoteAsked.get(0)).isNotEqualTo(remotePlaced.get(0));
        assertThat(Double.parseDouble(remoteAsked.get(1))).isGreaterThan(Double.parseDouble(remotePlaced.get(1)));
    }

    /** The cells of one column of runs.csv, a row per run in order. */
    private static List<String> runsColumn(Path out, String key) throws IOException {
        var lines = Files.readAllLines(out.resolve("runs.csv"));
        int column = List.of(lines.get(0).split(",")).indexOf(key);
        return lines.subList(1, lines.size()).stream().map(line -> line.split(",")[column]).toList();
    }

    private static String metricRow(Path out, String key) throws IOException {
        return Files.readAllLines(out.resolve("metrics.csv")).stream()
                .filter(line -> line.startsWith("fifo," + key + ","))
                .findFirst().orElseThrow(() -> new AssertionError("no row " + key + " in " + out));
    }

    private static double meanCompletion(Path out) throws IOException {
        return Files.readAllLines(out.resolve("metrics.csv")).stream()
                .filter(line -> line.startsWith("fifo,completion_mean_s,"))
                .mapToDouble(line -> Double.parseDouble(line.split(",")[7]))
                .findFirst().orElseThrow();
    }

    @Test
    void shouldFailTheNodesAskedAndRelaunchTheirAttempts(@TempDir Path dir) throws IOException {
        var none = execute("evaluate", "--jobs", "30", "--out", dir.resolve("none").toString());
        // r2 and r3 are two of the three 16-slot nodes of coshh-table3; both fail 2 minutes after the first job.
        var failed = execute("evaluate", "--jobs", "30", "--node-failures", "r2@2m,r3@2m", "--out",
                dir.resolve("failed").toString());

        assertThat(none.exitCode()).as(none.err()).isZero();
        assertThat(failed.exitCode()).as(failed.err()).isZero();
        assertThat(none.out()).doesNotContain("Node failures");
        assertThat(failed.out()).contains("Node failures: r2@start+PT2M, r3@start+PT2M; a failed node does not "
                + "come back");
        assertThat(Double.parseDouble(runsColumn(dir.resolve("failed"), "relaunched_task_pct").get(0)))
                .isGreaterThan(Double.parseDouble(runsColumn(dir.resolve("none"), "relaunched_task_pct").get(0)));
        assertThat(meanCompletion(dir.resolve("failed"))).isGreaterThan(meanCompletion(dir.resolve("none")));
    }

    @Test
    void shouldDrawTheSameFailuresFromTheSameSeed(@TempDir Path dir) throws IOException {
        execute("evaluate", "--jobs", "10", "--seed", "5", "--node-failure-rate", "2", "--out",
                dir.resolve("a").toString());
        execute("evaluate", "--jobs", "10", "--seed", "5", "--node-failure-rate", "2", "--out",
                dir.resolve("b").toString());
        execute("evaluate", "--jobs", "10", "--seed", "5", "--out", dir.resolve("none").toString());

        assertThat(measuredLeftOut(dir.resolve("b/runs.csv"))).isEqualTo(measuredLeftOut(dir.resolve("a/runs.csv")))
                .isNotEqualTo(measuredLeftOut(dir.resolve("none/runs.csv")));
    }

    @Test
    void shouldGiveTheSameNumbersOnEveryRun(@TempDir Path dir) throws IOException {
        execute("evaluate", "--jobs", "10", "--seed", "5", "--out", dir.resolve("a").toString());
        execute("evaluate", "--jobs", "10", "--seed", "5", "--out", dir.resolve("b").toString());

        // Everything but the planner's CPU time, a measurement of this JVM rather than of the simulated run.
        assertThat(measuredLeftOut(dir.resolve("b/metrics.csv"))).isEqualTo(measuredLeftOut(dir.resolve("a/metrics.csv")));
        assertThat(measuredLeftOut(dir.resolve("b/runs.csv"))).isEqualTo(measuredLeftOut(dir.resolve("a/runs.csv")))
                .anySatisfy(row -> assertThat(row).startsWith("fifo,5,"));
    }

    /** The CSV's lines without the planner CPU metric: its row in metrics.csv, its column in runs.csv. */
    static List<String> measuredLeftOut(Path csv) throws IOException {
        var lines = Files.readAllLines(csv);
        var header = List.of(lines.get(0).split(","));
        int column = header.indexOf(SimulationReport.PLANNER_CPU_KEY);
        return lines.stream()
                .filter(line -> !line.contains(SimulationReport.PLANNER_CPU_KEY) || line == lines.get(0))
                .map(line -> column < 0 ? line : dropColumn(line, column))
                .toList();
    }

    private static String dropColumn(String line, int column) {
        var cells = line.split(",", -1);
        return IntStream.range(0, cells.length).filter(i -> i != column).mapToObj(i -> cells[i])
                .collect(Collectors.joining(","));
    }

    @Test
    void shouldReadATraceFileAndAClusterFile(@TempDir Path dir) throws IOException {
        // Three SWIM rows (job id, submit time, gap, map input, shuffle and output bytes) and a two-node cluster.
        var trace = Files.writeString(dir.resolve("three.tsv"), """
                job0\t0\t0\t134217728\t1048576\t1048576
                job1\t10\t10\t268435456\t0\t1048576
                job2\t30\t20\t67108864\t1048576\t0
                """);
        var cluster = Files.writeString(dir.resolve("two.yaml"), """
                name: two-nodes
                nodes:
                  - {id: a, slots: 4, speedGflops: 8.0, memoryGiB: 32}
                  - {id: b, slots: 2, speedGflops: 2.0, memoryGiB: 16}
                """);

        var run = execute("evaluate", "--trace", trace.toString(), "--cluster", cluster.toString(), "--out",
                dir.resolve("out").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("3 jobs of " + trace + " on two-nodes (2 nodes)");
        assertThat(Files.readAllLines(dir.resolve("out/runs.csv")).get(1)).startsWith("fifo,0,two-nodes,3,");
    }

    @Test
    void shouldExplainEveryOptionWithItsDefault() {
        // Picocli wraps the descriptions: compare with every run of blanks as one space.
        var help = execute("evaluate", "--help").out().replaceAll("\\s+", " ");

        assertThat(help).contains("--trace", "--jobs", "--cluster", "--policies", "--seeds", "--seed", "--out",
                "--qos=none|salamander|cuckoo|own", "--safety-margin=S", "(default: 0.1; in-process runs only)",
                "--chunk-mb=MB", "(default: 128; in-process runs only)", "in-process or beside the Kafka stages with --through-kafka (default: none)",
                "--no-data-placement", "--locality-delay-ms=MS", "0 turns delay scheduling off",
                "locality-delay-ms, default: " + PolicySettings.DEFAULT_LOCALITY_DELAY.toMillis() + ")",
                "--forecaster-model=MODEL", "--forecaster-miss-escalation=ESCALATION",
                "--node-failures=NODE@TIME[,...]", "a duration after the first job's arrival (n1@30m, ",
                "(default: none)", "--node-failure-rate=PER_HOUR", "(default: 0, none)",
                "--salamander-repair-move-limit=N", "salamander-repair-move-limit, default: 200)",
                "--locality-delay-ms, --salamander-repair-move-limit, --forecaster-model and "
                        + "--forecaster-miss-escalation apply to in-process runs only");
        assertThat(help).contains("(default: fb2009)", "(default: all)", "(default: coshh-table3,", "Known: fifo",
                "(default: fifo)", "(default: 1)", "(default: 0)", "(default: evaluation)");
        assertThat(execute("--help").out()).contains("evaluate");
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                Arguments.of(Named.of("an unknown policy", new String[] {"--policies", "fifo,fiffo"}),
                        "--policies: unknown policy 'fiffo'; expected one of fifo"),
                Arguments.of(Named.of("a policy twice", new String[] {"--policies", "fifo,FIFO"}),
                        "--policies lists fifo twice"),
                Arguments.of(Named.of("an empty policy", new String[] {"--policies", "fifo,"}),
                        "--policies has an empty name in 'fifo,'"),
                Arguments.of(Named.of("an unknown cluster", new String[] {"--cluster", "no-such-cluster"}),
                        "--cluster: 'no-such-cluster' is neither a cluster preset (coshh-table3, "),
                Arguments.of(Named.of("no seeds", new String[] {"--seeds", "0"}), "--seeds must be >= 1, was 0"),
                Arguments.of(Named.of("no jobs", new String[] {"--jobs", "0"}), "--jobs must be >= 1, was 0"),
                Arguments.of(Named.of("a trace that is not there", new String[] {"--trace", "no-such.tsv"}),
                        "--trace 'no-such.tsv' is neither fb2009 nor a file"),
                Arguments.of(Named.of("owners that are not there", new String[] {"--owners", "no-such-dir"}),
                        "--owners 'no-such-dir' is neither bundled, none nor a file or directory"),
                Arguments.of(Named.of("a negative owner scale", new String[] {"--owner-scale", "-1"}),
                        "--owner-scale must be a finite number >= 0, was -1.0"),
                Arguments.of(Named.of("an owner offset that is an instant", new String[] {"--owner-offset",
                        "2009-05-01T00:00:00Z"}), "--owner-offset must be a duration into the owners' trace"),
                Arguments.of(Named.of("an owner offset that is no time", new String[] {"--owner-offset", "soon"}),
                        "--owner-offset: 'soon' is neither an instant"),
                Arguments.of(Named.of("an owner offset that is no time, without owners", new String[] {"--owners",
                        "none", "--owner-offset", "soon"}), "--owner-offset: 'soon' is neither an instant"),
                Arguments.of(Named.of("an unknown workload", new String[] {"--users", "no-such-users"}),
                        "--users: "),
                Arguments.of(Named.of("an unknown QoS controller", new String[] {"--qos", "cucko"}),
                        "--qos: unknown QoS controller 'cucko'; expected one of none, salamander, cuckoo or own"),
                Arguments.of(Named.of("a margin of 100%", new String[] {"--safety-margin", "1"}),
                        "--safety-margin must be in [0, 1), was 1.0"),
                Arguments.of(Named.of("chunks of nothing", new String[] {"--chunk-mb", "0"}),
                        "--chunk-mb must be a whole number of MiB >= 1, was 0"),
                Arguments.of(Named.of("a plan without salamander", new String[] {"--plan-at", "1h"}),
                        "--plan-at needs salamander among --policies"),
                Arguments.of(Named.of("a plan at no time", new String[] {"--policies", "salamander", "--plan-at",
                        "soon"}), "--plan-at: 'soon' is neither an instant"),
                Arguments.of(Named.of("a node the cluster does not have", new String[] {"--node-failures", "n1@5m"}),
                        "--node-failures: unknown node 'n1' in the node failure schedule; cluster coshh-table3 has "
                                + "r1, r2, r3, r4, r5, r6"),
                Arguments.of(Named.of("a failure without a time", new String[] {"--node-failures", "r1"}),
                        "--node-failures: 'r1' is not node@time"),
                Arguments.of(Named.of("a failure at no time", new String[] {"--node-failures", "r1@soon"}),
                        "--node-failures: 'soon' is neither an instant"),
                Arguments.of(Named.of("a node failing twice", new String[] {"--node-failures", "r1@1m,r1@2m"}),
                        "--node-failures: node r1 is scheduled to fail twice"),
                Arguments.of(Named.of("a negative failure rate", new String[] {"--node-failure-rate", "-1"}),
                        "--node-failure-rate must be a finite number >= 0, was -1.0"),
                Arguments.of(Named.of("a negative locality delay", new String[] {"--locality-delay-ms", "-1"}),
                        "Invalid value -1 for option --locality-delay-ms: Value must be at least 0"),
                Arguments.of(Named.of("a margin through Kafka", new String[] {"--safety-margin", "0.2",
                        "--through-kafka"}), "--safety-margin, --chunk-mb, --no-data-placement, "
                        + "--locality-delay-ms, --salamander-repair-move-limit, --forecaster-model, "
                        + "--forecaster-miss-escalation and --load-factor run in-process only"),
                Arguments.of(Named.of("a repair move limit through Kafka", new String[] {
                        "--salamander-repair-move-limit", "1000", "--through-kafka"}), "run in-process only"),
                Arguments.of(Named.of("a negative repair move limit", new String[] {
                        "--salamander-repair-move-limit", "-1"}),
                        "Invalid value -1 for option --salamander-repair-move-limit: Value must be at least 0"),
                Arguments.of(Named.of("cells through Kafka", new String[] {"--cells", "2", "--through-kafka"}),
                        "--cells runs in-process only"),
                Arguments.of(Named.of("no cell", new String[] {"--cells", "0"}),
                        "Invalid value 0 for option --cells: Value must be at least 1"),
                Arguments.of(Named.of("an unknown cell-by", new String[] {"--cell-by", "zone"}),
                        "node-id, rack, label:KEY"),
                Arguments.of(Named.of("a load factor through Kafka", new String[] {"--load-factor", "2",
                        "--through-kafka"}), "run in-process only"),
                Arguments.of(Named.of("a deadline factor of 0", new String[] {"--deadline-factor", "0..2"}),
                        "--deadline-factor: factors must be > 0 and finite, were '0..2'"),
                Arguments.of(Named.of("a deadline range upside down", new String[] {"--deadline-factor", "3..1.5"}),
                        "--deadline-factor: LOW must be <= HIGH, were '3..1.5'"),
                Arguments.of(Named.of("a deadline range of words", new String[] {"--deadline-factor", "a..b"}),
                        "--deadline-factor: expected LOW..HIGH or F with numbers, was 'a..b'"),
                Arguments.of(Named.of("a deadline range of three", new String[] {"--deadline-factor", "1..2..3"}),
                        "--deadline-factor: expected LOW..HIGH or F, was '1..2..3'"),
                Arguments.of(Named.of("no data placement through Kafka", new String[] {"--no-data-placement",
                        "--through-kafka"}), "run in-process only"),
                Arguments.of(Named.of("a forecaster model through Kafka", new String[] {"--forecaster-model",
                        "burst-discount", "--through-kafka"}), "run in-process only"),
                Arguments.of(Named.of("a reaction to misses through Kafka", new String[] {
                        "--forecaster-miss-escalation", "0.05", "--through-kafka"}), "run in-process only"),
                Arguments.of(Named.of("an escalation of the whole capacity", new String[] {
                        "--forecaster-miss-escalation", "1"}),
                        "--forecaster-miss-escalation must be in [0, 1), was 1.0"),
                Arguments.of(Named.of("the bound as the forecaster model", new String[] {"--forecaster-model",
                        "oracle-flat-day"}), "--forecaster-model must be a learner that gleaner forecast-eval scores"));
    }

    @Test
    void shouldRunThePlannerAsSeveralCellsWhenAsked(@TempDir Path dir) {
        var run = execute("evaluate", "--jobs", "20", "--cells", "2", "--cell-by", "rack", "--out",
                dir.resolve("cells").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("planner cells: 2, by rack").contains("20 of 20 jobs completed");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badOptions")
    void shouldRefuseABadOptionWithTheUsageBeforeRunning(String[] args, String message, @TempDir Path dir) {
        var out = dir.resolve("eval");
        // Five jobs keep a run short should an option be wrongly accepted; unless the case is about --jobs.
        var jobs = Stream.of(args).anyMatch("--jobs"::equals) ? Stream.<String>empty() : Stream.of("--jobs", "5");
        var all = Stream.of(Stream.of("evaluate", "--out", out.toString()), jobs, Stream.of(args))
                .flatMap(s -> s).toArray(String[]::new);

        var run = execute(all);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains(message).contains("Usage: gleaner evaluate");
        assertThat(out).doesNotExist();
    }

    @Test
    void shouldRefuseAnOutputThatIsAFile(@TempDir Path dir) throws IOException {
        var file = Files.writeString(dir.resolve("taken"), "x");

        var run = execute("evaluate", "--jobs", "5", "--out", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--out " + file + " is a file, not a directory");
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void shouldRefuseATraceWithoutAJob(@TempDir Path dir) throws IOException {
        var trace = Files.writeString(dir.resolve("bad.tsv"), "not a swim row\n");

        var run = execute("evaluate", "--trace", trace.toString(), "--out", dir.resolve("out").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("has no job that parses");
    }
}
