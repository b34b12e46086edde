package io.gleaner.qos.topology;

import static io.gleaner.qos.topology.QosTopologyFixtures.TEN_GB;
import static io.gleaner.qos.topology.QosTopologyFixtures.heartbeat;
import static io.gleaner.qos.topology.QosTopologyFixtures.owners;
import static io.gleaner.qos.topology.QosTopologyFixtures.placement;
import static io.gleaner.qos.topology.QosTopologyFixtures.tasks;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.qos.QosConfig;
import io.gleaner.qos.core.QosMode;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.QosAction;
import io.gleaner.schemas.avro.QosActionKind;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The QoS stage on {@link TopologyTestDriver}: throttle and raise, RAM kills in order, the Cuckoo baseline, period
 * gating, attempts with unknown placements, dead letters. Defaults unless said: 10 % margins, 50 % RAM threshold,
 * 100 ms period.
 */
class QosTopologyTest {

    private static final long FOUR_GB = 4L << 30;

    private final Topics topics = Topics.withPrefix("test.");
    private final QosSerdes serdes = QosSerdes.with(new InMemorySchemaRegistryClient());

    @TempDir
    Path stateDir;

    private TopologyTestDriver driver;
    private TestInputTopic<String, NodeHeartbeat> heartbeats;
    private TestInputTopic<String, UtilizationSample> samples;
    private TestInputTopic<String, byte[]> rawSamples;
    private TestInputTopic<String, PlacementDecision> placements;
    private TestOutputTopic<String, QosAction> actions;
    private TestOutputTopic<String, DeadLetter> deadLetters;

    private void start(QosMode mode) {
        var config = QosConfig.defaults().withStage(s -> s.withStateDir(stateDir).withTopicPrefix("test."))
                .withMode(mode);
        driver = new TopologyTestDriver(QosTopology.build(topics, serdes, config), config.streamsProperties());
        var keys = new StringSerializer();
        heartbeats = driver.createInputTopic(topics.nodesHeartbeats().name(), keys,
                serdes.nodeHeartbeat().serializer());
        samples = driver.createInputTopic(topics.nodesUtilization().name(), keys,
                serdes.utilizationSample().serializer());
        rawSamples = driver.createInputTopic(topics.nodesUtilization().name(), keys, new ByteArraySerializer());
        placements = driver.createInputTopic(topics.placements().name(), keys,
                serdes.placementDecision().serializer());
        actions = driver.createOutputTopic(topics.qosActions().name(), new StringDeserializer(),
                serdes.qosAction().deserializer());
        deadLetters = driver.createOutputTopic(topics.deadLetters().name(), new StringDeserializer(),
                serdes.deadLetter().deserializer());
    }

    @AfterEach
    void closeDriver() {
        if (driver != null) {
            driver.close();
        }
    }

    private void send(NodeHeartbeat heartbeat) {
        heartbeats.pipeInput(heartbeat.getNodeId(), heartbeat, heartbeat.getTime());
    }

    private void send(UtilizationSample sample) {
        samples.pipeInput(sample.getNodeId(), sample, sample.getTime());
    }

    private void send(PlacementDecision placement) {
        placements.pipeInput(placement.getNodeId(), placement, Instant.ofEpochMilli(placement.getEpoch()));
    }

    /**
     * Node n1, 4 cores and 4 GiB, runs a1 (scheduled at 0) and a2 (scheduled at 10), 0.5 cores each; the tasks use 1
     * core (25 %), the owners 1 core (25 %) and little RAM. The first tick (at 0, when the owners' RAM sample
     * completes the view) leaves everything alone: the owners leave 4 - 1 - 0.4 = 2.6 cores, more than the tasks use,
     * and the limit in force (capacity, 4) is not below it.
     */
    private void twoAttemptsOnFourCores() {
        send(heartbeat("n1", 0, 4, FOUR_GB, "a1", "a2"));
        send(placement("n1", "a1", 0, 0, 0.5, FOUR_GB / 16));
        send(placement("n1", "a2", 0, 10, 0.5, FOUR_GB / 16));
        send(tasks("n1", 0, Metric.CPU, 0.25));
        send(tasks("n1", 0, Metric.MEMORY, 0.125));
        send(owners("n1", 0, Metric.CPU, 0.25));
        send(owners("n1", 0, Metric.MEMORY, 0.25));
    }

