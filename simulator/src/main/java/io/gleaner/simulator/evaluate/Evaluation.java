package io.gleaner.simulator.evaluate;

import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.cells.CellMap;
import io.gleaner.planner.core.salamander.HolisticPlan;
import io.gleaner.planner.core.salamander.SalamanderPolicy;
import java.time.Instant;
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
        return run(spec, CellMap.ONE, progress);
    }

    /** The same with the planner in {@code cells} cells (docs/cells.md#the-bench). */
    public static List<PolicyRun> run(EvaluationSpec spec, CellMap cells, Consumer<EvaluationProgress> progress) {
        var runs = new ArrayList<PolicyRun>();
        int total = spec.policies().size() * spec.seeds().size();
        for (var policy : spec.policies()) {
            for (long seed : spec.seeds()) {
                int index = runs.size();
                var simulation = new RunSetup(spec, policy, seed, cells).simulation(
                        p -> progress.accept(new EvaluationProgress(index, total, policy.configValue(), seed, p)));
                runs.add(new PolicyRun(policy.configValue(), simulation.run()));
            }
        }
        return List.copyOf(runs);
    }

    /**
     * The Salamander policy's plan in the run of {@code spec}'s first seed, as it stood at the first round at or
     * after {@code at}: the run is stepped until then (or its end) and left.
     */
    public static HolisticPlan salamanderPlan(EvaluationSpec spec, Instant at) {
        var run = new RunSetup(spec, PolicyName.SALAMANDER, spec.seeds().get(0));
        var policy = new SalamanderPolicy(run.policySettings().salamander());
        var now = new Instant[] {Instant.MIN};
        var simulation = run.simulation(policy, progress -> now[0] = progress.virtualTime());
        while (now[0].isBefore(at) && simulation.step()) {
            // each step is one round
        }
        return policy.plan();
    }
}
