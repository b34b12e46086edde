package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.testing.TestKafka;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gleaner bench-executor} for a few seconds at a handful of nodes, on the in-JVM broker with the embedded
 * registry and the in-process planner: it prints the machine, the settings and every figure, and receives placements.
 * Structure only; the numbers are the benchmark's, not the test's.
 */
@Tag("integration")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class BenchExecutorCommandIT {

    private static TestKafka cluster;

    @BeforeAll
    static void startBroker() {
        cluster = TestKafka.start();
    }

    @AfterAll
    static void stopBroker() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void shouldPrintTheMachineTheSettingsAndTheLatencyOfThePlacementsItReceived(TestInfo test, @TempDir Path dataDir) {
        var name = test.getTestMethod().orElseThrow().getName();

        var execution = Execution.execute("bench-executor", "--nodes", "4", "--heartbeat-ms", "200",
                "--warm-up", "PT1S", "--duration", "PT4S", "--jobs", "20", "--seed", "7",
                "--bootstrap-servers", cluster.bootstrapServers(), "--topic-prefix", "it." + name + ".",
                "--application-id", "it-" + name, "--data-dir", dataDir.toString());

        assertThat(execution.exitCode()).as(execution.err()).isZero();
        assertThat(execution.out())
                .containsPattern("machine: \\d+ cores, Java 17")
                .contains("settings: nodes=4 heartbeat-ms=200 warm-up=PT1S duration=PT4S jobs=20 seed=7")
                .contains("planner in-process (policy fifo, commit interval 100 ms)")
                .containsPattern("heartbeat-to-placement ms: count=\\d+ p50=[\\d.]+ p90=[\\d.]+ p99=[\\d.]+ "
                        + "max=[\\d.]+")
                .containsPattern("double-booked placements: \\d+ of \\d+")
                .containsPattern("from +0 s: count=\\d+ p50=[\\d.]+ p99=[\\d.]+ max=[\\d.]+ double-booked=\\d+")
                .containsPattern("process: \\d+ heartbeats/s and \\d+ attempts/s over [\\d.]+ s; CPU [\\d.]+ s "
                        + "\\([\\d.]+ cores\\), [\\d.]+ ms per attempt; heap \\d+ MiB used of \\d+ MiB");
        // The planner's lag on each of its inputs at the end (the last records may still be uncommitted).
        var lag = Pattern.compile("planner lag at the end \\(records not committed\\): .*jobs.submitted=(\\d+), "
                + ".*tasks.reports=(\\d+), .*nodes.heartbeats=(\\d+)").matcher(execution.out());
        assertThat(lag.find()).as(execution.out()).isTrue();
        for (int input = 1; input <= 3; input++) {
            assertThat(Long.parseLong(lag.group(input))).isNotNegative();
        }
        var matched = Pattern.compile("count=(\\d+)").matcher(execution.out());
        assertThat(matched.find()).isTrue();
        // 20 jobs of at least one map each on 4 nodes of 4 slots: the planner places some within the 4 s.
        assertThat(Integer.parseInt(matched.group(1))).isPositive();
    }
}