    @Test
    void shouldThrottleTheTasksWhenTheOwnersCpuRisesAndRaiseTheLimitWhenItFalls() {
        start(QosMode.SALAMANDER);
        twoAttemptsOnFourCores();
        assertThat(actions.isEmpty()).isTrue();

        // Owners at 75 % = 3 cores: they leave 4 - 3 - 0.4 = 0.6 cores < the tasks' 1 core: throttle to 0.6.
        send(owners("n1", 1000, Metric.CPU, 0.75));
        // Owners back at 25 %: they leave 2.6 cores >= the tasks' 1 core, and 2.6 > 0.6 in force: raise to 2.6.
        send(owners("n1", 2000, Metric.CPU, 0.25));

        var published = actions.readRecordsToList();
        assertThat(published).extracting(TestRecord::key).containsExactly("n1", "n1");
        assertThat(published).extracting(r -> r.value().getAction())
                .containsExactly(QosActionKind.THROTTLE_CPU, QosActionKind.RAISE_CPU_LIMIT);
        assertThat(published.get(0).value().getCpuLimit()).isCloseTo(0.6, within(1e-9));
        assertThat(published.get(1).value().getCpuLimit()).isCloseTo(2.6, within(1e-9));
        // Stamped with the tick's event time, in the record and in the value.
        assertThat(published).extracting(TestRecord::getRecordTime)
                .containsExactly(Instant.ofEpochMilli(1000), Instant.ofEpochMilli(2000));
        assertThat(published).extracting(r -> r.value().getTime())
                .containsExactly(Instant.ofEpochMilli(1000), Instant.ofEpochMilli(2000));
        assertThat(published.get(0).value().getDecisionId()).isNull();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldKillTheLatestScheduledAttemptsFirstUntilTheTasksRamIsUnderTheLimitPlusHalfTheMargin() {
        start(QosMode.SALAMANDER);
        // 10 GB node: margin sm = 1 GB, threshold = 0.5 GB. Owners use 40 % = 4 GB: ramLimit = 10 - 4 - 1 = 5 GB,
        // kills start above 5.5 GB. Tasks use 72 % = 7.2 GB over three attempts scheduled at 100 (a1, 2 GB),
        // 300 (a2, 1.5 GB) and 200 (a3, 2 GB). Latest first: a2 -> 5.7 GB, still > 5.5; a3 -> 3.7 GB: stop; a1 stays.
        // Owners leave 6 GB >= sm, so this is not kill-all; no CPU action (owners 0, tasks 0, limit at capacity).
        send(placement("n1", "a1", 50, 100, 1, 2_000_000_000L));
        send(placement("n1", "a2", 250, 300, 1, 1_500_000_000L));
        send(placement("n1", "a3", 150, 200, 1, 2_000_000_000L));
        send(heartbeat("n1", 1000, 4, TEN_GB, "a1", "a2", "a3"));
        send(tasks("n1", 1000, Metric.MEMORY, 0.72));
        send(owners("n1", 1000, Metric.CPU, 0.0));
        send(owners("n1", 1000, Metric.MEMORY, 0.4));

        var published = actions.readValuesToList();
        assertThat(published).extracting(QosAction::getAction)
                .containsOnly(QosActionKind.KILL_TASK);
        assertThat(published).extracting(QosAction::getDecisionId).containsExactly("a2", "a3");
        assertThat(published.get(0).getReason()).contains("7200000000 B").contains("5000000000 B");
        assertThat(actions.isEmpty()).isTrue();
    }

    @Test
    void shouldKillUnderCuckooWhereSalamanderThrottles() {
        start(QosMode.CUCKOO);
        twoAttemptsOnFourCores();

        // The owners leave 0.6 cores < the tasks' 1 core: a violation. Latest-scheduled first: a2 (scheduled at
        // 10) -> 0.5 cores <= 0.6 and RAM within its limit: stop. No throttle: Cuckoo never limits the CPU.
        send(owners("n1", 1000, Metric.CPU, 0.75));

        var published = actions.readValuesToList();
        assertThat(published).extracting(QosAction::getAction).containsExactly(QosActionKind.KILL_TASK);
        assertThat(published).extracting(QosAction::getDecisionId).containsExactly("a2");
        assertThat(published.get(0).getTime()).isEqualTo(Instant.ofEpochMilli(1000));
    }

    @Test
    void shouldTickANodeAtMostOncePerPeriodOfEventTime() {
        start(QosMode.SALAMANDER);
        send(heartbeat("n1", 0, 4, FOUR_GB, "a1"));
        send(placement("n1", "a1", 0, 0, 1, FOUR_GB / 16));
        send(tasks("n1", 0, Metric.CPU, 0.25));
        send(owners("n1", 0, Metric.MEMORY, 0.25));
        // First tick at 0: owners at 3 cores leave 0.6 < 1 core: throttle to 0.6.
        send(owners("n1", 0, Metric.CPU, 0.75));
        // At 50 and 99 the owners are back at 1 core, which would raise the limit, but a period (100 ms) has not
        // passed since the tick at 0: nothing happens.
        send(owners("n1", 50, Metric.CPU, 0.25));
        send(owners("n1", 99, Metric.CPU, 0.25));
        var early = actions.readValuesToList();
        // At 100 the next tick runs on the view as it is then: raise to 2.6.
        send(tasks("n1", 100, Metric.CPU, 0.25));

        assertThat(early).extracting(QosAction::getAction).containsExactly(QosActionKind.THROTTLE_CPU);
        assertThat(early).extracting(QosAction::getTime).containsExactly(Instant.EPOCH);
        var later = actions.readValuesToList();
        assertThat(later).extracting(QosAction::getAction).containsExactly(QosActionKind.RAISE_CPU_LIMIT);
        assertThat(later.get(0).getTime()).isEqualTo(Instant.ofEpochMilli(100));
        assertThat(later.get(0).getCpuLimit()).isCloseTo(2.6, within(1e-9));
    }

    @Test
    void shouldKillARunningAttemptWhosePlacementIsUnknownCountingTheUnaccountedRamAsItsOwn() {
        start(QosMode.SALAMANDER);
        // As in the RAM test: kills start above 5.5 GB, the tasks use 7.2 GB. a1 is known (scheduled at 100, 2 GB);
        // a9 has no placement: it counts as scheduled at the heartbeat that first listed it (1000) and holds the
        // 7.2 - 2 = 5.2 GB no known placement accounts for. Latest first: a9 -> 2 GB <= 5.5: stop. (Had a9 counted
        // as 0 B, a1 would have been killed too.)
        send(placement("n1", "a1", 50, 100, 1, 2_000_000_000L));
        send(heartbeat("n1", 1000, 4, TEN_GB, "a1", "a9"));
        send(tasks("n1", 1000, Metric.MEMORY, 0.72));
        send(owners("n1", 1000, Metric.CPU, 0.0));
        send(owners("n1", 1000, Metric.MEMORY, 0.4));

        assertThat(actions.readValuesToList()).extracting(QosAction::getAction, QosAction::getDecisionId)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(QosActionKind.KILL_TASK, "a9"));
    }

