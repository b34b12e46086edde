package io.gleaner.deploy.bench;

import io.gleaner.deploy.broker.EmbeddedBroker;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistry;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistryConfig;
import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.ingest.bitbrains.BitbrainsDirectoryReader;
import io.gleaner.ingest.replay.KafkaRecordSink;
import io.gleaner.ingest.replay.ReplayOptions;
import io.gleaner.ingest.replay.Replayer;
import io.gleaner.ingest.replay.TraceSequence;
import io.gleaner.ingest.replay.WallClockPacer;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.validation.SampleValidator;
import io.gleaner.ingest.validation.ValidatingReader;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * How fast {@code gleaner replay --speed max} puts utilization samples on the embedded broker: the same
 * path as the command (Replayer, KafkaRecordSink, the Avro serializer against the embedded schema registry
 * over HTTP, an embedded KRaft broker in this JVM), fed by a synthetic in-memory reader so the number is
 * the replay path's and not a parser's. A benchmark, not a test: it prints numbers and asserts nothing
 * except that the topic holds every sample sent.
 *
 * <p>Two sources: {@code source=synthetic} (the default) measures the replay path alone; {@code
 * source=bitbrains} measures what {@code gleaner replay --format bitbrains} does, parsing included: the
 * bundled Bitbrains excerpt (10 VMs, 11,364 samples) read again and again under new node ids until
 * {@code samples} are read, each copy parsed from its gzip files, through the sample validator.
 *
 * <p>Arguments, each {@code name=value}: {@code source}, {@code samples} (2000000), {@code nodes} (1000, synthetic only), {@code warmup}
 * samples before the measured runs (300000), {@code runs} (3), and any producer setting prefixed with
 * {@code producer.} (e.g. {@code producer.linger.ms=5}) to compare settings. It prints, per run, the rate
 * and the CPU time of the whole JVM per sample, which moves less than the rate when other work shares
 * the machine. Run it from the repository root:
 *
 * <pre>
 * mvn -q -B -o -pl deploy -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=test
 * java -cp deploy/target/test-classes:deploy/target/classes:$(cat deploy/target/classpath.txt) \
 *     io.gleaner.deploy.bench.ReplayBenchmark samples=2000000 runs=3
 * </pre>
 */
public final class ReplayBenchmark {

    private ReplayBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        var settings = new HashMap<String, String>();
        for (var arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("arguments are name=value, was '" + arg + "'");
            }
            settings.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        long samples = Long.parseLong(settings.getOrDefault("samples", "2000000"));
        int nodes = Integer.parseInt(settings.getOrDefault("nodes", "1000"));
        long warmup = Long.parseLong(settings.getOrDefault("warmup", "300000"));
        int runs = Integer.parseInt(settings.getOrDefault("runs", "3"));
        var source = settings.getOrDefault("source", "synthetic");
        if (!source.equals("synthetic") && !source.equals("bitbrains")) {
            throw new IllegalArgumentException("source is synthetic or bitbrains, was '" + source + "'");
        }
        var producerOverrides = settings.entrySet().stream()
                .filter(e -> e.getKey().startsWith("producer."))
                .collect(Collectors.toMap(e -> e.getKey().substring("producer.".length()), e -> (Object) e.getValue()));

