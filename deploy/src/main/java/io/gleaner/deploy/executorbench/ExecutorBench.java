package io.gleaner.deploy.executorbench;

import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Simulated nodes seen from the executor's side, on real Kafka clients: each heartbeats on schedule (listing its
 * running attempts, {@code free} = capacity minus what they hold), the placements topic is read
 * {@code read_committed} (one consumer on every partition stands for the nodes' agents), and each placement runs as a
 * fake attempt that reports LAUNCHED, then SUCCEEDED when its time is up. Jobs go in on a seeded schedule. For every
 * placement it measures the time from sending the heartbeat it answers (its epoch is that heartbeat's event time) to
 * receiving it, and whether it fitted the node's real spare capacity when it arrived.
 */
public final class ExecutorBench {

    private static final Logger log = LoggerFactory.getLogger(ExecutorBench.class);
    /** How long the heartbeat loop waits between looks at what is due; well under any heartbeat period. */
    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final long BYTES_PER_MAP = 64L << 20;
    private static final long BYTES_PER_REDUCE = 16L << 20;
    /** Salamander section IV-A's work per byte; the bench's attempts take their drawn time whatever it says. */
    private static final double MAP_FLOP_PER_BYTE = 3100;
    private static final double REDUCE_FLOP_PER_BYTE = 6300;
    /**
     * The consumer's longest wait for data. Low so that a fetch that the broker parks does not add to the measured
     * time; it costs a fetch per partition leader every 10 ms when idle.
     */
    public static final int FETCH_MAX_WAIT_MS = 10;

    /** The placements received in one stretch of the measured time, from {@code fromSeconds} after its start. */
    public record Window(long fromSeconds, LatencySummary latency, int doubleBooked) {
    }

    /**
     * What the run measured; counts and latencies are of placements received after the warm-up, in total and per
     * {@link #WINDOW} (a latency that climbs from window to window is a backlog, not a steady state).
     */
    public record Result(int heartbeatsSent, int jobsSubmitted, int placementsReceived, LatencySummary latency,
                         int doubleBooked, int unmatched, int duplicates, int succeeded, int foreign,
                         List<Window> windows) {
        public Result {
            windows = List.copyOf(windows);
        }
    }

    /**
     * A reading while the bench runs: what was sent so far, the placements received after the warm-up, how many of
     * them were matched to their heartbeat ({@code latencies}), and the latency of those matched since an earlier
     * reading's {@code latencies}.
     */
    public record Progress(int heartbeatsSent, int jobsSubmitted, int placementsReceived, int latencies,
                           LatencySummary latencySince) {
    }

    /** The stretch of measured time each {@link Window} covers. */
    public static final Duration WINDOW = Duration.ofSeconds(10);

    private final ExecutorBenchSettings settings;
    private final Topics topics;
    private final Map<String, Object> kafka;
    private final SchemaRegistryClient registry;
    private final InstantSource clock;
    private final PlacementCounters counters = new PlacementCounters();

    /**
     * @param kafka Kafka client properties: at least {@code bootstrap.servers}, and any security settings; the
     *              bench's own settings win over them
     * @param clock event times of what the nodes send; the executor stamps heartbeats and reports with its wall clock,
     *              as a real one does
     */
    public ExecutorBench(ExecutorBenchSettings settings, Topics topics, Map<String, ?> kafka,
                         SchemaRegistryClient registry, InstantSource clock) {
        this.settings = settings;
        this.topics = topics;
        this.kafka = Map.copyOf(kafka);
        this.registry = registry;
        this.clock = clock;
    }

    private static Map<String, Object> over(Map<String, Object> kafka, Map<String, Object> own) {
        var config = new HashMap<String, Object>(kafka);
        config.putAll(own);
        return config;
    }

    /** The id of node {@code index}: the same on every run, so a rerun against the same planner meets its nodes. */
    public static String nodeId(int index) {
        return String.format("bench-node-%04d", index);
    }

    /**
     * What the run has counted so far, with the latencies matched after the first {@code fromLatency}; callable from
     * any thread while {@link #run()} runs.
     */
    public Progress progress(int fromLatency) {
        return counters.progress(fromLatency);
    }

    /** Runs the warm-up and the measured time, then answers what was measured; once per bench. */
    public Result run() throws InterruptedException {
        var nodes = new HashMap<String, SimulatedNode>();
        for (int i = 0; i < settings.nodes(); i++) {
            nodes.put(nodeId(i), new SimulatedNode(nodeId(i), settings.nodeCpus(), settings.nodeMemoryBytes(),
                    settings.nodeSlots()));
        }
        var heartbeatSerializer = new AvroSerializer<>(NodeHeartbeat.class, registry);
        var jobSerializer = new AvroSerializer<>(JobSubmitted.class, registry);
        var reportSerializer = new AvroSerializer<>(TaskReport.class, registry);
        try (var producer = new KafkaProducer<>(over(kafka, Map.of(
                ProducerConfig.CLIENT_ID_CONFIG, "gleaner-bench-executor",
                // Sent at once: a heartbeat waiting in a batch would be time the executor added itself.
                ProducerConfig.LINGER_MS_CONFIG, 0)),
                new StringSerializer(), new ByteArraySerializer())) {
            var ended = new PriorityBlockingQueue<SimulatedNode.Attempt>(1024,
                    Comparator.comparingLong(SimulatedNode.Attempt::endNanos));
            var reports = new ReportSender(producer, reportSerializer);
            long start = System.nanoTime();
            long measureFrom = start + settings.warmUp().toNanos();
            long end = measureFrom + settings.duration().toNanos();
            var placements = new PlacementReader(nodes, ended, reports, counters, measureFrom);
            var reader = new Thread(placements, "bench-executor-placements");
            reader.start();
            try {
                placements.awaitReady();
                loop(nodes, producer, heartbeatSerializer, jobSerializer, reports, ended, counters, start, end);
            } finally {
                placements.stop();
                reader.join();
            }
            placements.failure().ifPresent(e -> {
                throw new IllegalStateException("the placement consumer failed: " + e.getMessage(), e);
            });
            return counters.result(measureFrom);
        }
    }

    /** Sends heartbeats, jobs and SUCCEEDED reports as they fall due, until {@code end} ({@link System#nanoTime}). */
    private void loop(Map<String, SimulatedNode> nodes, KafkaProducer<String, byte[]> producer,
                      AvroSerializer<NodeHeartbeat> heartbeatSerializer, AvroSerializer<JobSubmitted> jobSerializer,
                      ReportSender reports, PriorityBlockingQueue<SimulatedNode.Attempt> ended,
                      PlacementCounters counters,
                      long start, long end) {
        long period = settings.heartbeat().toNanos();
        var order = new ArrayList<>(nodes.keySet());
        order.sort(Comparator.naturalOrder());
        // Node i's first heartbeat at i/N of a period, so that the nodes do not all heartbeat in one burst.
        var due = new PriorityQueue<Map.Entry<Long, String>>(Map.Entry.comparingByKey());
        for (int i = 0; i < order.size(); i++) {
            due.add(Map.entry(start + period * i / order.size(), order.get(i)));
        }
        var jobs = new JobSchedule(settings, start, end);
        while (true) {
            long now = System.nanoTime();
            if (now >= end) {
                return;
            }
            while (!due.isEmpty() && due.peek().getKey() <= now) {
                var next = due.poll();
                var node = nodes.get(next.getValue());
                long sent = System.nanoTime();
                var heartbeat = node.heartbeat(clock.millis(), sent);
                producer.send(new ProducerRecord<>(topics.nodesHeartbeats().name(), null, heartbeat.timeMillis(),
                        heartbeat.nodeId(), heartbeatSerializer.serialize(topics.nodesHeartbeats().name(),
                        avro(heartbeat))));
                counters.heartbeat();
                due.add(Map.entry(next.getKey() + period, next.getValue()));
            }
            for (var job = jobs.next(now); job != null; job = jobs.next(now)) {
                long time = clock.millis();
                var record = job.toAvro(Instant.ofEpochMilli(time));
                producer.send(new ProducerRecord<>(topics.jobsSubmitted().name(), null, time, record.getJobId(),
                        jobSerializer.serialize(topics.jobsSubmitted().name(), record)));
                counters.job();
            }
            for (var attempt = ended.peek(); attempt != null && attempt.endNanos() <= now; attempt = ended.peek()) {
                ended.poll();
                if (nodes.get(attempt.nodeId()).finish(attempt.decisionId())) {
                    reports.send(attempt, TaskState.SUCCEEDED, clock.millis());
                    counters.succeeded();
                }
            }
            LockSupport.parkNanos(TICK_NANOS);
        }
    }

    private NodeHeartbeat avro(SimulatedNode.Heartbeat heartbeat) {
        return NodeHeartbeat.newBuilder()
                .setNodeId(heartbeat.nodeId())
                .setTime(Instant.ofEpochMilli(heartbeat.timeMillis()))
                .setCapacity(new Resources(settings.nodeCpus(), settings.nodeMemoryBytes()))
                .setSpeedGflops(10.0)
                .setSlots(settings.nodeSlots())
                .setFree(new Resources(heartbeat.freeCpus(), heartbeat.freeMemoryBytes()))
                .setFreeSlots(heartbeat.freeSlots())
                .setRunningAttempts(heartbeat.runningAttempts())
                .build();
    }

    /** The jobs to submit, job {@code i} at {@code i / jobs} of the run, their sizes drawn from the seed. */
    private static final class JobSchedule {
        private final ExecutorBenchSettings settings;
        private final long start;
        private final long span;
        private final SplittableRandom random;
        private int submitted;

        JobSchedule(ExecutorBenchSettings settings, long start, long end) {
            this.settings = settings;
            this.start = start;
            this.span = end - start;
            this.random = new SplittableRandom(settings.seed());
        }

        /** The next job due at {@code now}, or null. */
        BenchJob next(long now) {
            if (submitted >= settings.jobs() || start + span * submitted / settings.jobs() > now) {
                return null;
            }
            int maps = 1 + random.nextInt(settings.maxMapsPerJob());
            int reduces = random.nextInt(settings.maxReducesPerJob() + 1);
            return new BenchJob(String.format("bench-s%d-j%06d", settings.seed(), submitted++), maps, reduces,
                    settings);
        }
    }

    /** One submitted job: its id and task counts. */
    private record BenchJob(String jobId, int maps, int reduces, ExecutorBenchSettings settings) {
        JobSubmitted toAvro(Instant submitTime) {
            var demand = new Resources(settings.taskCpus(), settings.taskMemoryBytes());
            var groups = new ArrayList<TaskGroup>();
            groups.add(TaskGroup.newBuilder().setKind(TaskKind.MAP).setCount(maps).setBytesPerTask(BYTES_PER_MAP)
                    .setLastTaskBytes(BYTES_PER_MAP).setFlopPerByte(MAP_FLOP_PER_BYTE).setDemand(demand).build());
            if (reduces > 0) {
                groups.add(TaskGroup.newBuilder().setKind(TaskKind.REDUCE).setCount(reduces)
                        .setBytesPerTask(BYTES_PER_REDUCE).setLastTaskBytes(BYTES_PER_REDUCE)
                        .setFlopPerByte(REDUCE_FLOP_PER_BYTE).setDemand(demand).build());
            }
            return JobSubmitted.newBuilder().setJobId(jobId).setJobName("bench").setSubmitTime(submitTime)
                    .setInputBytes(maps * BYTES_PER_MAP).setShuffleBytes(reduces * BYTES_PER_REDUCE)
                    .setOutputBytes(0).setTasks(groups).build();
        }
    }

    /** LAUNCHED and SUCCEEDED reports, keyed by job id. */
    private final class ReportSender {
        private final KafkaProducer<String, byte[]> producer;
        private final AvroSerializer<TaskReport> serializer;

        ReportSender(KafkaProducer<String, byte[]> producer, AvroSerializer<TaskReport> serializer) {
            this.producer = producer;
            this.serializer = serializer;
        }

        void send(SimulatedNode.Attempt attempt, TaskState state, long timeMillis) {
            var report = TaskReport.newBuilder().setDecisionId(attempt.decisionId()).setJobId(attempt.jobId())
                    .setKind(TaskKind.valueOf(attempt.kind())).setTaskIndex(attempt.taskIndex())
                    .setAttempt(attempt.attempt()).setNodeId(attempt.nodeId()).setState(state)
                    .setTime(Instant.ofEpochMilli(timeMillis)).build();
            producer.send(new ProducerRecord<>(topics.tasksReports().name(), null, timeMillis, attempt.jobId(),
                    serializer.serialize(topics.tasksReports().name(), report)));
        }
    }

    /** Reads placements read_committed from every partition and hands each to its node. */
    private final class PlacementReader implements Runnable {
        private final Map<String, SimulatedNode> nodes;
        private final PriorityBlockingQueue<SimulatedNode.Attempt> ended;
        private final ReportSender reports;
        private final PlacementCounters counters;
        private final long measureFrom;
        private final CountDownLatch ready = new CountDownLatch(1);
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
        private final Set<String> seen = new HashSet<>();

        PlacementReader(Map<String, SimulatedNode> nodes, PriorityBlockingQueue<SimulatedNode.Attempt> ended,
                        ReportSender reports, PlacementCounters counters, long measureFrom) {
            this.nodes = nodes;
            this.ended = ended;
            this.reports = reports;
            this.counters = counters;
            this.measureFrom = measureFrom;
        }

        @Override
        public void run() {
            var deserializer = new AvroDeserializer<>(PlacementDecision.class, registry);
            try (var consumer = new KafkaConsumer<>(over(kafka, Map.of(
                    ConsumerConfig.CLIENT_ID_CONFIG, "gleaner-bench-executor-placements",
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                    ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                    ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, FETCH_MAX_WAIT_MS)),
                    new StringDeserializer(), new ByteArrayDeserializer())) {
                var partitions = consumer.partitionsFor(topics.placements().name()).stream()
                        .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
                consumer.assign(partitions);
                consumer.seekToEnd(partitions);
                // Resolves the end offsets now, so that no placement answering the first heartbeats is skipped.
                partitions.forEach(consumer::position);
                ready.countDown();
                while (running.get()) {
                    for (var record : consumer.poll(POLL)) {
                        long received = System.nanoTime();
                        var node = nodes.get(record.key());
                        if (node == null) {
                            counters.foreign();
                            continue;
                        }
                        var placement = deserializer.deserialize(record.topic(), record.value());
                        handle(node, placement, received);
                    }
                }
            } catch (RuntimeException e) {
                failure.set(e);
                log.error("placement consumer failed", e);
            } finally {
                ready.countDown();
            }
        }

        private void handle(SimulatedNode node, PlacementDecision placement, long received) {
            if (!seen.add(placement.getDecisionId())) {
                counters.duplicate();
                return;
            }
            var random = new SplittableRandom(settings.seed() ^ placement.getDecisionId().hashCode());
            long min = settings.taskMin().toNanos();
            long runFor = min + (settings.taskMax().toNanos() > min
                    ? random.nextLong(settings.taskMax().toNanos() - min + 1) : 0);
            var attempt = new SimulatedNode.Attempt(placement.getDecisionId(), placement.getJobId(),
                    placement.getKind().name(), placement.getTaskIndex(), placement.getAttempt(),
                    placement.getDemand().getCpus(), placement.getDemand().getMemoryBytes(), received + runFor,
                    node.nodeId());
            boolean fitted = node.accept(attempt);
            if (received >= measureFrom) {
                counters.placement(received,
                        node.sentNanos(placement.getEpoch()).map(sent -> received - sent).orElse(null), fitted);
            }
            reports.send(attempt, TaskState.LAUNCHED, clock.millis());
            ended.add(attempt);
        }

        void awaitReady() throws InterruptedException {
            ready.await();
            var e = failure.get();
            if (e != null) {
                throw new IllegalStateException("the placement consumer did not start: " + e.getMessage(), e);
            }
        }

        void stop() {
            running.set(false);
        }

        Optional<RuntimeException> failure() {
            return Optional.ofNullable(failure.get());
        }
    }
}
