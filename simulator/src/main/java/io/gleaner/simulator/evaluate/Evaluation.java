package io.gleaner.simulator.evaluate;

import io.gleaner.simulator.core.InProcessPlannerLink;
import io.gleaner.simulator.core.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs an {@link EvaluationSpec} in-process: every policy on every seed, one after the other, each planner reading
 * forecasts of the owners' use warmed up on the load's history ({@link io.gleaner.simulator.core.OwnerForecasts}).
 */
public final class Evaluation {

    private Evaluation() {
    }

    /**
     * Runs every (policy, seed) pair, policies in the spec's order, seeds within each policy.
     *
     * @param progress told after every round of every run
     */
    public static List<PolicyRun> run(EvaluationSpec spec, Consumer<EvaluationProgress> progress) {
        var runs = new ArrayList<PolicyRun>();
        int total = spec.policies().size() * spec.seeds().size();
        for (var policy : spec.policies()) {
            for (long seed : spec.seeds()) {
                int index = runs.size();
                var owners = spec.owners().forSeed(seed);
                var settings = spec.settings(policy, seed);
                var simulation = new Simulation(spec.cluster(), spec.jobs(), owners, spec.pools(),
                        InProcessPlannerLink.of(policy, spec.pools(), owners, spec.cluster(), settings), settings,
                        p -> progress.accept(new EvaluationProgress(index, total, policy.configValue(), seed, p)));
                var report = simulation.run();
                runs.add(new PolicyRun(policy.configValue(), report));
            }
        }
        return List.copyOf(runs);
    }
}
