package io.gleaner.ingest.adapter;

import io.gleaner.ingest.mapping.Mapping;
import io.gleaner.ingest.mapping.MappingFixtures;
import io.gleaner.ingest.mapping.MappingResult;
import io.gleaner.ingest.validation.SampleValidator;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.testing.TestKafka;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Speed of the telemetry adapter, in records per second of one stream thread. Not a test: it prints numbers and
 * asserts nothing. Run it with
 *
 * <pre>
 * mvn -q -B -o -pl ingest -am test-compile
 * mvn -q -B -o -pl ingest dependency:build-classpath -Dmdep.includeScope=test \
 *     -Dmdep.outputFile=target/test-classpath.txt
 * cd ingest &amp;&amp; java -Xmx2g -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) \
 *     -Dlogback.configurationFile=src/test/resources/logback-test.xml \
 *     io.gleaner.ingest.adapter.AdapterBenchmark [records] [nodes] [commit-interval-ms]
 * </pre>
 *
 * (defaults 1,000,000 records, 1,000 nodes, 100 ms). Records are Telegraf JSON documents as the preset reads
 * them, half {@code cpu} (cpu-total) and half {@code mem}, keyed by host, each yielding one sample.
 *
 * <ol>
 *   <li>In-process, no Kafka: the mapping alone, mapping plus validation (the in-memory {@code SampleValidator}),
 *       and both plus the Avro serialization of the sample: how much of a stream thread's time the adapter's
 *       own work takes.</li>
 *   <li>On the in-JVM KRaft broker: all records are produced to a one-partition source topic first, then an
 *       {@link AdapterApp} with one stream thread (exactly-once) runs over them; a read_committed consumer of
 *       {@code nodes.utilization} takes the wall time of the first and the last output record. Records per
 *       second = records / (last - first).</li>
 * </ol>
 */
public final class AdapterBenchmark {

    private static final long T0 = 1_700_000_000L;

    private AdapterBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int records = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int nodes = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
        long commitIntervalMs = args.length > 2 ? Long.parseLong(args[2]) : StageSettings.DEFAULT_COMMIT_INTERVAL_MS;
        var keys = new String[records];
        var values = new byte[records][];
        long bytes = 0;
        for (int i = 0; i < records; i++) {
            int step = i / (2 * nodes);
            int node = (i / 2) % nodes;
            var host = "node-" + node;
            long seconds = T0 + 10L * step;
            var json = i % 2 == 0
                    ? MappingFixtures.telegrafCpu(host, "cpu-total", seconds, 50 + (i % 37))
                    : MappingFixtures.telegrafMem(host, seconds, 20 + (i % 53));
            keys[i] = host;
            values[i] = json.getBytes(StandardCharsets.UTF_8);
            bytes += values[i].length;
        }
        System.out.printf(Locale.ROOT, "%,d Telegraf records of %d nodes, %.0f bytes each on average%n", records, nodes,
                (double) bytes / records);