    @Test
    void shouldKeepTheCpuLimitItSetInTheNodesStore() {
        start(QosMode.SALAMANDER);
        twoAttemptsOnFourCores();
        send(owners("n1", 1000, Metric.CPU, 0.75));

        NodeView view = driver.<String, NodeView>getKeyValueStore(QosStores.NODES).get("n1");
        var control = view.control().orElseThrow();
        assertThat(control.lastTick()).isEqualTo(Instant.ofEpochMilli(1000));
        assertThat(control.cpuLimitCores()).isCloseTo(0.6, within(1e-9));
    }

    @Test
    void shouldDeadLetterBadRecordsWithTheirOriginAndGoOn() {
        start(QosMode.SALAMANDER);
        twoAttemptsOnFourCores();
        var garbage = "not avro".getBytes(StandardCharsets.UTF_8);
        rawSamples.pipeInput("n1", garbage, Instant.ofEpochMilli(500));
        send(owners("n1", 600, Metric.CPU, 1.5));
        var wrongKey = heartbeat("n2", 700, 4, FOUR_GB);
        heartbeats.pipeInput("n1", wrongKey, wrongKey.getTime());
        // The stage goes on: the owners' CPU rises and the tasks are throttled as usual.
        send(owners("n1", 1000, Metric.CPU, 0.75));

        var dead = deadLetters.readValuesToList();
        assertThat(dead).extracting(DeadLetter::getSourceTopic).containsExactly(topics.nodesUtilization().name(),
                topics.nodesUtilization().name(), topics.nodesHeartbeats().name());
        assertThat(dead).extracting(DeadLetter::getStage).containsOnly(QosTopology.STAGE);
        assertThat(dead.get(0).getReason()).contains("cannot decode 8 bytes");
        assertThat(dead.get(0).getValue().array()).isEqualTo(garbage);
        assertThat(dead.get(1).getReason()).isEqualTo(
                "value must be finite and in [0.0, 1.0], was 1.5 (node n1, CPU, REGULAR)");
        assertThat(dead.get(2).getReason()).contains("'n1'").contains("'n2'");
        assertThat(dead).extracting(DeadLetter::getOffset).allSatisfy(offset -> assertThat(offset).isNotNegative());
        assertThat(actions.readValuesToList()).extracting(QosAction::getAction)
                .containsExactly(QosActionKind.THROTTLE_CPU);
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldSkipAHeartbeatOfARemovedNodeWithoutADeadLetterButRefuseFreeAboveCapacity() {
        start(QosMode.SALAMANDER);
        send(heartbeat("n1", 700, 0, 0));
        var overfull = heartbeat("n2", 800, 4, FOUR_GB);
        overfull.getFree().setMemoryBytes(FOUR_GB + 1);
        send(overfull);

        assertThat(deadLetters.readValuesToList()).extracting(DeadLetter::getReason).containsExactly(
                "free.memoryBytes must be in 0.." + FOUR_GB + ", was " + (FOUR_GB + 1) + " (node n2)");
        assertThat(actions.isEmpty()).isTrue();
    }

    @Test
    void shouldSkipSamplesOfOtherMetricsAndSourcesWithoutDeadLetters() {
        start(QosMode.SALAMANDER);
        twoAttemptsOnFourCores();
        send(QosTopologyFixtures.sample("n1", 1000, Metric.DISK, io.gleaner.schemas.avro.UsageSource.REGULAR, 0.9));
        // TOTAL at 100 % would mean owners at 75 % if it were read as the owners' use: it is not.
        send(QosTopologyFixtures.sample("n1", 1100, Metric.CPU, io.gleaner.schemas.avro.UsageSource.TOTAL, 1.0));

        assertThat(actions.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldNotTickANodeBeforeItHasAHeartbeatAndBothOwnersSamples() {
        start(QosMode.SALAMANDER);
        // Owners' RAM unknown: however high their CPU, no tick.
        send(heartbeat("n1", 0, 4, FOUR_GB, "a1"));
        send(tasks("n1", 0, Metric.CPU, 0.25));
        send(owners("n1", 0, Metric.CPU, 0.95));

        assertThat(actions.isEmpty()).isTrue();
        assertThat(driver.<String, NodeView>getKeyValueStore(QosStores.NODES).get("n1").control())
                .isEmpty();
        // Once it arrives the node is ticked: owners at 3.8 cores leave 0 (clamped) < 1 core: throttle to 0.
        send(owners("n1", 10, Metric.MEMORY, 0.1));
        assertThat(actions.readValuesToList()).extracting(QosAction::getAction, QosAction::getCpuLimit)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(QosActionKind.THROTTLE_CPU, 0.0));
    }

    @Test
    void topologyNamesEveryStoreAndRepartitionTopic() {
        start(QosMode.SALAMANDER);
        var config = QosConfig.defaults().withStage(s -> s.withStateDir(stateDir));
        var description = QosTopology.build(topics, serdes, config).describe().toString();
        assertThat(description).contains(QosStores.NODES, QosStores.NODE_EVENTS + "-repartition")
                .doesNotContain("KSTREAM-", "KTABLE-");
        assertThat(List.of(QosStores.NODES, QosStores.NODE_EVENTS)).allMatch(name -> name.startsWith("qos-"));
    }
}
