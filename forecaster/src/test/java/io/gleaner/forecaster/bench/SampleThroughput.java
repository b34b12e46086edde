package io.gleaner.forecaster.bench;

import static org.awaitility.Awaitility.await;

import io.gleaner.forecaster.ForecasterApp;
import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.KafkaHarness;
import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.topology.ForecasterSerdes;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.testing.TestKafka;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * Samples per second that one stream thread of the forecaster takes from {@code nodes.utilization} into its state
 * store, on the in-JVM broker, under the stage's own settings (exactly-once v2, RocksDB, changelogs): {@code nodes}
 * nodes report CPU and MEMORY every 10 s until {@code samples} are on the one-partition input (default 1,000,000),
 * and the clock runs from the app's start until it has committed the last offset. The event time covers over an
 * hour, so every series is refit once (with the stage's default learner) inside the measurement. With a third
 * argument {@code reacting} the stage runs {@code max-1h+0.01} and reacts to its misses with an escalation of 0.05
 * (docs/results/2026-11-27-forecaster-accuracy.md#reacting-to-misses---react-to-misses): every sample is then checked
 * against the forecast in force. Numbers only.
 *
 * <p>Run: {@code mvn -o -q -pl forecaster -am test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * -Dmdep.includeScope=test}, then {@code java -cp forecaster/target/test-classes:forecaster/target/classes:$(cat
 * forecaster/target/cp.txt) io.gleaner.forecaster.bench.SampleThroughput [samples] [nodes] [reacting]}.
 */
public final class SampleThroughput {

    private SampleThroughput() {
    }

    public static void main(String[] args) throws Exception {
        int samples = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int nodes = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
        boolean reacting = args.length > 2 && args[2].equals("reacting");
        var registry = new InMemorySchemaRegistryClient();
        var serdes = ForecasterSerdes.with(registry);
        var topics = Topics.withPrefix("bench.");
        var start = Instant.parse("2026-01-01T00:00:00Z");
        try (var kafka = TestKafka.start();
             var admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
            KafkaHarness.createTopics(admin, topics, 1);
            var metrics = List.of(Metric.CPU, Metric.MEMORY);
            try (var producer = KafkaHarness.producer(kafka.bootstrapServers())) {
                var serializer = serdes.utilizationSample().serializer();
                for (int i = 0; i < samples; i++) {
                    int series = i % (nodes * metrics.size());
                    long round = i / (nodes * metrics.size());
                    var node = "n" + series / metrics.size();
                    var time = start.plusSeconds(10 * round);
                    var sample = UtilizationSample.newBuilder().setNodeId(node).setTime(time)
                            .setMetric(metrics.get(series % metrics.size())).setSource(UsageSource.REGULAR)
                            .setValue((i * 7919L % 1000) / 1000.0).build();
                    producer.send(new ProducerRecord<>(topics.nodesUtilization().name(), 0, time.toEpochMilli(),
                            node, serializer.serialize(topics.nodesUtilization().name(), sample)));
                }
                producer.flush();
            }
            long events = (long) samples / (nodes * metrics.size()) * 10;
            System.out.printf("produced %,d samples of %d series over %d s of event time%n", samples,
                    nodes * metrics.size(), events);
            var stateDir = Files.createTempDirectory("forecaster-bench");
            var config = ForecasterConfig.defaults().withStage(s -> s.withBootstrapServers(kafka.bootstrapServers())
                    .withTopicPrefix("bench.").withApplicationId("forecaster-bench").withStateDir(stateDir)
                    .withRegistry(RegistryConfig.of("http://unused"))).withSettings(reacting
                    ? ForecastSettings.defaults().withReaction(new MissReaction(0.05)) : ForecastSettings.defaults());
            var learner = reacting ? Forecasters.recentPeak(1, 0.01) : Forecasters.standard();
            System.out.printf("learner %s%s%n", learner.name(), reacting ? ", reacting to misses (0.05)" : "");
            try (var app = new ForecasterApp(config, registry, learner)) {
                var process = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
                long processCpuBefore = process.getProcessCpuTime();
                long began = System.nanoTime();
                app.start();
                var input = new TopicPartition(topics.nodesUtilization().name(), 0);
                long tenth = awaitCommitted(admin, config.stage().applicationId(), input, samples / 10);
                long ninth = awaitCommitted(admin, config.stage().applicationId(), input, samples - samples / 10);
                KafkaHarness.awaitCaughtUp(admin, config.stage().applicationId(),
                        topics.nodesUtilization().name(), 1, Duration.ofMinutes(30));
                double seconds = (System.nanoTime() - began) / 1e9;
                System.out.printf("one stream thread: %,d samples in %.1f s = %,.0f samples/s (start-up and"
                        + " rebalance included)%n", samples, seconds, samples / seconds);
                // Between 10% and 90% committed: the steady rate, without start-up, rebalance and the last commit.
                System.out.printf("  steady, from 10%% to 90%% committed: %,.0f samples/s%n",
                        (samples - 2 * (samples / 10)) / ((ninth - tenth) / 1e9));
                // The broker runs in this JVM too: near the machine's cores here, the machine is the bound.
                System.out.printf("  this JVM (broker, stage, benchmark): %.1f CPU-s over those %.1f s, %d cores%n",
                        (process.getProcessCpuTime() - processCpuBefore) / 1e9, seconds,
                        Runtime.getRuntime().availableProcessors());
                // The broker, the benchmark and other processes share the machine's cores: the stream thread's own
                // CPU time says what the thread would do with a core to itself.
                var threads = ManagementFactory.getThreadMXBean();
                for (var info : threads.dumpAllThreads(false, false)) {
                    if (info.getThreadName().contains("forecaster-bench")) {
                        double cpu = threads.getThreadCpuTime(info.getThreadId()) / 1e9;
                        System.out.printf("  %s: %.1f s CPU = %,.0f samples per CPU-second%n", info.getThreadName(),
                                cpu, samples / cpu);
                    }
                }
            }
        }
    }

    /** Waits until the group has committed {@code offset} of {@code partition}; the {@link System#nanoTime} then. */
    private static long awaitCommitted(Admin admin, String group, TopicPartition partition, long offset) {
        await().atMost(Duration.ofMinutes(30)).pollInterval(Duration.ofMillis(100)).until(() -> {
            var committed = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get().get(partition);
            return committed != null && committed.offset() >= offset;
        });
        return System.nanoTime();
    }
}
