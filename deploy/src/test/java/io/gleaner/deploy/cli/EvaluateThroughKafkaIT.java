package io.gleaner.deploy.cli;

import static io.gleaner.deploy.cli.Execution.execute;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bench's two ways give one answer: {@code gleaner evaluate} in-process and {@code --through-kafka} (planner and
 * forecaster apps on an embedded broker, the simulator in lockstep) write the same metrics for FIFO, Fair and COSHH,
 * with owners heavy enough to kill attempts.
 */
@Tag("integration")
@Timeout(600)
class EvaluateThroughKafkaIT {

    @Test
    void throughKafkaGivesTheMetricsOfTheInProcessRun(@TempDir Path dir) throws IOException {
        var common = new String[] {"evaluate", "--jobs", "12", "--policies", "fifo,fair,coshh", "--owner-scale", "4"};

        var inProcess = execute(concat(common, "--out", dir.resolve("in-process").toString()));
        var overKafka = execute(concat(common, "--through-kafka", "--data-dir", dir.resolve("data").toString(),
                "--out", dir.resolve("kafka").toString()));

        assertThat(inProcess.exitCode()).as(inProcess.err()).isZero();
        assertThat(overKafka.exitCode()).as(overKafka.err()).isZero();
        assertThat(overKafka.err()).contains("run 3/3: coshh seed 0");
        // Every metric but the planner's CPU time, which only in-process runs measure.
        assertThat(EvaluateCommandTest.measuredLeftOut(dir.resolve("kafka/metrics.csv")))
                .isEqualTo(EvaluateCommandTest.measuredLeftOut(dir.resolve("in-process/metrics.csv")))
                .anySatisfy(row -> assertThat(row).startsWith("fair,completion_mean_s,"))
                .anySatisfy(row -> assertThat(row).startsWith("coshh,completion_mean_s,"));
        assertThat(EvaluateCommandTest.measuredLeftOut(dir.resolve("kafka/runs.csv")))
                .isEqualTo(EvaluateCommandTest.measuredLeftOut(dir.resolve("in-process/runs.csv")));
    }

    @Test
    void throughKafkaWithAQosControllerGivesTheMetricsOfTheInProcessRun(@TempDir Path dir) throws IOException {
        // The controller runs in the simulator either way; the planner sees its margin in the heartbeats.
        var common = new String[] {"evaluate", "--jobs", "12", "--policies", "fair", "--owner-scale", "4",
            "--qos", "salamander"};

        var inProcess = execute(concat(common, "--out", dir.resolve("in-process").toString()));
        var overKafka = execute(concat(common, "--through-kafka", "--data-dir", dir.resolve("data").toString(),
                "--out", dir.resolve("kafka").toString()));

        assertThat(inProcess.exitCode()).as(inProcess.err()).isZero();
        assertThat(overKafka.exitCode()).as(overKafka.err()).isZero();
        assertThat(EvaluateCommandTest.measuredLeftOut(dir.resolve("kafka/metrics.csv")))
                .isEqualTo(EvaluateCommandTest.measuredLeftOut(dir.resolve("in-process/metrics.csv")))
                .anySatisfy(row -> assertThat(row).startsWith("fair,qos_throttles,"));
        assertThat(EvaluateCommandTest.measuredLeftOut(dir.resolve("kafka/runs.csv")))
                .isEqualTo(EvaluateCommandTest.measuredLeftOut(dir.resolve("in-process/runs.csv")));
    }

    private static String[] concat(String[] first, String... rest) {
        var all = new String[first.length + rest.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(rest, 0, all, first.length, rest.length);
        return all;
    }
}
