package io.gleaner.deploy.cli;

import static io.gleaner.deploy.cli.Execution.execute;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gleaner evaluate-suite} end to end on a handful of jobs, and {@code gleaner evaluate --load-factor}. */
class EvaluateSuiteCommandTest {

    @Test
    void shouldWriteTheTableOfRatiosHeadedByTheCommand(@TempDir Path dir) throws IOException {
        var results = dir.resolve("results");
        var args = new String[] {"evaluate-suite", "--jobs", "5", "--workloads", "fb2009,google2011", "--policies",
                "fifo,fair", "--baseline", "fair", "--loads", "2", "--seeds", "1", "--owners", "none", "--name", "t",
                "--results-dir", results.toString()};

        var run = execute(args);

        assertThat(run.exitCode()).as(run.err()).isZero();
        Path file;
        try (Stream<Path> files = Files.list(results)) {
            file = files.filter(f -> f.getFileName().toString().endsWith("-suite-t.md")).findFirst().orElseThrow();
        }
        var text = Files.readString(file);
        assertThat(text).startsWith("# Suite bench: t (").contains("```\ngleaner " + String.join(" ", args) + "\n```");
        assertThat(text).contains("| part | cluster | workload | load | jobs | fair mean (s) | fifo / fair |");
        assertThat(text).containsPattern("(?m)^\\| tune \\| coshh-table3 \\| fb2009 \\| x2 \\| 5 \\| [0-9.]+ \\| "
                + "[0-9.]+ \\([0-9.]+-[0-9.]+\\) \\|$");
        assertThat(text).containsPattern("(?m)^\\| report \\| coshh-table3 \\| google2011 \\| x2 \\| 5 \\| ");
        assertThat(text).contains("| tune | fifo / fair |", "| report | fifo / fair |");
        assertThat(text).as("no goals without --deadline-factor").doesNotContain("goals met");
        assertThat(run.out()).contains(text, "wrote " + file);
        assertThat(run.err()).contains("[1/2] fb2009 on coshh-table3 at x2.0", "[2/2] google2011");
    }

    @Test
    void shouldAddEachPolicysGoalsMetAndTardinessWithADeadlineFactor(@TempDir Path dir) {
        var run = execute("evaluate-suite", "--jobs", "5", "--workloads", "fb2009", "--policies", "fair,edf",
                "--loads", "1", "--seeds", "1", "--owners", "none", "--deadline-factor", "1.5..3", "--name", "g",
                "--results-dir", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("Deadlines: submission + 1.5..3 x each job's stand-alone time")
                .contains("| part | cluster | workload | load | jobs | fair goals met (%) | fair tardiness p95 (s) | "
                        + "edf goals met (%) | edf tardiness p95 (s) |")
                .containsPattern("(?m)^\\| tune \\| coshh-table3 \\| fb2009 \\| x1 \\| 5 \\| [0-9.]+ \\| [0-9.]+ \\| "
                        + "[0-9.]+ \\| [0-9.]+ \\|$");
    }

    @Test
    void shouldRunOnlyThePartAskedFor(@TempDir Path dir) throws IOException {
        var run = execute("evaluate-suite", "--jobs", "3", "--workloads", "fb2009,synthetic-100", "--part", "report",
                "--policies", "fifo,fair", "--loads", "1", "--seeds", "1", "--owners", "none", "--name", "r",
                "--results-dir", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("| report | coshh-table3 | synthetic-100 | x1 | 3 |").doesNotContain("| fb2009 |");
    }

    @Test
    void shouldRefuseABaselineThatIsNotRunAPartWithoutWorkloadsAndAnEmptyDeadlineRange(@TempDir Path dir) {
        var baseline = execute("evaluate-suite", "--policies", "fifo,coshh", "--results-dir", dir.toString());
        var part = execute("evaluate-suite", "--workloads", "google2011", "--part", "tune", "--results-dir",
                dir.toString());
        var workload = execute("evaluate-suite", "--workloads", "fb2010", "--results-dir", dir.toString());
        var deadlines = execute("evaluate-suite", "--deadline-factor", "2..1", "--results-dir", dir.toString());

        assertThat(baseline.exitCode()).isEqualTo(2);
        assertThat(baseline.err()).contains("--baseline fair is not among --policies fifo,coshh");
        assertThat(part.exitCode()).isEqualTo(2);
        assertThat(part.err()).contains("has none in part tune");
        assertThat(workload.exitCode()).isEqualTo(2);
        assertThat(workload.err()).contains("unknown workload 'fb2010'");
        assertThat(deadlines.exitCode()).isEqualTo(2);
        assertThat(deadlines.err()).contains("--deadline-factor: LOW must be <= HIGH, were '2..1'");
    }

    @Test
    void shouldBringTheTracesArrivalsCloserWithALoadFactor(@TempDir Path dir) {
        var base = execute("evaluate", "--jobs", "30", "--owners", "none", "--out", dir.resolve("x1").toString());
        var heavy = execute("evaluate", "--jobs", "30", "--owners", "none", "--load-factor", "4", "--out",
                dir.resolve("x4").toString());
        var bad = execute("evaluate", "--jobs", "3", "--load-factor", "0", "--out", dir.resolve("x0").toString());

        assertThat(heavy.exitCode()).as(heavy.err()).isZero();
        assertThat(heavy.out()).contains("load factor: x4.0");
        assertThat(base.out()).doesNotContain("load factor");
        // The 30 jobs arrive over 1,616 s, a quarter of that at x4, and the runs end accordingly earlier.
        assertThat(virtualEnd(heavy.out())).isBefore(virtualEnd(base.out()));
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--load-factor: a load factor must be > 0 and finite, was 0.0");
    }

    private static Instant virtualEnd(String out) {
        var matcher = Pattern.compile("virtual end (\\S+),").matcher(out);
        assertThat(matcher.find()).as(out).isTrue();
        return Instant.parse(matcher.group(1));
    }
}
