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
 * {@code gleaner bench-scale} for a few seconds at 20 nodes with every stage, on the in-JVM broker with the embedded
 * registry: it prints every figure at its intervals and at the end, receives placements, and reads each stage's
 * consumer group. Structure only; the numbers are the benchmark's, not the test's.
 */
@Tag("integration")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class BenchScaleCommandIT {

    private static final String FIGURES = "heartbeats/s=\\d+ placements/s=[\\d.]+ latency ms p50=[\\d.]+ p99=[\\d.]+ "
            + "max=[\\d.]+ \\(n=\\d+\\) cpu/placement=([\\d.]+|NaN) ms cpu=[\\d.]+ cores "
            + "streams=[\\d.]+ cores \\(([\\d.]+|NaN) ms/heartbeat\\) heap=\\d+ MiB load=[\\d.-]+ "
            + "\\| classifier \\d+/s lag \\d+, forecaster \\d+/s lag \\d+, planner \\d+/s lag \\d+, qos \\d+/s lag \\d+";

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
    void shouldPrintEveryFigureAtItsIntervalsAndForTheMeasuredTime(TestInfo test, @TempDir Path dataDir) {
        var name = test.getTestMethod().orElseThrow().getName();
        var prefix = "it." + name + ".";

        var execution = Execution.execute("bench-scale", "--nodes", "20", "--heartbeat-ms", "200",
                "--sample-ms", "1000", "--warm-up", "PT1S", "--duration", "PT4S", "--report-every", "PT1S",
                "--jobs", "20", "--seed", "7", "--stages", "planner,forecaster,classifier,qos",
                "--bootstrap-servers", cluster.bootstrapServers(), "--topic-prefix", prefix,
                "--application-id", "it-" + name, "--forecaster-application-id", "it-f-" + name,
                "--classifier-application-id", "it-c-" + name, "--qos-application-id", "it-q-" + name,
                "--data-dir", dataDir.toString());

        assertThat(execution.exitCode()).as(execution.err()).isZero();
        assertThat(execution.out())
                .containsPattern("machine: \\d+ cores, Java 17.*load average [\\d.-]+")
                .contains("settings: nodes=20 cells=1 instances=1 stages=planner,forecaster,classifier,qos "
                        + "heartbeat-ms=200 sample-ms=1000 warm-up=PT1S duration=PT4S jobs=20 seed=7")
                .containsPattern("(?m)^ +\\d+ s: " + FIGURES)
                .containsPattern("(?m)^measured: " + FIGURES)
                .containsPattern("utilization samples sent: [1-9]\\d* \\(x2 records\\)")
                .containsPattern("peak heap \\d+ MiB; max lag \\{");
        var placements = Pattern.compile("placements \\(after warm-up\\): (\\d+) received").matcher(execution.out());
        assertThat(placements.find()).as(execution.out()).isTrue();
        // 20 jobs of at least one map each on 20 nodes of 4 slots: the planner places some within the 4 s.
        assertThat(Integer.parseInt(placements.group(1))).isPositive();
    }
}