        inProcess(values);
        onBroker(keys, values, commitIntervalMs);
    }

    /** The adapter's own work per record, without Kafka, after a warm-up pass. */
    private static void inProcess(byte[][] values) {
        var mapper = Mapping.preset(Mapping.TELEGRAF_JSON).mapper();
        var serializer = AvroSerde.of(UtilizationSample.class, new InMemorySchemaRegistryClient()).serializer();
        for (int pass = 0; pass < 2; pass++) {
            var label = pass == 0 ? "warm-up" : "measured";
            long start = System.nanoTime();
            long samples = 0;
            for (var value : values) {
                if (mapper.map(value) instanceof MappingResult.Mapped mapped) {
                    samples += mapped.samples().size();
                }
            }
            long mapped = System.nanoTime();
            var validator = SampleValidator.anyHost();
            for (var value : values) {
                if (mapper.map(value) instanceof MappingResult.Mapped result) {
                    result.samples().forEach(validator::check);
                }
            }
            long validated = System.nanoTime();
            validator = SampleValidator.anyHost();
            long serializedBytes = 0;
            for (var value : values) {
                if (mapper.map(value) instanceof MappingResult.Mapped result) {
                    for (var sample : result.samples()) {
                        if (validator.check(sample).isEmpty()) {
                            serializedBytes += serializer.serialize("t", sample).length;
                        }
                    }
                }
            }
            long serialized = System.nanoTime();
            System.out.printf(Locale.ROOT, "in-process (%s): map %,.0f records/s; map+validate %,.0f records/s; "
                            + "map+validate+avro %,.0f records/s (%d samples, %d Avro bytes)%n", label,
                    rate(values.length, start, mapped), rate(values.length, mapped, validated),
                    rate(values.length, validated, serialized), samples, serializedBytes);
        }
    }

    /** One stream thread over the records already in a one-partition source topic. */
    private static void onBroker(String[] keys, byte[][] values, long commitIntervalMs) throws Exception {
        var stateDir = Files.createTempDirectory("adapter-benchmark");
        try (var cluster = TestKafka.start()) {
            var topics = Topics.withPrefix("bench.");
            var source = "bench.telegraf";
            try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                    cluster.bootstrapServers()))) {
                admin.createTopics(List.of(newTopic(topics.nodesUtilization()), newTopic(topics.deadLetters()),
                        new NewTopic(source, 1, (short) 1))).all().get();
            }
            long produceStart = System.nanoTime();
            try (var producer = new KafkaProducer<>(Map.<String, Object>of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                    ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024,
                    ProducerConfig.LINGER_MS_CONFIG, 20), new StringSerializer(), new ByteArraySerializer())) {
                for (int i = 0; i < values.length; i++) {
                    producer.send(new ProducerRecord<>(source, keys[i], values[i]));
                }
                producer.flush();
            }
            System.out.printf(Locale.ROOT, "produced %,d records to %s in %.1f s%n", values.length, source,
                    (System.nanoTime() - produceStart) / 1e9);

            var registry = new InMemorySchemaRegistryClient();
            var config = AdapterConfig.of(source, Mapping.TELEGRAF_JSON)
                    .withStage(s -> s.withApplicationId("gleaner-ingest-benchmark")
                            .withBootstrapServers(cluster.bootstrapServers()).withTopicPrefix(topics.prefix())
                            .withStateDir(stateDir).withCommitIntervalMs(commitIntervalMs).withStreamThreads(1));
            var partitions = IntStream.range(0, topics.nodesUtilization().partitions())
                    .mapToObj(p -> new TopicPartition(topics.nodesUtilization().name(), p)).toList();
            try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                    ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                    ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 10_000,
                    ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 64 * 1024 * 1024),
                    new ByteArrayDeserializer(), new ByteArrayDeserializer());
                 var app = new AdapterApp(config, Mapping.preset(Mapping.TELEGRAF_JSON), registry)) {
                consumer.assign(partitions);
                consumer.seekToBeginning(partitions);
                long processCpuAtStart = processCpuNanos();
                long started = System.nanoTime();
                app.start();
                long first = 0;
                long last = 0;
                long seen = 0;
                var deadline = started + Duration.ofMinutes(15).toNanos();
                while (seen < values.length && System.nanoTime() < deadline) {
                    var polled = consumer.poll(Duration.ofMillis(100));
                    if (!polled.isEmpty()) {
                        if (seen == 0) {
                            first = System.nanoTime();
                        }
                        seen += polled.count();
                        last = System.nanoTime();
                    }
                }
                var counts = app.counts();
                long streamThreadCpu = threadCpuNanos("StreamThread");
                long processCpu = processCpuNanos() - processCpuAtStart;
                System.out.printf(Locale.ROOT, "broker, 1 stream thread, commit interval %d ms: %,d samples out; "
                                + "first after %.1f s; %,.0f records/s from first to last output (%.1f s); "
                                + "%,.0f records/s from start (%.1f s)%n", commitIntervalMs, seen,
                        (first - started) / 1e9, rate(seen, first, last), (last - first) / 1e9,
                        rate(seen, started, last), (last - started) / 1e9);
                System.out.printf(Locale.ROOT, "  stream thread CPU %.1f s = %,.0f records per CPU-second of the "
                                + "stream thread; whole JVM (broker, adapter, consumer) CPU %.1f s over the run; "
                                + "load average %.1f on %d cores%n", streamThreadCpu / 1e9,
                        seen / (streamThreadCpu / 1e9), processCpu / 1e9,
                        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                        Runtime.getRuntime().availableProcessors());
                System.out.println("  counts " + counts);
            }
        } finally {
            deleteQuietly(stateDir);
        }
    }

    /** CPU time of the live threads whose name contains {@code part}. */
    private static long threadCpuNanos(String part) {
        var threads = ManagementFactory.getThreadMXBean();
        long total = 0;
        for (var info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().contains(part)) {
                total += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return total;
    }

    private static long processCpuNanos() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
    }

    private static NewTopic newTopic(Topic<?, ?> topic) {
        return new NewTopic(topic.name(), topic.partitions(), (short) 1).configs(topic.configs());
    }

    private static double rate(long count, long fromNanos, long toNanos) {
        return toNanos > fromNanos ? count / ((toNanos - fromNanos) / 1e9) : Double.NaN;
    }

    private static void deleteQuietly(Path dir) {
        try (var paths = Files.walk(dir)) {
            var all = new ArrayList<Path>(paths.toList());
            Collections.reverse(all);
            for (var path : all) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            System.err.println("could not delete " + dir + ": " + e.getMessage());
        }
    }
}
