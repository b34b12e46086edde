package io.gleaner.planner.bench;

import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.mapsOn;
import static io.gleaner.planner.core.PlannerFixtures.node;

import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.PlannerFixtures;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.planner.core.Verdict;
import io.gleaner.planner.core.policies.Policies;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.planner.topology.PlannerEvents;
import io.gleaner.planner.topology.PlannerSerdes;
import io.gleaner.planner.topology.PlannerTopology;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one heartbeat costs the planner as jobs queue up: {@code queued} jobs wait (one map of 1 core and 1 GiB
 * each) and a node with free slots but 512 MiB of spare RAM asks for work, so nothing can be placed. Measured on the
 * in-process cell ({@link InMemoryPlannerState}) and on the Kafka Streams topology over RocksDB stores (through
 * {@link TopologyTestDriver}, whose own cost per record is in the number). Also, in-process: a heartbeat that places
 * 8 maps of one 60,000-map job and their outcomes ({@link LargeJob}), and one that places 8 maps among a long queue
 * of small jobs ({@link BusyQueue}), each under FIFO and the fair policy (and COSHH, Cuckoo and Salamander for the
 * busy queue). Numbers only, never pass/fail.
 *
 * <p>Run: {@code mvn -o -q -pl planner -am test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * -Dmdep.includeScope=test}, then {@code java -cp planner/target/test-classes:planner/target/classes:$(cat
 * planner/target/cp.txt) org.openjdk.jmh.Main HeartbeatBenchmark -jvmArgsAppend -Djava.io.tmpdir=/dev/shm}. The
 * driver commits, and so flushes RocksDB, after every record: on a disk rather than tmpfs that flush dominates the
 * topology numbers and their noise.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class HeartbeatBenchmark {

    private static final long PERIOD_MS = 3_000;
    /** Spare capacity of the asking node: every core, but less RAM than any queued map holds (1 GiB). */
    private static final CpuMemory SPARE = new CpuMemory(16, 512L << 20);
    /** Spare capacity of a node that runs nothing. */
    private static final CpuMemory IDLE = new CpuMemory(16, 64L << 30);

    /** The in-process cell with {@code queued} jobs waiting. */
    @State(Scope.Benchmark)
    public static class InProcess {

        @Param({"100", "1000", "5000"})
        int queued;

        @Param({"fifo", "fair"})
        String policy;

        PlannerCell cell;
        long millis;

        @Setup(Level.Trial)
        public void queueJobs() {
            cell = new PlannerCell(Policies.create(PolicyName.parse(policy)), new InMemoryPlannerState());
            for (int i = 0; i < queued; i++) {
                cell.onJob(PlannerFixtures.job(String.format("j%05d", i), Instant.ofEpochMilli(i), maps(1)));
            }
            millis = queued + PERIOD_MS;
        }
    }

    /** The planner topology over RocksDB stores with {@code queued} jobs waiting. */
    @State(Scope.Benchmark)
    public static class Topology {

        @Param({"100", "1000", "5000"})
        int queued;

        Path stateDir;
        TopologyTestDriver driver;
        TestInputTopic<String, NodeHeartbeat> heartbeats;
        long millis;

        @Setup(Level.Trial)
        public void queueJobs() throws IOException {
            stateDir = Files.createTempDirectory("heartbeat-benchmark");
            var topics = Topics.withPrefix("bench.");
            var serdes = PlannerSerdes.with(new InMemorySchemaRegistryClient());
            var config = PlannerConfig.defaults().withStage(s -> s.withStateDir(stateDir).withTopicPrefix("bench."));
            driver = new TopologyTestDriver(PlannerTopology.build(topics, serdes, config, PlannerEvents.NO_GLOBAL_DEAD_LETTERS),
                    config.streamsProperties());
            var keys = new StringSerializer();
            var jobs = driver.createInputTopic(topics.jobsSubmitted().name(), keys, serdes.jobSubmitted().serializer());
            heartbeats = driver.createInputTopic(topics.nodesHeartbeats().name(), keys,
                    serdes.nodeHeartbeat().serializer());
            for (int i = 0; i < queued; i++) {
                var job = PlannerEvents.job(String.format("j%05d", i), i, 1, 0);
                jobs.pipeInput(job.getJobId(), job, job.getSubmitTime());
            }
            millis = queued + PERIOD_MS;
        }

        @TearDown(Level.Trial)
        public void close() throws IOException {
            driver.close();
            try (var files = Files.walk(stateDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    /**
     * The in-process cell running one job of {@value #LARGE_JOB_MAPS} maps at a time: each heartbeat of a node
     * with 8 free slots places 8 maps, which then succeed, so the cost of recording placements and outcomes on a
     * job of that size is in the number. A new job is submitted when one completes. {@code fair-local} runs the
     * fair policy on a job whose chunks are laid out over 6 nodes, the asking one among them, so that every
     * heartbeat looks for node-local maps (and, once the node's half of them ran, waits and then goes remote).
     */
    @State(Scope.Benchmark)
    public static class LargeJob {

        @Param({"fifo", "fair", "fair-local"})
        String policy;

        PlannerCell cell;
        long millis;
        int jobs;
        int launched;

        @Setup(Level.Trial)
        public void submitFirstJob() {
            var name = policy.equals("fair-local") ? PolicyName.FAIR : PolicyName.parse(policy);
            cell = new PlannerCell(Policies.create(name), new InMemoryPlannerState());
            millis = PERIOD_MS;
            submitNext();
        }

        void submitNext() {
            var group = policy.equals("fair-local")
                    ? mapsOn(LARGE_JOB_MAPS, ChunkLayout.of(List.of("n0", "n1", "n2", "n3", "n4", "n5"), 4))
                    : maps(LARGE_JOB_MAPS);
            cell.onJob(PlannerFixtures.job(String.format("big%05d", jobs++), Instant.ofEpochMilli(millis), group));
            launched = 0;
        }
    }

    /** Maps of the job in {@link LargeJob}: the largest jobs of the traces have this many. */
    static final int LARGE_JOB_MAPS = 60_000;

    @Benchmark
    public int inProcessHeartbeatAndOutcomesOfALargeJob(LargeJob state) {
        state.millis += PERIOD_MS;
        var verdict = state.cell.onHeartbeat(node("n1", Instant.ofEpochMilli(state.millis), 8, IDLE));
        var done = Instant.ofEpochMilli(state.millis + 1);
        for (var placement : verdict.placements()) {
            state.cell.onOutcome(PlannerFixtures.outcome(placement, TaskOutcome.State.SUCCEEDED, done));
        }
        state.launched += verdict.placements().size();
        if (state.launched == LARGE_JOB_MAPS) {
            state.submitNext();
        }
        return verdict.placements().size();
    }

    /**
     * The in-process cell with {@code queued} jobs of 5 to 50 maps (by user) from 10 users waiting, and a node with
     * 8 free slots asking: each heartbeat places 8 maps, which then succeed; a job that completes is replaced by a
     * new one, so the queue keeps its length. What serving an idle node costs as the queue grows: FIFO stops at the
     * jobs it fills the node with, the fair policy counts every pool's running attempts first, COSHH also looks up
     * each job's classes in the node's suggested sets (its queuing process classifies each new job on the next
     * heartbeat), Salamander re-plans on the heartbeat after a job arrives (no forecasts here, for it or Cuckoo).
     * Placements per second are 8 over the average time.
     */
    @State(Scope.Benchmark)
    public static class BusyQueue {

        @Param({"100", "1000", "5000", "10000"})
        int queued;

        @Param({"fifo", "fair", "coshh", "cuckoo", "salamander"})
        String policy;

        /** The even users' min share: 4 (20 slots, more than the node's 8) or 1 (5 slots: COSHH's guarantee runs). */
        @Param({"4", "1"})
        int minShare;

        InMemoryPlannerState plannerState;
        PlannerCell cell;
        long millis;
        int jobs;

        @Setup(Level.Trial)
        public void queueJobs() {
            plannerState = new InMemoryPlannerState();
            // Ten users, the even ones with a min share (COSHH's primary classification), weights 1 and 2.
            var pools = new ArrayList<Pool>();
            for (int u = 0; u < 10; u++) {
                pools.add(new Pool("user" + u, u % 2 == 0 ? minShare : 0, 1 + u % 2));
            }
            var settings = PolicySettings.defaults().withPools(pools);
            cell = new PlannerCell(Policies.create(PolicyName.parse(policy), settings), plannerState);
            for (int i = 0; i < queued; i++) {
                submit(Instant.ofEpochMilli(i));
            }
            millis = queued + PERIOD_MS;
        }

        void submit(Instant at) {
            int n = jobs++;
            // Each user's jobs have their own size, 5 to 50 maps, so that COSHH has classes to tell apart.
            cell.onJob(PlannerFixtures.job(String.format("q%07d", n), "user" + n % 10, at, maps(5 + 5 * (n % 10))));
        }
    }

    /** Average and percentiles (p99 is the goal of COSHH's routing: 1 ms with 10,000 queued jobs). */
    @Benchmark
    @BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
    public int inProcessHeartbeatOfAnIdleNodeWithABusyQueue(BusyQueue state) {
        state.millis += PERIOD_MS;
        var verdict = state.cell.onHeartbeat(node("n1", Instant.ofEpochMilli(state.millis), 8, IDLE));
        var done = Instant.ofEpochMilli(state.millis + 1);
        for (var placement : verdict.placements()) {
            state.cell.onOutcome(PlannerFixtures.outcome(placement, TaskOutcome.State.SUCCEEDED, done));
            if (state.plannerState.job(placement.jobId()).isEmpty()) {
                state.submit(done);
            }
        }
        return verdict.placements().size();
    }

    @Benchmark
    public Verdict inProcessHeartbeatOfAFullNode(InProcess state) {
        state.millis += PERIOD_MS;
        return state.cell.onHeartbeat(node("n1", Instant.ofEpochMilli(state.millis), 8, SPARE));
    }

    @Benchmark
    public long topologyHeartbeatOfAFullNode(Topology state) {
        state.millis += PERIOD_MS;
        var heartbeat = NodeHeartbeat.newBuilder().setNodeId("n1").setTime(Instant.ofEpochMilli(state.millis))
                .setCapacity(new io.gleaner.schemas.avro.Resources(16.0, 64L << 30)).setSpeedGflops(2.0).setSlots(16)
                .setFree(new io.gleaner.schemas.avro.Resources(SPARE.cpus(), SPARE.memoryBytes())).setFreeSlots(8)
                .build();
        state.heartbeats.pipeInput("n1", heartbeat, state.millis);
        return state.millis;
    }
}
