package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static io.gleaner.simulator.core.SimulatorFixtures.job;
import static io.gleaner.simulator.core.SimulatorFixtures.mapOn;
import static io.gleaner.simulator.core.SimulatorFixtures.node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.qos.core.QosMode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The simulator obeying the QoS controller, on one node worked out by hand: 4 cores, 64 GiB (68,719,476,736 B),
 * default settings (100 ms period, margins of 10 %: 0.4 cores and sm = 6,871,947,673 B; RAM kills above
 * ramLimit + floor(sm / 2) = C - O - 3,435,973,837 B). Two maps of 1 core and 3 GiB (3,221,225,472 B) each: map 0
 * scheduled at T0 + 3 s, map 1 at T0 + 4 s. The owners:
 * <ul>
 *   <li>T0: 1 core (25 %), 32 GiB (50 %). The tasks' CPU limit would be 4 - 1 - 0.4 = 2.6 cores: both maps fit.</li>
 *   <li>T0 + 10 s: 2.4 cores (60 %). Proportional sharing gives everyone 4 / 4.4 of their demand: the maps use
 *       1.818 cores, the owners get 2.182 of their 2.4. The limit is 4 - 2.4 - 0.4 = 1.2 cores.</li>
 *   <li>T0 + 20 s: 1 core again; the limit is 2.6 cores.</li>
 *   <li>T0 + 30 s: 87 % of the RAM, 59,785,944,760 B. RAM kills above 68,719,476,736 - 59,785,944,760 -
 *       3,435,973,837 = 5,497,558,139 B; the maps hold 6,442,450,944 B; without map 1, 3,221,225,472 B. Under
 *       Cuckoo's ramLimit = C - O - sm = 2,061,584,303 B even one map is too much. The node itself has room.</li>
 *   <li>T0 + 40 s: 97 % of the RAM, 66,657,892,434 B: not even one map fits the node (OOM).</li>
 * </ul>
 * Controller ticks come at the first 100 ms grid point after each change.
 */
class QosSimulationTest {

    private static final long SEED = 7;
    private static final long GIB = SimulatorFixtures.GIB;

