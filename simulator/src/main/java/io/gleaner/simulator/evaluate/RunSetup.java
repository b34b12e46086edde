package io.gleaner.simulator.evaluate;

import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.cells.CellMap;
import io.gleaner.planner.core.policies.Policies;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.simulator.core.InProcessPlannerLink;
import io.gleaner.simulator.core.OwnerForecasts;
import io.gleaner.simulator.core.Simulation;
import io.gleaner.simulator.core.SimulationProgress;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The set-up of one run of an evaluation: {@code policy} on {@code seed}, over the spec's workload, cluster, users'
 * pools and the owners' load of that seed, the planner in-process reading the spec's learner's forecasts warmed up on
 * that load, on {@code cells} planner cells (docs/cells.md#the-bench).
 *
 * @param spec   the evaluation the run belongs to
 * @param policy the policy of the run; decides its QoS controller ({@link EvaluationSpec#settings})
 * @param seed   the seed of the run
 * @param cells  the planner's cells and how nodes map to them
 */
record RunSetup(EvaluationSpec spec, PolicyName policy, long seed, CellMap cells) {

    RunSetup {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(cells, "cells");
    }

    /** The run on one cell. */
    RunSetup(EvaluationSpec spec, PolicyName policy, long seed) {
        this(spec, policy, seed, CellMap.ONE);
    }

    /**
     * The policy's settings in this run ({@link InProcessPlannerLink#settings}): the pools, seed and link speed, and
     * the spec's data placement, locality delay and Salamander's repair budget.
     */
    PolicySettings policySettings() {
        var settings = InProcessPlannerLink.settings(spec.pools(), spec.cluster(), spec.settings(policy, seed))
                .withPlaceData(spec.placeData()).withLocalityDelay(spec.localityDelay());
        return settings.withSalamander(settings.salamander().withRepairMoveLimit(spec.salamanderRepairMoveLimit()));
    }

    /** The run with a new instance of its policy in each cell, not started. */
    Simulation simulation(Consumer<SimulationProgress> progress) {
        if (cells.cells() == 1) {
            return simulation(Policies.create(policy, policySettings()), progress);
        }
        var settings = policySettings();
        return new Simulation(spec.cluster(), spec.jobs(), spec.owners().forSeed(seed), spec.pools(),
                InProcessPlannerLink.of(() -> Policies.create(policy, settings), forecasts(), cells),
                spec.settings(policy, seed), progress);
    }

    /**
     * The run with {@code planner} as its policy, not started: {@code planner} must be a new instance of
     * {@link #policy()} with {@link #policySettings()}, which the caller keeps to look into as the run goes.
     */
    Simulation simulation(PlacementPolicy planner, Consumer<SimulationProgress> progress) {
        return new Simulation(spec.cluster(), spec.jobs(), spec.owners().forSeed(seed), spec.pools(),
                InProcessPlannerLink.of(planner, forecasts()), spec.settings(policy, seed), progress);
    }

    /**
     * New forecasts of the owners' use for the run: the spec's learner and reaction to misses, warmed up on the load
     * of this seed.
     */
    OwnerForecasts forecasts() {
        return InProcessPlannerLink.forecasts(spec.owners().forSeed(seed), spec.settings(policy, seed),
                spec.forecaster(), spec.reaction());
    }
}
