package io.gleaner.forecaster;

import static io.gleaner.forecaster.topology.ForecasterFixtures.sample;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.topology.ForecasterFixtures;
import io.gleaner.forecaster.topology.ForecasterSerdes;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The forecaster against a real broker ({@link TestKafka}): a run stopped halfway, its local state deleted so that
 * the restart restores the window from the changelog, publishes the same forecasts as a run that never stopped.
 */
@Tag("integration")
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ForecasterIT {

    private static final int PARTITIONS = 2;
    private static final long END_SECONDS = 30 * 60;
    private static final long SPLIT_SECONDS = 15 * 60;

    private static TestKafka kafka;

    private final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();
    private final ForecasterSerdes serdes = ForecasterSerdes.with(registry);

    @TempDir
    Path stateDir;

    @BeforeAll
    static void startBroker() {
        kafka = TestKafka.start();
    }

    @AfterAll
    static void stopBroker() {
        if (kafka != null) {
            kafka.close();
        }
    }

    /**
     * Four nodes report CPU and MEMORY every 20 s for 30 min; n3 stops at 13 min (its last sample at 12:40, stale
     * from 15:40, after the restart at 15 min, which must know its last sample time though the store last wrote
     * n3 at the 10-minute boundary); one NaN sample at 5 min. Node i goes to partition i % 2, so n3 shares its
     * partition with n1, which keeps stream time moving.
     */
    private List<ProducerRecord<String, byte[]>> samples(Topics topics, Predicate<Long> when) {
        var records = new ArrayList<ProducerRecord<String, byte[]>>();
        var topic = topics.nodesUtilization().name();
        for (long s = 0; s < END_SECONDS; s += 20) {
            if (!when.test(s)) {
                continue;
            }
            for (int node = 0; node < 4; node++) {
                if (node == 3 && s >= 13 * 60) {
                    continue;
                }
                for (var metric : List.of(Metric.CPU, Metric.MEMORY)) {
                    double value = s == 300 && node == 0 && metric == Metric.CPU ? Double.NaN
                            : ((s / 20 * 37 + node * 11 + metric.ordinal() * 5) % 100) / 100.0;
                    UtilizationSample sample = sample("n" + node, metric, s, value);
                    records.add(new ProducerRecord<>(topic, node % PARTITIONS, sample.getTime().toEpochMilli(),
                            sample.getNodeId(), serdes.utilizationSample().serializer().serialize(topic, sample)));
                }
            }
        }
        return records;
    }

    private ForecasterConfig config(String prefix, String applicationId) {
        return config(prefix, applicationId, ForecasterFixtures.small());
    }

    private ForecasterConfig config(String prefix, String applicationId, ForecastSettings settings) {
        return ForecasterConfig.defaults()
                .withStage(s -> s.withBootstrapServers(kafka.bootstrapServers()).withTopicPrefix(prefix)
                        .withApplicationId(applicationId))
                // a static member, so that the restart takes the tasks back at once (see ForecasterConfig)
                .withStage(s -> s.withInstanceId(applicationId).withStateDir(stateDir.resolve(applicationId)))
                .withSettings(settings);
    }

    private void produce(List<ProducerRecord<String, byte[]>> records) {
        try (var producer = KafkaHarness.producer(kafka.bootstrapServers())) {
            records.forEach(producer::send);
            producer.flush();
        }
    }

    /** Runs the stage until it has committed everything on its input, then closes it. */
    private void runUntilCaughtUp(Admin admin, ForecasterConfig config) throws Exception {
        var app = new ForecasterApp(config, registry, new ForecasterFixtures.EchoForecaster());
        try (app) {
            app.start();
            KafkaHarness.awaitCaughtUp(admin, config.stage().applicationId(), config.topics().nodesUtilization().name(),
                    PARTITIONS, Duration.ofSeconds(90));
        }
        assertThat(app.state()).isEqualTo(KafkaStreams.State.NOT_RUNNING);
    }

    /** The committed forecasts of each series in the order they were published. */
    private Map<String, List<CapacityForecast>> forecasts(Topics topics) throws Exception {
        var records = KafkaHarness.readAll(kafka.bootstrapServers(), topics.forecasts().name(),
                serdes.capacityForecast().deserializer());
        records.sort(Comparator.comparing((ConsumerRecord<String, CapacityForecast> r) -> r.key())
                .thenComparingLong(ConsumerRecord::offset));
        var bySeries = new LinkedHashMap<String, List<CapacityForecast>>();
        for (var record : records) {
            bySeries.computeIfAbsent(record.key(), key -> new ArrayList<>()).add(record.value());
        }
        return bySeries;
    }

    /**
     * Runs the stage with {@code settings} on every sample (the reference), and again on the first half, stopped, its
     * local state deleted, and on the second half (the restarted run); returns both runs' forecasts, reference first.
     */
    private List<Map<String, List<CapacityForecast>>> referenceAndRestarted(String name, ForecastSettings settings)
            throws Exception {
        var referencePrefix = "it-" + name + "-reference.";
        var restartedPrefix = "it-" + name + "-restarted.";
        var reference = Topics.withPrefix(referencePrefix);
        var restarted = Topics.withPrefix(restartedPrefix);
        try (var admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
            KafkaHarness.createTopics(admin, reference, PARTITIONS);
            KafkaHarness.createTopics(admin, restarted, PARTITIONS);
            produce(samples(reference, s -> true));
            runUntilCaughtUp(admin, config(referencePrefix, "forecaster-" + name + "-reference", settings));

            var restartConfig = config(restartedPrefix, "forecaster-" + name + "-restarted", settings);
            produce(samples(restarted, s -> s < SPLIT_SECONDS));
            runUntilCaughtUp(admin, restartConfig);
            deleteRecursively(restartConfig.stage().stateDir());
            produce(samples(restarted, s -> s >= SPLIT_SECONDS));
            runUntilCaughtUp(admin, restartConfig);
            return List.of(forecasts(reference), forecasts(restarted));
        }
    }

    @Test
    void shouldPublishTheSameForecastsAfterARestartThatRestoresItsStateFromTheChangelog() throws Exception {
        var runs = referenceAndRestarted("plain", ForecasterFixtures.small());

        // then the same forecasts, series by series, stale markers and tombstones included
        var expected = runs.get(0);
        var actual = runs.get(1);
        assertThat(actual).isEqualTo(expected);
        // 8 series; boundaries at 5, 10, ..., 25 min for the 6 that report throughout, 5 and 10 for n3's two
        assertThat(expected).hasSize(8);
        assertThat(expected.get("n0/CPU")).extracting(f -> f.getIssuedAt().getEpochSecond()
                - ForecasterFixtures.T0.getEpochSecond()).containsExactly(300L, 600L, 900L, 1200L, 1500L);
        // n3: two forecasts, its stale marker, and the tombstone (null) once it has been silent for longer than
        // the window and the max hold
        var n3 = expected.get("n3/MEMORY");
        assertThat(n3).hasSize(4);
        assertThat(n3.subList(0, 3)).extracting(CapacityForecast::getStale).containsExactly(false, false, true);
        assertThat(n3.get(3)).isNull();
        // n3's stale marker is issued by the restarted run, at its last sample (12:40) plus the 3 min bound
        assertThat(actual.get("n3/MEMORY").get(2).getIssuedAt()).isEqualTo(ForecasterFixtures.T0.plusSeconds(940));
        // the window after the restart still holds the samples from before it: the forecast issued at
        // 20 min (window 10..20 min) shows minute 14, which only the first run saw
        var afterRestart = actual.get("n1/CPU").get(3);
        assertThat(afterRestart.getIssuedAt()).isEqualTo(ForecasterFixtures.T0.plusSeconds(1200));
        assertThat(afterRestart.getUtilization().get(4)).isNotNaN();
        var deadLetters = KafkaHarness.readAll(kafka.bootstrapServers(),
                Topics.withPrefix("it-plain-restarted.").deadLetters().name(), serdes.deadLetter().deserializer());
        assertThat(deadLetters).extracting(r -> r.value().getReason())
                .containsExactly("value must be finite and in [0.0, 1.0], was NaN (node n0, CPU, REGULAR)");
    }

    @Test
    void shouldReactToMissesAfterARestartAsARunThatNeverStopped() throws Exception {
        // Echoed history misses often; at q = 0.9 a day of 1-minute steps may hold 144 misses, so each miss of the
        // run adds 0.05: a restart that forgot the misses before it would publish less.
        var runs = referenceAndRestarted("reacting", ForecasterFixtures.small().withReaction(new MissReaction(0.05)));

        assertThat(runs.get(1)).isEqualTo(runs.get(0));
        var n1 = runs.get(0).get("n1/CPU");
        assertThat(n1).as("refits at the end of a step with a miss, between the 5-minute boundaries")
                .anyMatch(f -> (f.getIssuedAt().getEpochSecond() - ForecasterFixtures.T0.getEpochSecond()) % 300 != 0);
        // After the restart (15 min), the forecasts carry the misses from before it: at least 0.05 above the echo.
        var late = n1.stream().filter(f -> f.getIssuedAt().isAfter(ForecasterFixtures.T0.plusSeconds(SPLIT_SECONDS)))
                .findFirst().orElseThrow();
        assertThat(late.getUtilization().stream().filter(u -> !u.isNaN())).allMatch(u -> u >= 0.05);
    }

    private static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (var path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