    @Test
    void salamanderThrottlesThenRaisesAndKillsOnlyTheLatestScheduledWhenRamCrossesTheThreshold() {
        var link = scripted();

        var report = run(Optional.of(QosMode.SALAMANDER), link);

        // T0 + 10.1 s: the maps use 1.818 > 1.2 cores: throttle to 1.2. T0 + 20.1 s: 1.2 <= 2.6: raise to 2.6.
        assertThat(report.qos().throttles()).isEqualTo(1);
        assertThat(report.qos().raises()).isEqualTo(1);
        // T0 + 30.1 s: 6 GiB > 5,497,558,139 B: kill map 1 (latest scheduled); 3 GiB is within: map 0 stays.
        var map1 = killed(link, "j/m/1/0");
        assertThat(map1.outcome().time()).isEqualTo(T0.plusMillis(30_100));
        assertThat(map1.reason()).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("QoS controller salamander: tasks use 6442450944 B of RAM"));
        // CPU time of map 1: 6 s alone-ish at 1 core (T0+4..10), 0.1 s at 4/4.4, 10 s at 1.2/2 (throttled from
        // T0+10.1 to the raise at T0+20.1), 10 s at 1 core.
        assertThat(map1.cpuSeconds()).isCloseTo(6 + 0.1 * 4 / 4.4 + 10 * 0.6 + 10, within(1e-9));
        // T0 + 40 s: the owners take the RAM map 0 holds before the next tick: the node's own OOM kill.
        var map0 = killed(link, "j/m/0/0");
        assertThat(map0.outcome().time()).isEqualTo(T0.plusSeconds(40));
        assertThat(map0.reason()).contains(NodeRuntime.OWNERS_RECLAIMED_MEMORY);
        assertThat(map0.cpuSeconds()).isCloseTo(7 + 0.1 * 4 / 4.4 + 10 * 0.6 + 19.9, within(1e-9));
        assertThat(report.qos().controllerKills()).isEqualTo(1);
        assertThat(report.qos().nodeOomKills()).isEqualTo(1);
        assertThat(report.counts().killedAttempts()).isEqualTo(2);
        // Owners short of 2.4 - 2.4 * 4 / 4.4 cores from T0 + 10 s until the throttle at T0 + 10.1 s only.
        assertThat(report.owners().violationMillis()).isEqualTo(100);
        assertThat(report.owners().shortfallCoreSeconds()).isCloseTo(0.1 * (2.4 - 2.4 * 4 / 4.4), within(1e-9));
        assertThat(metric(report, "qos_throttles")).isEqualTo(1.0);
        assertThat(metric(report, "qos_kills")).isEqualTo(1.0);
        assertThat(metric(report, "node_oom_kills")).isEqualTo(1.0);
    }

    @Test
    void theTasksCpuSampleIsWhatTheyGetNotWhatTheyHold() {
        var link = scripted();

        run(Optional.of(QosMode.SALAMANDER), link);

        // Both maps compute from T0 + 4 s; T0 + 4..10 s unthrottled: 2 cores of 4. Throttled to 1.2 cores from
        // T0 + 10.1 s to the raise at T0 + 20.1 s, while they still hold 2.
        assertThat(tasksCpuBetween(link, T0.plusSeconds(4), T0.plusSeconds(10))).isNotEmpty().containsOnly(0.5);
        assertThat(tasksCpuBetween(link, T0.plusMillis(10_100), T0.plusMillis(20_100))).isNotEmpty()
                .allSatisfy(share -> assertThat(share).isCloseTo(1.2 / 4, within(1e-12)));
    }

    private static List<Double> tasksCpuBetween(RecordingPlannerLink link, Instant from, Instant to) {
        return link.exchanges().stream().map(exchange -> exchange.round())
                .filter(round -> round.time().isAfter(from) && round.time().isBefore(to))
                .flatMap(round -> round.utilization().stream())
                .filter(u -> u.metric() == Utilization.Metric.CPU && u.source() == Utilization.Source.EPHEMERAL)
                .map(Utilization::value).toList();
    }

    @Test
    void cuckooKillsOnTheCpuViolationInsteadOfThrottling() {
        var link = scripted();

        var report = run(Optional.of(QosMode.CUCKOO), link);

        // T0 + 10.1 s: 1.818 > 1.2 cores: kill map 1 (0.909 cores); map 0 alone then uses 0.909 <= 1.2.
        var map1 = killed(link, "j/m/1/0");
        assertThat(map1.outcome().time()).isEqualTo(T0.plusMillis(10_100));
        assertThat(map1.reason()).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("QoS controller cuckoo: Cuckoo: tasks use 1.818 cores (owners leave 1.2)"));
        // T0 + 30.1 s: map 0's 3 GiB > ramLimit 2,061,584,303 B: killed by the controller, before the OOM at 40 s.
        var map0 = killed(link, "j/m/0/0");
        assertThat(map0.outcome().time()).isEqualTo(T0.plusMillis(30_100));
        assertThat(report.qos().controllerKills()).isEqualTo(2);
        assertThat(report.qos().nodeOomKills()).isZero();
        assertThat(report.qos().throttles()).isZero();
        assertThat(report.qos().raises()).isZero();
        assertThat(report.owners().violationMillis()).isEqualTo(100);
    }

    @Test
    void withoutAControllerTheNodeKillsOnMemoryAsBeforeAndTheReportIsTheSameAsWithoutTheSetting() {
        var link = scripted();

        var report = run(Optional.empty(), link);
        var before = new Simulation(cluster(), List.of(job("j", Duration.ZERO, 2, 0)), owners(), List.of(),
                scripted(), new SimulationSettings(SimulationSettings.DEFAULT_HEARTBEAT_PERIOD, SEED), p -> { }).run();

        assertThat(report).isEqualTo(before);
        // Both maps ran on through the owners' CPU peak (short of CPU from T0 + 10 s to T0 + 20 s) and the RAM at
        // 87 %; at 97 % the node kills map 1, then map 0.
        assertThat(link.reports()).filteredOn(r -> r.outcome().state() == TaskOutcome.State.KILLED)
                .extracting(r -> r.outcome().decisionId()).containsExactly("j/m/1/0", "j/m/0/0");
        assertThat(report.owners().violationMillis()).isEqualTo(10_000);
        assertThat(report.qos()).isEqualTo(new QosCounts("none", 0, 2, 0, 0, 0));
        assertThat(metric(report, "node_oom_kills")).isEqualTo(2.0);
        assertThat(metric(report, "qos_kills")).isNaN();
        assertThat(metric(report, "qos_throttles")).isNaN();
        assertThat(metric(report, "qos_raises")).isNaN();
    }

    @Test
    void aNodeOffersThePlannerOnlyWhatTheControllerLetsTasksKeep() {
        var link = scripted();

        run(Optional.of(QosMode.SALAMANDER), link);

        // First round, T0 + 3 s: nothing held; 4 - 1 - 0.4 cores and 64 - 32 - 6.4 GiB.
        var heartbeat = link.exchanges().get(0).round().heartbeats().get(0);
        assertThat(heartbeat.free().cpus()).isCloseTo(2.6, within(1e-9));
        assertThat(heartbeat.free().memoryBytes()).isEqualTo(64 * GIB - 32 * GIB - 6_871_947_673L);
    }

    @Test
    void sameSeedAndControllerTwiceGiveTheSameRun() {
        var cluster = SimulatorFixtures.nodes(3);
        var owners = new OwnerLoad(Map.of(
                "n1", List.of(new OwnerSample(T0, 0.5, 0.2), new OwnerSample(T0.plusSeconds(60), 0.9, 0.85),
                        new OwnerSample(T0.plusSeconds(200), 0.2, 0.3)),
                "n2", List.of(new OwnerSample(T0.plusSeconds(45), 0.8, 0.9)),
                "n3", List.of(new OwnerSample(T0.plusSeconds(30), 0.7, 0.5), new OwnerSample(T0.plusSeconds(90), 0.1,
                        0.99))));
        var jobs = SimulatorFixtures.workload(12);
        for (var mode : QosMode.values()) {
            var first = runFifo(cluster, jobs, owners, mode);
            var second = runFifo(cluster, jobs, owners, mode);

            assertThat(first.qos().controllerKills() + first.qos().throttles()).as(mode + " acted").isPositive();
            assertThat(second.withoutPlannerCpu()).as(mode.configValue()).isEqualTo(first.withoutPlannerCpu());
        }
        var salamander = runFifo(cluster, jobs, owners, QosMode.SALAMANDER);
        var cuckoo = runFifo(cluster, jobs, owners, QosMode.CUCKOO);
        assertThat(salamander.decisionDigest()).isNotEqualTo(cuckoo.decisionDigest());
    }

    @Test
    void qosNamesParse() {
        assertThat(SimulationSettings.parseQos(" None ")).isEmpty();
        assertThat(SimulationSettings.parseQos("SALAMANDER")).contains(QosMode.SALAMANDER);
        assertThat(SimulationSettings.parseQos("cuckoo")).contains(QosMode.CUCKOO);
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> SimulationSettings.parseQos("cucko"))
                .withMessage("unknown QoS controller 'cucko'; expected one of none, salamander, cuckoo");
    }

    private static SimulationReport runFifo(ClusterSpec cluster, List<io.gleaner.planner.core.Job> jobs,
                                            OwnerLoad owners, QosMode mode) {
        return new Simulation(cluster, jobs, owners, List.of(),
                RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO)),
                SimulationSettings.withSeed(SEED).withQos(Optional.of(mode)), p -> { }).run();
    }

    private static ClusterSpec cluster() {
        return ClusterSpec.of("one", List.of(node("n1", 4, 8.0)));
    }

    private static OwnerLoad owners() {
        return new OwnerLoad(Map.of("n1", List.of(
                new OwnerSample(T0, 0.25, 0.5),
                new OwnerSample(T0.plusSeconds(10), 0.6, 0.5),
                new OwnerSample(T0.plusSeconds(20), 0.25, 0.5),
                new OwnerSample(T0.plusSeconds(30), 0.25, 0.87),
                new OwnerSample(T0.plusSeconds(40), 0.25, 0.97))));
    }

    /** Map 0 at the first round, map 1 one second later; nothing else, ever (no relaunch). */
    private static RecordingPlannerLink scripted() {
        var job = job("j", Duration.ZERO, 2, 0);
        return RecordingPlannerLink.onFirstRound(round -> List.of(
                mapOn(job, 0, "n1", round.time()), mapOn(job, 1, "n1", round.time().plusSeconds(1))));
    }

    private static SimulationReport run(Optional<QosMode> qos, RecordingPlannerLink link) {
        return new Simulation(cluster(), List.of(job("j", Duration.ZERO, 2, 0)), owners(), List.of(), link,
                SimulationSettings.withSeed(SEED).withQos(qos), p -> { }).run();
    }

    private static AttemptReport killed(RecordingPlannerLink link, String decisionId) {
        return link.reports().stream()
                .filter(r -> r.outcome().decisionId().equals(decisionId)
                        && r.outcome().state() == TaskOutcome.State.KILLED)
                .findFirst().orElseThrow(() -> new AssertionError(decisionId + " was not killed"));
    }

    private static double metric(SimulationReport report, String key) {
        return report.metrics().stream().filter(m -> m.key().equals(key)).findFirst().orElseThrow().value();
    }
}
