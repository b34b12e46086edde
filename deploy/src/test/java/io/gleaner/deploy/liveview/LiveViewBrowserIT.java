package io.gleaner.deploy.liveview;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gleaner.deploy.liveview.core.LiveView;
import io.gleaner.deploy.liveview.core.ViewLimits;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistry;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistryConfig;
import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobEvent;
import io.gleaner.schemas.avro.JobEventType;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.QosAction;
import io.gleaner.schemas.avro.QosActionKind;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The live view in a real browser (docs/operations.md#watching-it): records produced onto the topics of the in-JVM
 * broker, the feed and the server of {@code --http-port}, and headless Chromium (Debian's, installed by
 * {@code deploy/browser/install-chromium}, which {@code ./gleaner test} runs first) driven by Selenium. The page shows
 * every node, keeps updating as records come, and a record that does not decode is counted, not a broken page. Saves
 * a screenshot to {@code target/live-view.png} (and to {@code -Dgleaner.liveview.screenshot=PATH} if given: that is
 * how docs/images/live-view.png is made).
 */
@Tag("integration")
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class LiveViewBrowserIT {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Instant T0 = Instant.parse("2026-11-28T09:00:00Z");
    private static final List<String> NODES = List.of("node-a", "node-b", "node-c", "node-d");
    private static final Topics TOPICS = Topics.withPrefix("it.liveview.");

    private static TestKafka cluster;
    private static EmbeddedSchemaRegistry registry;
    private static SchemaRegistryClient registryClient;
    private static KafkaProducer<String, byte[]> producer;

    @BeforeAll
    static void start() {
        assertThat(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER))
                .as("headless Chromium and its driver at %s and %s: run deploy/browser/install-chromium "
                        + "(./gleaner test runs it before mvn -B verify)", CHROMIUM, CHROMEDRIVER).isTrue();
        cluster = TestKafka.start();
        registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of(cluster.bootstrapServers())
                .withTopic("it.liveview" + EmbeddedSchemaRegistryConfig.TOPIC_SUFFIX)).start();
        registryClient = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
            new CatalogueTopics(admin).create(TOPICS, Optional.empty());
        }
        producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()),
                new StringSerializer(), new ByteArraySerializer());
    }

    @AfterAll
    static void stop() throws Exception {
        if (producer != null) {
            producer.close();
        }
        if (registry != null) {
            registry.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void shouldRenderEveryNodeAndUpdateLiveSurvivingARecordThatDoesNotDecode() throws Exception {
        produceRun(30);
        // Hostile input: bytes that are no Avro in the wire format, on two topics the view reads.
        producer.send(new ProducerRecord<>(TOPICS.nodesHeartbeats().name(), "node-a", new byte[] {0, 0, 0, 0, 99, 1}));
        producer.send(new ProducerRecord<>(TOPICS.placements().name(), "node-b", "not avro".getBytes()));
        producer.flush();

        var view = new LiveView(ViewLimits.DEFAULT);
        var clientConfig = Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        try (var feed = LiveViewFeed.start(clientConfig, TOPICS, registryClient, view);
             var server = LiveViewServer.start(0, view::snapshot)) {
            var driver = chromium();
            try {
                driver.get("http://localhost:" + server.port() + "/");

                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                    assertThat(driver.findElements(By.cssSelector("#nodes .node")))
                            .extracting(e -> e.getAttribute("data-node")).containsExactlyElementsOf(NODES);
                    assertThat(driver.findElement(By.id("skipped")).getText())
                            .contains("1 on it.liveview.nodes.heartbeats", "1 on it.liveview.placements");
                    assertThat(driver.findElements(By.cssSelector("#nodes .node svg path"))).hasSizeGreaterThan(8);
                });
                var points = driver.findElement(By.cssSelector("[data-node='node-a']")).getAttribute("data-points");
                assertThat(driver.findElement(By.cssSelector("#jobs tbody")).getText()).contains("met", "missed");

                // What comes on the topics afterwards reaches the open page.
                var later = T0.plus(Duration.ofMinutes(40));
                send(TOPICS.nodesHeartbeats(), "node-a", later, heartbeat("node-a", later, 2));
                send(TOPICS.placements(), "node-a", later, placement("job-late", 7, "node-a"));
                producer.flush();
                await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                    assertThat(driver.findElement(By.cssSelector("#placements tbody tr")).getText())
                            .contains("job-late/m/7/0");
                    assertThat(driver.findElement(By.cssSelector("[data-node='node-a']")).getAttribute("data-points"))
                            .isNotEqualTo(points);
                });

                var screenshot = driver.getScreenshotAs(OutputType.BYTES);
                Files.write(Path.of("target", "live-view.png"), screenshot);
                var extra = System.getProperty("gleaner.liveview.screenshot", "");
                if (!extra.isEmpty()) {
                    Files.write(Path.of(extra), screenshot);
                }
                assertThat(screenshot).hasSizeGreaterThan(10_000);
            } finally {
                driver.quit();
            }
        }
    }

    /** Headless Chromium through its driver at fixed paths, so that Selenium Manager never downloads one. */
    private static ChromeDriver chromium() {
        var service = new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER.toString()))
                .usingAnyFreePort().build();
        var options = new ChromeOptions().setBinary(CHROMIUM.toString()).addArguments("--headless=new",
                "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,1000");
        return new ChromeDriver(service, options);
    }

    /** A half hour of four nodes: heartbeats, the owners' CPU use, a forecast each, placements, jobs and a QoS action. */
    private static void produceRun(int minutes) {
        var random = new SplittableRandom(7);
        for (int n = 0; n < NODES.size(); n++) {
            var node = NODES.get(n);
            double level = 0.2 + 0.15 * n;
            var forecast = new ArrayList<Double>();
            for (int step = 0; step < 40; step++) {
                forecast.add(Math.min(1, level + 0.15 + 0.05 * Math.sin(step / 5.0)));
            }
            send(TOPICS.forecasts(), node + "/CPU", T0, CapacityForecast.newBuilder().setNodeId(node)
                    .setMetric(Metric.CPU).setQuantile(0.99).setIssuedAt(T0).setStart(T0)
                    .setStepMillis(Duration.ofMinutes(1).toMillis()).setUtilization(forecast).build());
            for (int minute = 0; minute < minutes; minute++) {
                var time = T0.plus(Duration.ofMinutes(minute));
                double use = Math.max(0, Math.min(1, level + 0.1 * Math.sin(minute / 4.0 + n)
                        + 0.03 * random.nextDouble()));
                send(TOPICS.nodesUtilization(), node, time, UtilizationSample.newBuilder().setNodeId(node)
                        .setTime(time).setMetric(Metric.CPU).setSource(UsageSource.REGULAR).setValue(use).build());
                send(TOPICS.nodesHeartbeats(), node, time, heartbeat(node, time, (minute / 3 + n) % 5));
            }
        }
        var jobs = List.of("job-met", "job-missed", "job-open");
        for (int j = 0; j < jobs.size(); j++) {
            var submitted = T0.plus(Duration.ofMinutes(j));
            send(TOPICS.jobsSubmitted(), jobs.get(j), submitted, JobSubmitted.newBuilder().setJobId(jobs.get(j))
                    .setJobName("wordcount").setUser("user-" + (j % 2)).setSubmitTime(submitted)
                    .setDeadline(submitted.plus(Duration.ofMinutes(10 + 20 * j))).setInputBytes(1 << 20)
                    .setShuffleBytes(0).setOutputBytes(0).setTasks(List.of(TaskGroup.newBuilder()
                            .setKind(TaskKind.MAP).setCount(4).setBytesPerTask(1 << 18).setLastTaskBytes(1 << 18)
                            .setFlopPerByte(1).setDemand(new Resources(1.0, 1L << 30)).build())).build());
            for (int t = 0; t < 4; t++) {
                send(TOPICS.placements(), NODES.get(t), submitted, placement(jobs.get(j), t, NODES.get(t)));
            }
        }
        send(TOPICS.jobsEvents(), "job-met", T0.plus(Duration.ofMinutes(8)), jobEvent("job-met",
                JobEventType.SUCCEEDED, T0.plus(Duration.ofMinutes(8))));
        send(TOPICS.jobsEvents(), "job-missed", T0.plus(Duration.ofMinutes(35)), jobEvent("job-missed",
                JobEventType.SUCCEEDED, T0.plus(Duration.ofMinutes(35))));
        send(TOPICS.jobsEvents(), "job-open", T0.plus(Duration.ofMinutes(3)), jobEvent("job-open",
                JobEventType.STARTED, T0.plus(Duration.ofMinutes(3))));
        var throttled = T0.plus(Duration.ofMinutes(12));
        send(TOPICS.qosActions(), "node-d", throttled, QosAction.newBuilder().setNodeId("node-d").setTime(throttled)
                .setAction(QosActionKind.THROTTLE_CPU).setCpuLimit(1.5).setReason("owners' use rose to 0.71").build());
        send(TOPICS.deadLetters(), "x", throttled, DeadLetter.newBuilder().setSourceTopic(TOPICS.jobsSubmitted().name())
                .setPartition(0).setOffset(3).setReason("tasks: more than 100000 tasks").setStage("planner")
                .setTime(throttled).build());
        producer.flush();
    }

    private static NodeHeartbeat heartbeat(String node, Instant time, int running) {
        return NodeHeartbeat.newBuilder().setNodeId(node).setTime(time).setCapacity(new Resources(8.0, 32L << 30))
                .setSpeedGflops(10).setSlots(4).setFree(new Resources(8.0 - 1.5 * running, (32L - 4 * running) << 30))
                .setFreeSlots(4 - Math.min(4, running)).setRunningAttempts(
                        java.util.stream.IntStream.range(0, running).mapToObj(i -> node + "/" + i).toList())
                .build();
    }

    private static PlacementDecision placement(String job, int task, String node) {
        return PlacementDecision.newBuilder().setDecisionId(job + "/m/" + task + "/0").setEpoch(1).setJobId(job)
                .setKind(TaskKind.MAP).setTaskIndex(task).setAttempt(0).setNodeId(node).setNotBefore(T0)
                .setPolicy("coshh").setInputBytes(1 << 18).setFlopPerByte(1).setDemand(new Resources(1.0, 1L << 30))
                .build();
    }

    private static JobEvent jobEvent(String job, JobEventType type, Instant time) {
        return JobEvent.newBuilder().setJobId(job).setType(type).setTime(time).setTasks(4)
                .setSucceededTasks(type == JobEventType.SUCCEEDED ? 4 : 0).build();
    }

    private static <V extends SpecificRecord> void send(Topic<String, V> topic, String key, Instant time, V value) {
        @SuppressWarnings("unchecked")
        var serializer = new AvroSerializer<>((Class<V>) value.getClass(), registryClient);
        producer.send(new ProducerRecord<>(topic.name(), null, time.toEpochMilli(), key,
                serializer.serialize(topic.name(), value)));
    }
}
