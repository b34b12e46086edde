package io.gleaner.qos.bench;

import io.gleaner.qos.core.NodeControl;
import io.gleaner.qos.core.NodeObservation;
import io.gleaner.qos.core.QosAction;
import io.gleaner.qos.core.QosController;
import io.gleaner.qos.core.QosFixtures;
import io.gleaner.qos.core.QosMode;
import io.gleaner.qos.core.QosSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The speed goal "the QoS controller handles 10,000 nodes at a 100 ms period on one core": one operation is one
 * period tick of {@link QosController#tickAll} over {@code nodes} nodes, single-threaded. Observations come from
 * {@link QosFixtures#randomCluster} (seed 2020): nodes of 8–64 cores and 16–256 GiB, owners at 10–95 %, 0–12 attempts
 * each; ten such snapshots are drawn once and cycled, and each tick builds the period's observations afresh with the
 * tick's time (what an adapter does every period, validation included), so every node is due and decided every
 * tick. The number includes sorting the batch by (time, node) and building the reasons of the actions taken. Numbers
 * only, never pass/fail.
 *
 * <p>Run: {@code mvn -o -q -pl qos-controller -am test-compile dependency:build-classpath
 * -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test}, then {@code java -cp
 * qos-controller/target/test-classes:qos-controller/target/classes:$(cat qos-controller/target/cp.txt)
 * org.openjdk.jmh.Main QosTickBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-XX:ActiveProcessorCount=1"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class QosTickBenchmark {

    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");
    private static final int SNAPSHOTS = 10;
    private static final long PERIOD_MS = 100;

    @Param({"10000"})
    public int nodes;

    @Param({"salamander", "cuckoo"})
    public String mode;

    private List<List<NodeObservation>> snapshots;
    private QosController controller;
    private Map<String, NodeControl> controls;
    private long tick;

    @Setup(Level.Trial)
    public void setUp() {
        var random = new Random(2020);
        snapshots = new ArrayList<>(SNAPSHOTS);
        for (int s = 0; s < SNAPSHOTS; s++) {
            snapshots.add(QosFixtures.randomCluster(random, nodes, T0));
        }
        controller = QosController.of(QosMode.parse(mode), QosSettings.defaults());
        controls = new HashMap<>();
        tick = 0;
    }

    @Benchmark
    public List<QosAction> tickAllNodes() {
        var time = T0.plusMillis(PERIOD_MS * tick);
        var snapshot = snapshots.get((int) (tick % SNAPSHOTS));
        tick++;
        var observations = new ArrayList<NodeObservation>(snapshot.size());
        for (var o : snapshot) {
            observations.add(new NodeObservation(o.nodeId(), time, o.capacity(), o.owners(), o.tasks(), o.attempts(),
                    o.cpuLimitCores()));
        }
        return controller.tickAll(observations, controls);
    }
}
