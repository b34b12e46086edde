package io.gleaner.forecaster.topology;

import static io.gleaner.forecaster.topology.ForecasterFixtures.T0;
import static io.gleaner.forecaster.topology.ForecasterFixtures.assertValues;
import static io.gleaner.forecaster.topology.ForecasterFixtures.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.SeriesState;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForecasterTopologyTest {

    private static final double NAN = Double.NaN;

    private final Topics topics = Topics.withPrefix("test.");
    private final ForecasterSerdes serdes = ForecasterSerdes.with(new InMemorySchemaRegistryClient());

    @TempDir
    Path stateDir;

    private TopologyTestDriver driver;
    private TestInputTopic<String, UtilizationSample> samples;
    private TestInputTopic<String, byte[]> rawSamples;
    private TestOutputTopic<String, CapacityForecast> forecasts;
    private TestOutputTopic<String, DeadLetter> deadLetters;

    private void start(Forecaster forecaster) {
        start(forecaster, ForecasterFixtures.small());
    }

    private void start(Forecaster forecaster, ForecastSettings settings) {
        var config = ForecasterConfig.defaults().withStage(s -> s.withStateDir(stateDir).withTopicPrefix("test."))
                .withSettings(settings);
        driver = new TopologyTestDriver(ForecasterTopology.build(topics, serdes, config, forecaster),
                config.streamsProperties());
        var keys = new StringSerializer();
        samples = driver.createInputTopic(topics.nodesUtilization().name(), keys,
                serdes.utilizationSample().serializer());
        rawSamples = driver.createInputTopic(topics.nodesUtilization().name(), keys, new ByteArraySerializer());
        forecasts = driver.createOutputTopic(topics.forecasts().name(), new StringDeserializer(),
                serdes.capacityForecast().deserializer());
        deadLetters = driver.createOutputTopic(topics.deadLetters().name(), new StringDeserializer(),
                serdes.deadLetter().deserializer());
    }

    private void startEcho() {
        start(new ForecasterFixtures.EchoForecaster());
    }

    @AfterEach
    void closeDriver() {
        if (driver != null) {
            driver.close();
        }
    }

    private void send(UtilizationSample sample) {
        samples.pipeInput(sample.getNodeId(), sample, sample.getTime());
    }

    @Test
    void shouldRefitWhenASampleReachesTheBoundaryFromTheWindowBeforeIt() {
        startEcho();
        send(sample("n1", Metric.CPU, 60, 0.2));
        send(sample("n1", Metric.CPU, 90, 0.4));
        send(sample("n1", Metric.CPU, 150, 0.5));
        send(sample("n1", Metric.CPU, 250, 0.3));
        assertThat(forecasts.isEmpty()).isTrue();

        send(sample("n1", Metric.CPU, 310, 0.9));

        var record = forecasts.readRecord();
        assertThat(record.key()).isEqualTo("n1/CPU");
        assertThat(record.getRecordTime()).isEqualTo(T0.plusSeconds(300));
        var forecast = record.value();
        assertThat(forecast.getNodeId()).isEqualTo("n1");
        assertThat(forecast.getMetric()).isEqualTo(Metric.CPU);
        assertThat(forecast.getIssuedAt()).isEqualTo(T0.plusSeconds(300));
        assertThat(forecast.getStart()).isEqualTo(T0.plusSeconds(300));
        assertThat(forecast.getStepMillis()).isEqualTo(60_000);
        assertThat(forecast.getQuantile()).isEqualTo(0.9);
        assertThat(forecast.getSafetyMargin()).isEqualTo(0.1);
        assertThat(forecast.getStale()).isFalse();
        // window [T0 - 5 min, T0 + 5 min) in 1-min steps; step 6 is minute 1: (0.2 + 0.4) / 2; step 7 is minute 2;
        // minute 3 has no sample (a gap, NaN); minute 4 has 0.3. The sample at 310 s is after the boundary.
        assertValues(forecast.getUtilization(), NAN, NAN, NAN, NAN, NAN, NAN, 0.3, 0.5, NAN, 0.3);
        // spare = max(0, 1 - (U + 0.1)); a gap's spare is 0
        assertValues(forecast.getSpare(), 0, 0, 0, 0, 0, 0, 0.6, 0.4, 0, 0.6);
        assertThat(forecasts.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldHoldASampleOverStepsWithoutOneForAtMostTheMaxHold() {
        start(new ForecasterFixtures.EchoForecaster(), ForecasterFixtures.small().withMaxHold(Duration.ofMinutes(2)));
        send(sample("n1", Metric.CPU, -310, 0.8));
        send(sample("n1", Metric.CPU, -10, 0.7));
        send(sample("n1", Metric.CPU, 30, 0.2));
        send(sample("n1", Metric.CPU, 150, 0.4));
        send(sample("n1", Metric.CPU, 170, 0.6));
        send(sample("n1", Metric.CPU, 310, 0.9));

        // the series' first samples make refits due at -5 and 0 min too, and its silence before -10 s a stale record
        var fresh = forecasts.readValuesToList().stream().filter(record -> !record.getStale()).toList();
        var forecast = fresh.get(fresh.size() - 1);
        assertThat(forecast.getIssuedAt()).isEqualTo(T0.plusSeconds(300));
        // window [-300 s, 300 s) in 1-min steps, a sample held for at most 2 min past its time:
        // [-300, -240) holds the -310 s sample from before the window (70 s); [-240, -180) would be 130 s: a gap;
        // [-60, 0) is -10 s; [0, 60) is 30 s; [60, 120) holds it (90 s); [120, 180) is the mean of 0.4 and 0.6;
        // [180, 240) holds 170 s (70 s); [240, 300) would be 130 s after it: a gap
        assertValues(forecast.getUtilization(), 0.8, NAN, NAN, NAN, 0.7, 0.2, 0.2, 0.5, 0.6, NAN);
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldRefitOnlyOnceAtTheLastBoundaryAfterASilence() {
        startEcho();
        send(sample("n1", Metric.CPU, 60, 0.2));
        send(sample("n1", Metric.CPU, 170, 0.4));

        // silent through the boundaries at 5 and 10 min; the next sample is at 12 min
        send(sample("n1", Metric.CPU, 720, 0.5));

        var forecast = forecasts.readValue();
        assertThat(forecast.getIssuedAt()).isEqualTo(T0.plusSeconds(600));
        // window [T0, T0 + 10 min): minutes 1 and 2 have a sample each
        assertValues(forecast.getUtilization(), NAN, 0.2, 0.4, NAN, NAN, NAN, NAN, NAN, NAN, NAN);
        assertThat(forecasts.isEmpty()).isTrue();
    }

    @Test
    void shouldKeepOneForecastPerNodeAndMetricWithTheMetricsMargin() {
        startEcho();
        send(sample("n1", Metric.CPU, 60, 0.2));
        send(sample("n1", Metric.MEMORY, 60, 0.5));
        // within the staleness bound of each other, so that neither series goes stale
        send(sample("n1", Metric.CPU, 180, 0.2));
        send(sample("n1", Metric.MEMORY, 180, 0.5));
        send(sample("n1", Metric.CPU, 300, 0.2));
        send(sample("n1", Metric.MEMORY, 300, 0.5));

        var records = forecasts.readRecordsToList();

        assertThat(records).extracting(TestRecord::key).containsExactly("n1/CPU", "n1/MEMORY");
        var memory = records.get(1).value();
        assertThat(memory.getSafetyMargin()).isEqualTo(0.2);
        // minute 1 of the window is step 6; spare = 1 - (0.5 + 0.2)
        assertThat(memory.getUtilization().get(6)).isEqualTo(0.5);
        assertThat(memory.getSpare().get(6)).isCloseTo(0.3, within(1e-9));
    }

    @Test
    void shouldCountADuplicateSampleOnce() {
        startEcho();
        send(sample("n1", Metric.CPU, 60, 0.2));
        send(sample("n1", Metric.CPU, 90, 0.6));
        send(sample("n1", Metric.CPU, 90, 0.6));

        send(sample("n1", Metric.CPU, 300, 0.1));

        // (0.2 + 0.6) / 2 = 0.4; counting the duplicate would give (0.2 + 0.6 + 0.6) / 3
        assertThat(forecasts.readValue().getUtilization().get(6))
                .isCloseTo(0.4, within(1e-9));
    }

    @Test
    void shouldUseAnOutOfOrderSampleInTheNextRefitButNotReviseAPublishedForecast() {
        startEcho();
        send(sample("n1", Metric.CPU, 150, 0.5));
        send(sample("n1", Metric.CPU, 60, 0.3));
        send(sample("n1", Metric.CPU, 310, 0.9));
        var first = forecasts.readValue();

        // late for the forecast issued at 5 min: minute 3, after it was published
        send(sample("n1", Metric.CPU, 200, 0.7));
        assertThat(forecasts.isEmpty()).isTrue();
        send(sample("n1", Metric.CPU, 610, 0.2));
        var second = forecasts.readValue();

        // first: window [-5, 5) min; minute 1 (step 6) came after minute 2 (step 7) and is still there
        assertValues(first.getUtilization(), NAN, NAN, NAN, NAN, NAN, NAN, 0.3, 0.5, NAN, NAN);
        // second: window [0, 10) min: minutes 1, 2, 3 (the late one) and 5 (0.9 at 310 s)
        assertValues(second.getUtilization(), NAN, 0.3, 0.5, 0.7, NAN, 0.9, NAN, NAN, NAN, NAN);
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldDeadLetterASampleOlderThanTheWindowBeforeStreamTime() {
        startEcho();
        send(sample("n2", Metric.CPU, 1_200, 0.1));

        // stream time 20 min, window 10 min: a sample at 9 min 59 s can be in no future window
        send(sample("n1", Metric.CPU, 599, 0.4));

        var deadLetter = deadLetters.readValue();
        assertThat(deadLetter.getReason()).isEqualTo("sample at " + T0.plusSeconds(599)
                + " is older than the PT10M window before stream time " + T0.plusSeconds(1_200));
        assertThat(deadLetter.getStage()).isEqualTo("forecaster");
        assertThat(deadLetter.getSourceTopic()).isEqualTo(topics.nodesUtilization().name());
        assertThat(deadLetter.getOffset()).isEqualTo(1);
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldPublishOneStaleMarkerForANodeThatStopsReporting() {
        startEcho();
        send(sample("n1", Metric.CPU, 60, 0.2));
        send(sample("n1", Metric.CPU, 120, 0.2));
        for (long s = 60; s <= 540; s += 30) {
            send(sample("n2", Metric.CPU, s, 0.3));
        }

        var records = forecasts.readRecordsToList();

        var n1 = records.stream().filter(r -> r.key().equals("n1/CPU")).toList();
        assertThat(n1).hasSize(1);
        var stale = n1.get(0).value();
        assertThat(stale.getStale()).isTrue();
        // newest sample at 2 min + staleness 3 min
        assertThat(stale.getIssuedAt()).isEqualTo(T0.plusSeconds(300));
        assertThat(n1.get(0).getRecordTime()).isEqualTo(T0.plusSeconds(300));
        assertThat(stale.getUtilization()).isEmpty();
        assertThat(stale.getSpare()).isEmpty();
        assertThat(stale.getSafetyMargin()).isEqualTo(0.1);
        var n2 = records.stream().filter(r -> r.key().equals("n2/CPU")).map(TestRecord::value).toList();
        assertThat(n2).extracting(CapacityForecast::getStale).containsExactly(false);
    }

    @Test
    void shouldPublishAFreshForecastWhenAStaleNodeReportsAgain() {
        startEcho();
        send(sample("n1", Metric.CPU, 60, 0.2));
        send(sample("n2", Metric.CPU, 270, 0.3));
        assertThat(forecasts.readValue().getStale()).isTrue();

        send(sample("n1", Metric.CPU, 640, 0.4));

        var fresh = forecasts.readValue();
        assertThat(fresh.getStale()).isFalse();
        assertThat(fresh.getIssuedAt()).isEqualTo(T0.plusSeconds(600));
        KeyValueStore<String, SeriesState> series = driver.getKeyValueStore(ForecasterStores.SERIES);
        assertThat(series.get("n1/CPU")).isEqualTo(new SeriesState(T0.plusSeconds(640).toEpochMilli(),
                T0.plusSeconds(900).toEpochMilli(), false));
    }

    @Test
    void shouldMarkANodeStaleAgainWhenItStopsAgainAndNotForALateSample() {
        startEcho();
        send(sample("n1", Metric.CPU, 60, 0.2));
        send(sample("n2", Metric.CPU, 270, 0.3));
        send(sample("n1", Metric.CPU, 640, 0.4));
        send(sample("n2", Metric.CPU, 900, 0.3));
        // late, and still more than the staleness bound before stream time: the series stays stale
        send(sample("n1", Metric.CPU, 700, 0.4));
        send(sample("n2", Metric.CPU, 1200, 0.3));

        var n1 = forecasts.readRecordsToList().stream().filter(r -> r.key().equals("n1/CPU"))
                .map(TestRecord::value).toList();

        assertThat(n1).extracting(CapacityForecast::getStale).containsExactly(true, false, true);
        // newest sample + staleness 3 min, each time
        assertThat(n1).extracting(CapacityForecast::getIssuedAt)
                .containsExactly(T0.plusSeconds(240), T0.plusSeconds(600), T0.plusSeconds(820));
        KeyValueStore<String, SeriesState> series = driver.getKeyValueStore(ForecasterStores.SERIES);
        assertThat(series.get("n1/CPU").stale()).isTrue();
    }

    @Test
    void shouldForgetANodeSilentForLongerThanTheWindowAndStartItAfreshWhenItReturns() {
        startEcho();
        send(sample("n1", Metric.CPU, 60, 0.2));
        // stream time 1,200 s: n1's newest sample is older than window (10 min) + max hold (1 min) before it
        for (long s = 270; s <= 1200; s += 30) {
            send(sample("n2", Metric.CPU, s, 0.3));
        }
        KeyValueStore<String, SeriesState> series = driver.getKeyValueStore(ForecasterStores.SERIES);
        assertThat(series.get("n1/CPU")).isNull();
        assertThat(series.get("n2/CPU")).isNotNull();

        send(sample("n1", Metric.CPU, 1260, 0.4));
        send(sample("n1", Metric.CPU, 1500, 0.4));

        var n1 = forecasts.readRecordsToList().stream().filter(r -> r.key().equals("n1/CPU")).toList();
        // the stale marker; the tombstone that deletes it from the compacted topic, at newest sample + window + max
        // hold; then the first forecast at the first boundary after it returned (no forecast at 1,200 s from a
        // window that held none of its samples)
        assertThat(n1).extracting(TestRecord::getRecordTime)
                .containsExactly(T0.plusSeconds(240), T0.plusSeconds(720), T0.plusSeconds(1500));
        assertThat(n1.get(0).value().getStale()).isTrue();
        assertThat(n1.get(1).value()).isNull();
        assertThat(n1.get(2).value().getStale()).isFalse();
        assertThat(n1.get(2).value().getIssuedAt()).isEqualTo(T0.plusSeconds(1500));
    }

    @Test
    void shouldDeadLetterBadSamplesAndKeepForecasting() {
        startEcho();
        send(sample("n1", Metric.CPU, 10, Double.NaN));
        send(sample("n1", Metric.CPU, 20, 1.5));
        send(sample("n1", Metric.CPU, 30, -0.1));
        send(sample("n1", Metric.UNKNOWN, 40, 0.5));
        samples.pipeInput("n9", sample("n1", Metric.CPU, 50, 0.5), T0.plusSeconds(50));
        rawSamples.pipeInput("n1", new byte[] {1, 2, 3}, T0.plusSeconds(55));
        send(sample("n1", Metric.CPU, 60, 0.2));
        send(sample("n1", Metric.CPU, 300, 0.2));

        var letters = deadLetters.readValuesToList();

        assertThat(letters).extracting(DeadLetter::getReason).hasSize(6).startsWith(
                "value must be finite and in [0.0, 1.0], was NaN (node n1, CPU, REGULAR)",
                "value must be finite and in [0.0, 1.0], was 1.5 (node n1, CPU, REGULAR)",
                "value must be finite and in [0.0, 1.0], was -0.1 (node n1, CPU, REGULAR)",
                "metric must be one of CPU, MEMORY, DISK, NETWORK, was UNKNOWN (node n1, UNKNOWN, REGULAR)",
                "record key 'n9' is not the sample's node id 'n1'");
        assertThat(letters.get(5).getReason()).startsWith("cannot decode 3 bytes");
        assertThat(letters).extracting(DeadLetter::getOffset).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
        assertThat(letters.get(0).getValue().remaining()).isPositive();
        var forecast = forecasts.readValue();
        assertValues(forecast.getUtilization(), NAN, NAN, NAN, NAN, NAN, NAN, 0.2, NAN, NAN, NAN);
        assertThat(forecasts.isEmpty()).isTrue();
    }

    @Test
    void shouldForecastOnlyTheOwnersUse() {
        startEcho();
        send(sample("n1", Metric.CPU, UsageSource.REGULAR, 60, 0.2));
        send(sample("n1", Metric.CPU, UsageSource.TOTAL, 61, 0.9));
        send(sample("n1", Metric.CPU, UsageSource.EPHEMERAL, 62, 0.7));
        send(sample("n1", Metric.CPU, UsageSource.UNKNOWN, 63, 0.8));
        send(sample("n1", Metric.CPU, UsageSource.REGULAR, 300, 0.2));

        var forecast = forecasts.readValue();

        assertThat(forecast.getUtilization().get(6)).isEqualTo(0.2);
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldKeepTheWindowsSamplesInTheNamedStore() {
        startEcho();
        send(sample("n1", Metric.CPU, 60, 0.2));
        send(sample("n1", Metric.CPU, 90, 0.4));
        send(sample("n1", Metric.CPU, 90, 0.5));

        WindowStore<String, Double> store = driver.getWindowStore(ForecasterStores.SAMPLES);
        try (var window = store.fetch("n1/CPU", T0, T0.plusSeconds(600))) {
            var entries = new ArrayList<String>();
            window.forEachRemaining(kv -> entries.add(Instant.ofEpochMilli(kv.key) + "=" + kv.value));
            assertThat(entries).containsExactly(T0.plusSeconds(60) + "=0.2", T0.plusSeconds(90) + "=0.5");
        }
    }

    @Test
    void shouldDeadLetterTheTriggeringSampleWhenTheLearnerFailsAndGoOn() {
        start(new ForecasterFixtures.FailingForecaster());
        send(sample("n1", Metric.CPU, 60, 0.2));

        send(sample("n1", Metric.CPU, 300, 0.2));
        send(sample("n1", Metric.CPU, 330, 0.2));

        var letters = deadLetters.readValuesToList();
        assertThat(letters).extracting(DeadLetter::getReason).containsExactly("forecaster failing failed to refit n1/CPU"
                + " at " + T0.plusSeconds(300) + ": java.lang.IllegalStateException: singular matrix");
        assertThat(letters.get(0).getOffset()).isEqualTo(1);
        assertThat(forecasts.isEmpty()).isTrue();
        KeyValueStore<String, SeriesState> series = driver.getKeyValueStore(ForecasterStores.SERIES);
        assertThat(series.get("n1/CPU").nextRefitMs()).isEqualTo(T0.plusSeconds(600).toEpochMilli());
    }
}
