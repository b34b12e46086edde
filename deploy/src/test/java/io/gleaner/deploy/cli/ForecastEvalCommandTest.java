package io.gleaner.deploy.cli;

import static io.gleaner.deploy.cli.Execution.execute;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.forecaster.Forecasters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gleaner forecast-eval}: validation, and a walk-forward run on a small trace written here. */
class ForecastEvalCommandTest {

    private static final String HEADER = "Timestamp [ms];\tCPU cores;\tCPU capacity provisioned [MHZ];\t"
            + "CPU usage [MHZ];\tCPU usage [%];\tMemory capacity provisioned [KB];\tMemory usage [KB];\t"
            + "Disk read throughput [KB/s];\tDisk write throughput [KB/s];\tNetwork received throughput [KB/s];\t"
            + "Network transmitted throughput [KB/s]";

    @TempDir
    Path dir;

    /** Five days of 5-minute samples with a daily cycle: CPU between 0.2 and 0.6, memory steady at 0.5. */
    private Path trace(String vm, double phase) throws IOException {
        var sb = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < 5 * 288; i++) {
            double cpu = 0.4 + 0.2 * Math.sin(2 * Math.PI * i / 288 + phase);
            sb.append(1_375_308_000L + 300L * i).append(";\t4;\t1000.0;\t").append(1000 * cpu).append(";\t")
                    .append(100 * cpu).append(";\t2000.0;\t1000.0;\t0.0;\t0.0;\t0.0;\t0.0\n");
        }
        Files.writeString(dir.resolve(vm + ".csv"), sb.toString());
        return dir;
    }

    @Test
    void shouldPrintTheTableAndWriteTheReport() throws IOException {
        trace("1", 0);
        trace("2", 1);
        Path out = dir.resolve("out");
        var run = execute("forecast-eval", "--trace", dir.toString(), "--quantile", "0.9,0.99", "--models",
                "max-24h,qr,seasonal-quantile", "--out", out.toString());
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("2 nodes").contains("2 origin(s)").contains("max-24h").contains("qr ")
                .contains("seasonal-quantile").contains("0.900").contains("0.990");
        assertThat(out.resolve("index.html")).content().contains("<svg").contains("1/cpu").contains("2/cpu");
        // One line per model and level, after the header.
        assertThat(Files.readAllLines(out.resolve("summary.csv"))).hasSize(1 + 3 * 2);
        // Two nodes x two metrics x two origins x three models x two levels.
        assertThat(Files.readAllLines(out.resolve("host-days.csv"))).hasSize(1 + 2 * 2 * 2 * 3 * 2);
        // Per metric (cpu, memory), model and level.
        assertThat(Files.readAllLines(out.resolve("summary-by-metric.csv"))).hasSize(1 + 2 * 3 * 2);
        assertThat(run.out()).contains("by metric:").containsPattern("(?m)^memory +qr ");
    }

    @Test
    void shouldScoreTheStagesDefaultAndTheShareOfTheGapToTheBound() throws IOException {
        trace("1", 0);
        Path out = dir.resolve("out");
        var run = execute("forecast-eval", "--trace", dir.toString(), "--models",
                "default,max-24h,oracle-flat-day", "--out", out.toString());
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("default: the stage's default, " + Forecasters.STANDARD_NAME)
                .containsPattern("(?m)^max-24h .* 0\\.0%$").containsPattern("(?m)^oracle-flat-day .* 100\\.0%$");
        assertThat(Files.readAllLines(out.resolve("summary.csv")).get(0)).endsWith(",gap_share");
    }

    @Test
    void shouldScoreOnlyTheNodesAfterTheSkippedOnes() throws IOException {
        trace("1", 0);
        trace("2", 1);
        trace("3", 2);
        Path out = dir.resolve("out");
        var run = execute("forecast-eval", "--trace", dir.toString(), "--skip-hosts", "1", "--hosts", "1",
                "--models", "max-24h,qr|sq|max-6h+0.01", "--out", out.toString());
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("1 nodes (after skipping the first 1)").contains("qr|sq|max-6h+0.01");
        var days = Files.readAllLines(out.resolve("host-days.csv"));
        assertThat(days.subList(1, days.size())).isNotEmpty().allMatch(line -> line.startsWith("2,"));
    }

    /**
     * A made-up Alibaba 2018 machine_usage file (machine_id, time_stamp, cpu_util_percent, mem_util_percent, mem_gps,
     * mkpi, net_in, net_out, disk_io_percent): three days of a sample a minute for two machines, with a daily CPU
     * cycle, each machine's rows in reverse time order (the loader sorts them), and one malformed line.
     */
    private Path machineUsage() throws IOException {
        var sb = new StringBuilder();
        for (String machine : new String[] {"m_7", "m_3"}) {
            for (int i = 3 * 1440 - 1; i >= 0; i--) {
                long cpu = Math.round(40 + 20 * Math.sin(2 * Math.PI * i / 1440));
                sb.append(machine).append(',').append(60L * i).append(',').append(cpu).append(",55,,,1.5,2.5,")
                        .append(i % 7).append('\n');
            }
        }
        sb.append("m_3,60,oops\n");
        Path file = dir.resolve("machine_usage.csv");
        Files.writeString(file, sb.toString());
        return file;
    }

    @Test
    void shouldEvaluateAnAlibabaMachineUsageTrace() throws IOException {
        Path out = dir.resolve("out");
        var run = execute("forecast-eval", "--format", "alibaba-machine-usage", "--trace", machineUsage().toString(),
                "--burn-in-days", "1", "--models", "max-24h,qr|sq+h", "--out", out.toString());
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("2 nodes").contains(2 * 3 * 1440 + " rows with a sample")
                .contains("1 rows or metrics rejected").contains("machine_usage.csv line " + (2 * 3 * 1440 + 1))
                .contains("format alibaba-machine-usage: " + 2 * 2 * 3 * 1440 + " cpu and memory samples; "
                        + "ignored, not forecast: " + 2 * 3 * 1440 + " DISK samples")
                .contains("2 origin(s) after 1 burn-in day(s)").contains("by metric:")
                .containsPattern("(?m)^memory +qr\\|sq\\+h ");
        // Two machines x two metrics x two origins x two models, in the order of the file: m_7 first.
        var days = Files.readAllLines(out.resolve("host-days.csv"));
        assertThat(days).hasSize(1 + 2 * 2 * 2 * 2);
        assertThat(days.get(1)).startsWith("m_7,");
        assertThat(days.subList(1, days.size())).allMatch(line -> line.startsWith("m_7,") || line.startsWith("m_3,"));
    }

    @Test
    void shouldEvaluateAMappedTraceWithAPreset() throws IOException {
        // Telegraf JSON lines (the telegraf-json preset): three days and 5 minutes of cpu-total and mem every 5
        // minutes (1,440 steps of 3 minutes, room for two origins), two hosts; the per-core series is skipped by the
        // mapping.
        var sb = new StringBuilder();
        for (int i = 0; i <= 3 * 288; i++) {
            long t = 1_700_006_400L + 300L * i;
            for (String host : new String[] {"node-b", "node-a"}) {
                double idle = 60 + 20 * Math.sin(2 * Math.PI * i / 288);
                sb.append("{\"fields\":{\"usage_idle\":").append(idle).append("},\"name\":\"cpu\",\"tags\":"
                        + "{\"cpu\":\"cpu-total\",\"host\":\"").append(host).append("\"},\"timestamp\":").append(t)
                        .append("}\n");
                sb.append("{\"fields\":{\"usage_idle\":10},\"name\":\"cpu\",\"tags\":{\"cpu\":\"cpu0\",\"host\":\"")
                        .append(host).append("\"},\"timestamp\":").append(t).append("}\n");
                sb.append("{\"fields\":{\"used_percent\":42.5},\"name\":\"mem\",\"tags\":{\"host\":\"")
                        .append(host).append("\"},\"timestamp\":").append(t).append("}\n");
            }
        }
        Path file = dir.resolve("telegraf.jsonl");
        Files.writeString(file, sb.toString());
        Path out = dir.resolve("out");
        var run = execute("forecast-eval", "--format", "mapped", "--mapping", "telegraf-json", "--trace",
                file.toString(), "--burn-in-days", "1", "--models", "max-24h", "--out", out.toString());
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("2 nodes").contains("0 rows or metrics rejected")
                .contains("format mapped: " + 2 * 2 * (3 * 288 + 1) + " cpu and memory samples")
                .contains("2 origin(s)");
        var days = Files.readAllLines(out.resolve("host-days.csv"));
        // Two hosts x two metrics x two origins, node-b first as in the trace.
        assertThat(days).hasSize(1 + 2 * 2 * 2);
        assertThat(days.get(1)).startsWith("node-b,cpu,");
    }

    @Test
    void shouldExitTwoOnMappedWithoutAMapping() throws IOException {
        var run = execute("forecast-eval", "--format", "mapped", "--trace", machineUsage().toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--format mapped needs --mapping");
    }

    @Test
    void shouldExitTwoOnAnUnknownFormatNamingTheAcceptedOnes() {
        var run = execute("forecast-eval", "--format", "azure");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("unknown format 'azure'")
                .contains("bitbrains, alibaba-machine-usage, google-task-usage, mapped");
    }

    @Test
    void shouldExitTwoOnAFormatWithoutUtilizationSamples() throws IOException {
        var run = execute("forecast-eval", "--format", "alibaba-batch-task", "--trace", machineUsage().toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--format alibaba-batch-task yields no utilization samples")
                .contains("bitbrains, alibaba-machine-usage, google-task-usage, mapped");
    }

    @Test
    void shouldExitTwoWhenAFormatWithoutABundledTraceIsGivenNone() {
        var run = execute("forecast-eval", "--format", "alibaba-machine-usage");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--format alibaba-machine-usage has no bundled trace: give --trace");
    }

    @Test
    void shouldExitTwoOnAMappingForAnotherFormat() {
        var run = execute("forecast-eval", "--format", "alibaba-machine-usage", "--mapping", "telegraf-json");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--mapping is for --format mapped");
    }

    @Test
    void shouldListTheAcceptedFormatsInTheHelp() {
        var run = execute("forecast-eval", "--help");
        assertThat(run.exitCode()).isZero();
        // The accepted formats are listed (the help wraps lines, so name by name); the others are not.
        assertThat(run.out()).contains("--format").contains("bitbrains,").contains("alibaba-machine-usage,")
                .contains("google-task-usage,").contains("mapped").doesNotContain("alibaba-batch-task")
                .doesNotContain("swim");
    }

    @Test
    void shouldExitTwoOnANegativeSkip() {
        var run = execute("forecast-eval", "--skip-hosts", "-1");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--skip-hosts must be >= 0");
    }

    @Test
    void shouldExitTwoOnAQuantileOutsideTheOpenUnitInterval() {
        var run = execute("forecast-eval", "--quantile", "1.5");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--quantile must be in (0, 1), was 1.5");
    }

    @Test
    void shouldExitTwoOnAnUnknownModel() {
        var run = execute("forecast-eval", "--models", "qr,prophet");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("unknown model 'prophet'");
    }

    @Test
    void shouldExitTwoOnAMissingTrace() {
        var run = execute("forecast-eval", "--trace", dir.resolve("nowhere").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("nowhere").contains("neither a file nor a directory");
    }

    @Test
    void shouldExitTwoWhenTheTraceIsTooShortForOneOrigin() throws IOException {
        trace("1", 0);
        var run = execute("forecast-eval", "--trace", dir.toString(), "--burn-in-days", "4");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("too short");
    }

    @Test
    void shouldScoreHourlyForecastsIntoTheSameHostDays() throws IOException {
        trace("1", 0);
        Path out = dir.resolve("out");
        var run = execute("forecast-eval", "--trace", dir.toString(), "--models", "max-24h,last-value",
                "--refit-hours", "1", "--out", out.toString());
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        // Two host-days after the burn-in, 24 origins each.
        assertThat(run.out()).contains("48 origin(s) every 1 h after 2 burn-in day(s)");
        assertThat(Files.readAllLines(out.resolve("host-days.csv"))).hasSize(1 + 2 * 2 * 2);
    }

    @Test
    void shouldScoreForecastsThatReactToTheirMissesKeepingEveryDayWithinTheBudget() throws IOException {
        trace("1", 0);
        var plain = execute("forecast-eval", "--trace", dir.toString(), "--models", "max-24h,last-value",
                "--refit-hours", "1");
        var reacting = execute("forecast-eval", "--trace", dir.toString(), "--models", "max-24h,last-value",
                "--refit-hours", "1", "--react-to-misses");
        assertThat(reacting.err()).isEmpty();
        assertThat(reacting.exitCode()).isZero();
        assertThat(reacting.out()).contains("reacting to misses: a new forecast at the step after each, 0.05 more per "
                + "miss of the last day, the whole capacity once a day holds 4 (q 0.99)");
        // The last value of a rising CPU sine misses for hours on end; reacting, no day holds more than 4 of 480.
        assertThat(plain.out()).containsPattern("(?m)^cpu +last-value +0\\.990 +2 +\\S+ +100\\.0%");
        assertThat(reacting.out()).containsPattern("(?m)^cpu +last-value +0\\.990 +2 +0\\.[0-8]\\d% +0\\.0%");
        // max-24h, the baseline of the ratios, scores the same either way.
        assertThat(line(reacting.out(), "max-24h ")).isEqualTo(line(plain.out(), "max-24h "));
    }

    @Test
    void shouldExitTwoOnAnEscalationOutsideTheUnitInterval() {
        var run = execute("forecast-eval", "--react-to-misses", "1.5");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--react-to-misses must be in [0, 1), was 1.5");
    }

    private static String line(String out, String prefix) {
        return out.lines().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow();
    }

    @Test
    void shouldExitTwoOnARefitPeriodThatDoesNotDivideTheHorizon() {
        var run = execute("forecast-eval", "--refit-hours", "5");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--refit-hours must be >= 1, divide --horizon-hours 24");
    }

    @Test
    void shouldExitTwoOnAStepThatDoesNotDivideADay() {
        var run = execute("forecast-eval", "--step-minutes", "7");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--step-minutes must divide a day");
    }

    @Test
    void shouldTimeARefitOfEveryNode() throws IOException {
        trace("1", 0);
        var run = execute("forecast-bench", "--trace", dir.toString(), "--hosts", "3", "--train-days", "2",
                "--rounds", "1", "--warmup", "0");
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("6 series (3 nodes x 2 metrics)").contains("timed round 1")
                .contains("best refit");
    }

    @Test
    void shouldExitTwoWhenTheBenchmarkHasNoNodes() {
        var run = execute("forecast-bench", "--hosts", "0");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--hosts");
    }
}