        System.out.printf("machine: %d processors, JVM %s, max heap %d MiB%n", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), Runtime.getRuntime().maxMemory() >> 20);
        System.out.printf("source %s, samples %d per run, %d nodes, warm-up %d, runs %d, producer overrides %s%n",
                source, samples, nodes, warmup, runs, producerOverrides);

        var dataDir = Files.createTempDirectory("gleaner-replay-bench");
        try (var broker = EmbeddedBroker.start(dataDir, 0, Map.of());
             var admin = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
            var registryTopics = Topics.withPrefix("bench.");
            try (var registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of(broker.bootstrapServers())
                    .withTopic(EmbeddedSchemaRegistryConfig.topicFor(registryTopics))).start()) {
                var client = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));
                var clientConfig = new HashMap<String, Object>(producerOverrides);
                clientConfig.put("bootstrap.servers", broker.bootstrapServers());
                if (warmup > 0) {
                    run(admin, client, clientConfig, "bench.warmup.", source, warmup, nodes);
                }
                double best = 0;
                for (int i = 1; i <= runs; i++) {
                    double rate = run(admin, client, clientConfig, "bench.run" + i + ".", source, samples, nodes);
                    best = Math.max(best, rate);
                }
                System.out.printf("best: %.0f samples/s%n", best);
            }
        }
    }

    /** One replay of {@code samples} samples onto fresh topics; returns samples per second. */
    private static double run(Admin admin, RestSchemaRegistryClient client, Map<String, Object> clientConfig,
            String prefix, String source, long samples, int nodes) throws Exception {
        var topics = Topics.withPrefix(prefix);
        new CatalogueTopics(admin).create(topics, Optional.empty());
        var topic = topics.nodesUtilization().name();
        var validator = SampleValidator.anyHost();
        try (var rows = source.equals("bitbrains") ? bitbrains(samples, validator)
                     : new SyntheticUtilizationReader(samples, nodes);
             // The command's sinks also carry a replay id; the synthetic source keeps to what the sink could do
             // before resume existed, so that its numbers compare with the code before it.
             var sink = source.equals("bitbrains")
                     ? KafkaRecordSink.open(topic, clientConfig, new AvroSerializer<>(UtilizationSample.class, client),
                             "0123456789abcdef")
                     : KafkaRecordSink.open(topic, clientConfig, new AvroSerializer<>(UtilizationSample.class, client));
             var deadLetters = KafkaRecordSink.open(topics.deadLetters().name(), clientConfig,
                     new AvroSerializer<>(DeadLetter.class, client))) {
            long cpuBefore = processCpuNanos();
            var summary = new Replayer<>(sink, deadLetters, new WallClockPacer(),
                    ReplayOptions.asFastAsPossible().withProgressEvery(100_000)).replay(rows, progress -> { });
            long cpu = processCpuNanos() - cpuBefore;
            double seconds = summary.elapsed().toNanos() / 1e9;
            double rate = summary.sent() / seconds;
            long stored = storedRecords(admin, topic, topics.nodesUtilization().partitions());
            // CPU time of the whole JVM (replayer, producer, broker) per sample: less sensitive than the rate to
            // other work on a shared machine.
            System.out.printf("%-14s %,d samples in %.2f s = %,.0f samples/s, %.2f CPU us/sample (topic holds %,d)%n",
                    prefix, summary.sent(), seconds, rate, cpu / 1e3 / summary.sent(), stored);
            if (stored != summary.sent()) {
                throw new IllegalStateException("the topic holds " + stored + " records, " + summary.sent() + " were sent");
            }
            return rate;
        }
    }

    /**
     * The bundled Bitbrains excerpt, copy after copy under node ids {@code c<copy>-<vm>}, validated, up to
     * {@code samples} samples: the reader path of {@code gleaner replay --format bitbrains}.
     */
    private static TraceReader<UtilizationSample> bitbrains(long samples, SampleValidator validator) {
        var copies = IntStream.rangeClosed(1, (int) (samples / 10_000 + 1)).mapToObj(i -> "c" + i + "-").toList();
        var excerpts = new TraceSequence<>("bitbrains-copies", copies, BitbrainsDirectoryReader::excerpt, samples);
        return ValidatingReader.of(excerpts, validator);
    }

    private static long processCpuNanos() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
    }

    private static long storedRecords(Admin admin, String topic, int partitions) throws Exception {
        var request = new HashMap<TopicPartition, OffsetSpec>();
        for (int p = 0; p < partitions; p++) {
            request.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        return admin.listOffsets(request).all().get().values().stream().mapToLong(o -> o.offset()).sum();
    }
}
