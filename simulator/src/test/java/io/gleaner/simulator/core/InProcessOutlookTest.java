package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static io.gleaner.simulator.core.SimulatorFixtures.scenario;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.forecaster.core.Baselines;
import io.gleaner.planner.core.CapacityOutlook.Resource;
import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.coshh.CoshhSettings;
import io.gleaner.planner.core.fifo.FifoPolicy;
import io.gleaner.planner.core.policies.Policies;
import io.gleaner.planner.core.policies.PolicySettings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The in-process planner's cell reads the owners' forecasts that its link feeds each round. */
class InProcessOutlookTest {

    private static final ClusterSpec CLUSTER = scenario("three-nodes");
    private static final SimulationSettings SETTINGS = SimulationSettings.withSeed(2009);

    /** What the policy read on one heartbeat. */
    private record Seen(String nodeId, Instant now, OptionalDouble cpu, OptionalDouble memory) {
    }

    /** FIFO that first reads the outlook for the node at the heartbeat's time. */
    private static final class ReadingPolicy implements PlacementPolicy {
        private final FifoPolicy fifo = new FifoPolicy();
        private final List<Seen> seen = new ArrayList<>();

        @Override
        public PlacementResult place(PlanningState state, Instant now) {
            var node = state.node().nodeId();
            seen.add(new Seen(node, now, state.outlook().spare(node, Resource.CPU, now),
                    state.outlook().spare(node, Resource.MEMORY, now)));
            return fifo.place(state, now);
        }
    }

    /**
     * The owners of every node at constant use, CPU 0.3 and memory 0.2 of n1 (n2, n3: 0.5, 0.4), every 5 min for
     * {@code run} from T0, and a day of the same before T0.
     */
    private static OwnerLoad constantOwners(Duration run) {
        var byNode = new LinkedHashMap<String, List<OwnerSample>>();
        var history = new LinkedHashMap<String, List<OwnerSample>>();
        for (var node : List.of("n1", "n2", "n3")) {
            double cpu = node.equals("n1") ? 0.3 : 0.5;
            double memory = node.equals("n1") ? 0.2 : 0.4;
            var samples = new ArrayList<OwnerSample>();
            for (var t = T0; t.isBefore(T0.plus(run)); t = t.plus(Duration.ofMinutes(5))) {
                samples.add(new OwnerSample(t, cpu, memory));
            }
            var before = new ArrayList<OwnerSample>();
            for (var t = T0.minus(Duration.ofDays(1)); t.isBefore(T0); t = t.plus(Duration.ofMinutes(5))) {
                before.add(new OwnerSample(t, cpu, memory));
            }
            byNode.put(node, samples);
            history.put(node, before);
        }
        return new OwnerLoad(byNode, history);
    }

    @Test
    void aPolicyInTheCellReadsTheForecastSpareFromTheFirstRound() {
        var owners = constantOwners(Duration.ofHours(2));
        var policy = new ReadingPolicy();
        var forecasts = new OwnerForecasts(Baselines.maxLastDay(), OwnerForecastSettings.defaults(), owners);
        var link = InProcessPlannerLink.of(policy, forecasts);

        var report = new Simulation(CLUSTER, SimulatorFixtures.smallWorkload(), owners, List.of(), link, SETTINGS,
                p -> { }).run();

        assertThat(report.jobsCompleted()).isEqualTo(5);
        assertThat(policy.seen).isNotEmpty();
        assertThat(policy.seen.get(0).now()).as("the first round").isEqualTo(T0.plusSeconds(3));
        // max-24h of constant use: 1 - (use + 0.1), the QoS controller's margins.
        for (var seen : policy.seen) {
            double cpu = seen.nodeId().equals("n1") ? 0.3 : 0.5;
            double memory = seen.nodeId().equals("n1") ? 0.2 : 0.4;
            assertThat(seen.cpu()).as("%s", seen).hasValueCloseTo(1 - cpu - 0.1, within(1e-12));
            assertThat(seen.memory()).as("%s", seen).hasValueCloseTo(1 - memory - 0.1, within(1e-12));
        }
        assertThat(link.forecasts()).containsSame(forecasts);
    }

    @Test
    void withoutHistoryThePolicyReadsNoForecastInTheFirstHour() {
        var owners = constantOwners(Duration.ofHours(2));
        var policy = new ReadingPolicy();
        var link = InProcessPlannerLink.of(policy,
                new OwnerForecasts(Baselines.maxLastDay(), OwnerForecastSettings.defaults()));

        new Simulation(CLUSTER, SimulatorFixtures.smallWorkload(), owners, List.of(), link, SETTINGS, p -> { }).run();

        assertThat(policy.seen).isNotEmpty().allSatisfy(seen -> {
            assertThat(seen.now()).isBefore(T0.plus(Duration.ofHours(1)));
            assertThat(seen.cpu()).isEmpty();
        });
    }

    @ParameterizedTest
    @EnumSource(value = PolicyName.class, mode = EnumSource.Mode.EXCLUDE,
            names = {"SALAMANDER", "CUCKOO", "REVERSE_ADAPTIVE"})
    void policiesThatIgnoreTheOutlookDecideAsWithoutIt(PolicyName policy) {
        var owners = constantOwners(Duration.ofHours(2));
        var pools = List.of(new Pool("user", 1, 1.0));
        var settings = PolicySettings.defaults().withPools(pools)
                .withCoshh(CoshhSettings.defaults().withSeed(SETTINGS.seed()));
        var bare = new InProcessPlannerLink(
                new PlannerCell(Policies.create(policy, settings), new InMemoryPlannerState()));
        var withOutlook = InProcessPlannerLink.of(policy, pools, SETTINGS.seed(), owners);

        var without = run(owners, pools, bare);
        var with = run(owners, pools, withOutlook);

        assertThat(withOutlook.forecasts()).isPresent();
        assertThat(with.decisionDigest()).isEqualTo(without.decisionDigest());
        assertThat(with.counts().decisions()).isEqualTo(without.counts().decisions()).isPositive();
        // Nobody reads a forecast, but the default reaction to misses checks each sample against the forecast in
        // force, so the forecasts are refit when due all the same.
        assertThat(withOutlook.forecasts().orElseThrow().refits()).isPositive();
    }

    @Test
    void salamanderPlansOnTheForecastsAndMovesEveryChunkItsMapsNeed() {
        var owners = constantOwners(Duration.ofHours(2));
        var pools = List.of(new Pool("user", 1, 1.0));
        var link = InProcessPlannerLink.of(PolicyName.SALAMANDER, pools, SETTINGS.seed(), owners);

        var report = run(owners, pools, link);

        assertThat(report.unfinishedJobs()).isEmpty();
        assertThat(link.forecasts().orElseThrow().refits()).as("the plans read forecasts").isPositive();
        // Every map runs where its chunk is: on a node with a replica, or one the planner copied it to first.
        assertThat(report.counts().mapAttempts()).isPositive();
        assertThat(report.counts().remoteMapAttempts()).isZero();
    }

    private static SimulationReport run(OwnerLoad owners, List<Pool> pools, PlannerLink link) {
        return new Simulation(CLUSTER, SimulatorFixtures.workload(20), owners, pools, link, SETTINGS, p -> { }).run();
    }
}
