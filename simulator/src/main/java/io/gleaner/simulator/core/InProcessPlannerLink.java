package io.gleaner.simulator.core;

import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.Verdict;
import io.gleaner.planner.core.cells.CellMap;
import io.gleaner.planner.core.cells.CellRouting;
import io.gleaner.planner.core.cells.CellStatus;
import io.gleaner.planner.core.cells.Route;
import io.gleaner.planner.core.coshh.CoshhSettings;
import io.gleaner.planner.core.policies.Policies;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.planner.core.salamander.SalamanderSettings;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the planner's core in the simulator's thread: each round's inputs go to a {@link PlannerCell} in the order
 * the planner's Kafka Streams task would see them, so the decisions equal those of a run through Kafka.
 *
 * <p>That order: jobs, then reports (each already in event-time order, and every one stamped before the round), then
 * the heartbeats by node id, as they sit in the one-partition heartbeats topic. Jobs and reports of one round
 * commute in the cell (only heartbeats place attempts, and a report never refers to a job of the same round), so
 * how Kafka Streams interleaves the two topics does not matter. Placements are returned sorted by node id, stably,
 * which is the (node id, offset) order the Kafka link reads them in.
 *
 * <p>Forecasts: the forecaster stage does not run in-process; an {@link OwnerForecasts} stands in for it. Each
 * round's utilization goes to it before the cell decides, and the cell's policies read it as their
 * {@link io.gleaner.planner.core.CapacityOutlook} ({@code PlanningState.outlook()}). Every factory gives the cell one
 * (policies that do not read it, FIFO, Fair and COSHH, decide as without it and cost it no refit); its work on the
 * samples is not counted in {@link #cpuNanos()}, refits a policy's reads run are (through Kafka they are the
 * forecaster stage's). Through Kafka ({@code KafkaPlannerLink}) the planner reads the stage's {@code forecasts}
 * topic instead.
 *
 * <p>Cells (docs/cells.md#the-bench): with several, each cell is a {@link PlannerCell} of its own (its own policy
 * instance and in-memory state), each job is routed by {@link CellRouting} over the statuses the cells last took
 * (a job no cell can judge yet is held and routed before the next job), each heartbeat goes to its node's cell
 * ({@link CellMap}), which first takes its status when one is due ({@link CellStatus#due}), and each report to its
 * job's cell: the order in which the planner's router and cell tasks see them through Kafka
 * (docs/cells.md#ordering-and-exactly-once). With one cell every input goes to it as before, so nothing changes.
 *
 * <p>An input the cell finds invalid would be a dead letter in the Kafka app; here it is logged and kept in
 * {@link #invalidInputs()}, since the simulator should never send one.
 */
public final class InProcessPlannerLink implements PlannerLink {

    private static final Logger log = LoggerFactory.getLogger(InProcessPlannerLink.class);

    private final List<PlannerCell> cells;
    /** The cells' states, read for their statuses; empty for a link around a given cell. */
    private final List<InMemoryPlannerState> states;
    private final CellMap cellMap;
    private final OwnerForecasts forecasts;
    private final Map<String, Integer> cellOfJob = new HashMap<>();
    private final CellRouting routing = CellRouting.empty();
    /**
     * The status each cell last took, as the router stage reads them from {@code cells.status}: an empty one at the
     * epoch for a cell that took none yet.
     */
    private final List<CellStatus> statuses = new ArrayList<>();
    /** When each cell last took its status, null before its first. */
    private final Map<Integer, Instant> statusTaken = new HashMap<>();
    private final List<String> refusedJobs = new ArrayList<>();
    private final List<String> invalidInputs = new ArrayList<>();
    private final List<InputPlacement> dataPlacements = new ArrayList<>();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private long cpuNanos;

    /** A link to {@code cell} as it is: no forecasts are fed to it (it reads whatever outlook it was built with). */
    public InProcessPlannerLink(PlannerCell cell) {
        this.cells = List.of(Objects.requireNonNull(cell, "cell"));
        this.states = List.of();
        this.cellMap = CellMap.ONE;
        this.forecasts = null;
    }

    private InProcessPlannerLink(PlacementPolicy policy, OwnerForecasts forecasts) {
        this(List.of(Objects.requireNonNull(policy, "policy")), forecasts, CellMap.ONE);
    }

    private InProcessPlannerLink(List<PlacementPolicy> policies, OwnerForecasts forecasts, CellMap cellMap) {
        this.forecasts = Objects.requireNonNull(forecasts, "forecasts");
        this.cellMap = Objects.requireNonNull(cellMap, "cellMap");
        var cells = new ArrayList<PlannerCell>();
        var states = new ArrayList<InMemoryPlannerState>();
        for (var policy : policies) {
            var state = new InMemoryPlannerState();
            states.add(state);
            cells.add(new PlannerCell(policy, state, forecasts));
        }
        this.cells = List.copyOf(cells);
        this.states = List.copyOf(states);
        for (int i = 0; i < cells.size(); i++) {
            statuses.add(CellStatus.empty(i, Instant.EPOCH));
        }
    }

    /** A link to a new cell with an in-memory state running {@code policy} with its default settings. */
    public static InProcessPlannerLink of(PolicyName policy) {
        return of(policy, PolicySettings.defaults());
    }

    /**
     * A link to a new cell running {@code policy} with the users' {@code pools} and a simulation's {@code seed} for
     * the policies that draw (COSHH's ties and k-means++, Salamander's construction and search); its forecasts are
     * not warmed up.
     */
    public static InProcessPlannerLink of(PolicyName policy, List<Pool> pools, long seed) {
        return of(policy, settings(pools, seed), OwnerForecasts.withoutWarmUp());
    }

    /**
     * A link to a new cell running {@code policy} with the users' {@code pools} and a simulation's {@code seed}, whose
     * forecasts warm up on the history of {@code owners}, the load the simulation runs on.
     */
    public static InProcessPlannerLink of(PolicyName policy, List<Pool> pools, long seed, OwnerLoad owners) {
        return of(policy, settings(pools, seed), OwnerForecasts.of(owners));
    }

    /**
     * The link of one simulation run: {@code policy} with {@link #settings(List, ClusterSpec, SimulationSettings)}
     * and {@link #forecasts(OwnerLoad, SimulationSettings)}.
     */
    public static InProcessPlannerLink of(PolicyName policy, List<Pool> pools, OwnerLoad owners, ClusterSpec cluster,
                                          SimulationSettings run) {
        return of(policy, settings(pools, cluster, run), forecasts(owners, run));
    }

    /**
     * The policies' settings for one simulation run: the users' {@code pools}, the run's seed for the policies that
     * draw, and Salamander counting chunk copies at the cluster's link bandwidth.
     */
    public static PolicySettings settings(List<Pool> pools, ClusterSpec cluster, SimulationSettings run) {
        var settings = settings(pools, run.seed());
        return settings.withSalamander(settings.salamander().withLinkBitsPerSecond(cluster.linkBitsPerSecond()));
    }

    /**
     * Forecasts of one simulation run by the stage's learner ({@link OwnerForecasts#defaultForecaster()}): warmed up
     * on {@code owners}, taking off the run's safety margin.
     */
    public static OwnerForecasts forecasts(OwnerLoad owners, SimulationSettings run) {
        return forecasts(owners, run, OwnerForecasts.defaultForecaster());
    }

    /** Forecasts of one simulation run by {@code learner}: warmed up on {@code owners}, taking off the run's margin. */
    public static OwnerForecasts forecasts(OwnerLoad owners, SimulationSettings run, Forecaster learner) {
        return forecasts(owners, run, learner, Optional.empty());
    }

    /** The same, reacting to misses with {@code reaction} when it is given. */
    public static OwnerForecasts forecasts(OwnerLoad owners, SimulationSettings run, Forecaster learner,
                                           Optional<MissReaction> reaction) {
        var settings = OwnerForecastSettings.defaults().withMargins(run.safetyMargin(), run.safetyMargin());
        if (reaction.isPresent()) {
            settings = settings.withForecast(settings.forecast().withReaction(reaction.get()));
        }
        return new OwnerForecasts(learner, settings, owners);
    }

    /** A link to a new cell with an in-memory state running {@code policy} with {@code settings}. */
    public static InProcessPlannerLink of(PolicyName policy, PolicySettings settings) {
        return of(policy, settings, OwnerForecasts.withoutWarmUp());
    }

    /** A link to a new cell running {@code policy} with {@code settings} that reads (and is fed) {@code forecasts}. */
    public static InProcessPlannerLink of(PolicyName policy, PolicySettings settings, OwnerForecasts forecasts) {
        return new InProcessPlannerLink(Policies.create(policy, settings), forecasts);
    }

    /** A link to a new cell running {@code policy} that reads (and is fed) {@code forecasts}. */
    public static InProcessPlannerLink of(PlacementPolicy policy, OwnerForecasts forecasts) {
        return new InProcessPlannerLink(policy, forecasts);
    }

    /**
     * A link to {@code cellMap.cells()} new cells, each running a policy of its own from {@code policies}, all reading
     * (and fed once) {@code forecasts}.
     */
    public static InProcessPlannerLink of(Supplier<PlacementPolicy> policies, OwnerForecasts forecasts,
                                          CellMap cellMap) {
        var each = new ArrayList<PlacementPolicy>();
        for (int i = 0; i < cellMap.cells(); i++) {
            each.add(policies.get());
        }
        return new InProcessPlannerLink(each, forecasts, cellMap);
    }

    private static PolicySettings settings(List<Pool> pools, long seed) {
        return PolicySettings.defaults().withPools(pools).withCoshh(CoshhSettings.defaults().withSeed(seed))
                .withSalamander(SalamanderSettings.defaults().withSeed(seed));
    }

    /** The forecasts the cell reads, empty for a link built around a given cell. */
    public Optional<OwnerForecasts> forecasts() {
        return Optional.ofNullable(forecasts);
    }

    @Override
    public List<Placement> round(Round round) {
        if (forecasts != null) {
            forecasts.observe(round.utilization());
        }
        long before = threadCpuNanos();
        var placements = decide(round);
        cpuNanos += threadCpuNanos() - before;
        return placements;
    }

    /** The CPU time of this thread in the cell, when the JVM measures thread CPU time. */
    @Override
    public OptionalLong cpuNanos() {
        return threads.isCurrentThreadCpuTimeSupported() ? OptionalLong.of(cpuNanos) : OptionalLong.empty();
    }

    private long threadCpuNanos() {
        return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : 0;
    }

    private List<Placement> decide(Round round) {
        for (var job : round.submitted()) {
            if (cells.size() == 1) {
                deliver(job, 0);
                continue;
            }
            for (var routed : routing.route(job, statuses, job.submitTime())) {
                var route = routed.route();
                if (route instanceof Route.To to) {
                    deliver(routed.job(), to.cell());
                } else if (route instanceof Route.Refused) {
                    log.warn("router refused job {}: {}", routed.job().jobId(), route.reason());
                    refusedJobs.add(routed.job().jobId() + ": " + route.reason());
                }
            }
        }
        for (var report : round.reports()) {
            var cell = cells.get(cellOfJob.getOrDefault(report.outcome().jobId(), 0));
            check("report " + report.outcome().decisionId(), cell.onOutcome(report.outcome()));
        }
        var placements = new ArrayList<Placement>();
        for (var heartbeat : round.heartbeats()) {
            int index = cellMap.cellOf(heartbeat);
            if (cells.size() > 1) {
                takeStatus(index, heartbeat.time());
            }
            var verdict = check("heartbeat of " + heartbeat.nodeId(), cells.get(index).onHeartbeat(heartbeat));
            if (verdict instanceof Verdict.Applied applied) {
                // As the planner app logs it (CellProcessor): the cell's node liveness, docs/node-liveness.md.
                applied.lost().forEach(loss -> log.info("node {} lost at {}: silent since {}; relaunching its attempts {}",
                        loss.nodeId(), loss.lostAt(), loss.lastHeartbeat(), loss.relaunchedAttempts()));
            }
            placements.addAll(verdict.placements());
        }
        placements.sort(Comparator.comparing(Placement::nodeId));
        return placements;
    }

    private void deliver(Job job, int cell) {
        cellOfJob.put(job.jobId(), cell);
        var verdict = check("job " + job.jobId(), cells.get(cell).onJob(job));
        if (verdict instanceof Verdict.Applied applied) {
            applied.dataPlacement().ifPresent(dataPlacements::add);
        }
    }

    /**
     * Cell {@code cell} takes its status before a heartbeat at {@code time} when one is due ({@link CellStatus#due}),
     * as the planner's cell task does before applying it (docs/cells.md#the-topology).
     */
    private void takeStatus(int cell, Instant time) {
        if (CellStatus.due(statusTaken.get(cell), time)) {
            var state = states.get(cell);
            statuses.set(cell, CellStatus.of(cell, time, state.heardBefore(Instant.MAX), state.queue(), forecasts));
            statusTaken.put(cell, time);
        }
    }

    /** Why the router refused each job it refused, in order ("jobId: reason"); empty with one cell. */
    public List<String> refusedJobs() {
        return List.copyOf(refusedJobs);
    }

    @Override
    public List<InputPlacement> takeDataPlacements() {
        var taken = List.copyOf(dataPlacements);
        dataPlacements.clear();
        return taken;
    }

    /** Why the cell refused each input it found invalid, in order. */
    public List<String> invalidInputs() {
        return List.copyOf(invalidInputs);
    }

    private Verdict check(String input, Verdict verdict) {
        if (verdict instanceof Verdict.Invalid invalid) {
            log.warn("planner refused {}: {}", input, invalid.reason());
            invalidInputs.add(input + ": " + invalid.reason());
        }
        return verdict;
    }
}
