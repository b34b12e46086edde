package io.gleaner.simulator.evaluate;

import static io.gleaner.simulator.core.SimulatorFixtures.scenario;
import static io.gleaner.simulator.core.SimulatorFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.forecaster.Forecasters;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.planner.core.salamander.HolisticPlan;
import io.gleaner.planner.core.salamander.SalamanderPolicy;
import io.gleaner.planner.core.salamander.SalamanderSettings;
import io.gleaner.qos.core.QosMode;
import io.gleaner.qos.core.QosSettings;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The set-up of one (policy, seed) run, shared by {@link Evaluation#run} and {@link Evaluation#salamanderPlan}. */
class RunSetupTest {

    private static final EvaluationSpec SPEC = new EvaluationSpec(workload(12), scenario("three-nodes"),
            OwnerSource.NONE, List.of(), List.of(PolicyName.FIFO, PolicyName.SALAMANDER), List.of(7L),
            Controllers.everyPolicy(Optional.of(QosMode.SALAMANDER)), QosSettings.DEFAULT_SAFETY_MARGIN);

    @Test
    void shouldRunASalamanderTheCallerKeepsAsTheRunOfItsOwn() {
        var setup = new RunSetup(SPEC, PolicyName.SALAMANDER, 7L);

        var own = setup.simulation(p -> { }).run();
        var kept = new SalamanderPolicy(setup.policySettings().salamander());
        var withKept = setup.simulation(kept, p -> { }).run();

        assertThat(own.jobsCompleted()).isEqualTo(12);
        assertThat(withKept.withoutPlannerCpu()).isEqualTo(own.withoutPlannerCpu());
        // The kept instance is the one that planned the run: its plan was made within the run.
        assertThat(kept.plan()).isNotEqualTo(HolisticPlan.EMPTY);
        assertThat(kept.plan().start()).isAfterOrEqualTo(SPEC.jobs().get(0).submitTime())
                .isBeforeOrEqualTo(own.endTime());
    }

    @Test
    void shouldGiveThePoliciesTheSpecsDataPlacementAndLocalityDelay() {
        var spec = new EvaluationSpec(SPEC.jobs(), SPEC.cluster(), SPEC.owners(), SPEC.pools(), SPEC.policies(),
                SPEC.seeds(), SPEC.qos(), SPEC.margin(), false, Duration.ZERO, SPEC.forecaster());

        var settings = new RunSetup(spec, PolicyName.FAIR, 7L).policySettings();
        var defaults = new RunSetup(SPEC, PolicyName.FAIR, 7L).policySettings();

        assertThat(settings.placeData()).isFalse();
        assertThat(settings.localityDelay()).isEqualTo(Duration.ZERO);
        assertThat(defaults.placeData()).isTrue();
        assertThat(defaults.localityDelay()).isEqualTo(PolicySettings.DEFAULT_LOCALITY_DELAY);
    }

    @Test
    void shouldGiveSalamanderTheSpecsRepairMoveLimit() {
        var spec = SPEC.withSalamanderRepairMoveLimit(1234);

        assertThat(new RunSetup(spec, PolicyName.SALAMANDER, 7L).policySettings().salamander().repairMoveLimit())
                .isEqualTo(1234);
        assertThat(new RunSetup(SPEC, PolicyName.SALAMANDER, 7L).policySettings().salamander().repairMoveLimit())
                .isEqualTo(SalamanderSettings.DEFAULT_REPAIR_MOVE_LIMIT);
    }

    @Test
    void shouldForecastTheOwnersUseWithTheSpecsLearner() {
        var spec = new EvaluationSpec(SPEC.jobs(), SPEC.cluster(), SPEC.owners(), SPEC.pools(), SPEC.policies(),
                SPEC.seeds(), SPEC.qos(), SPEC.margin(), true, PolicySettings.DEFAULT_LOCALITY_DELAY,
                Forecasters.burstDiscount());

        assertThat(new RunSetup(spec, PolicyName.SALAMANDER, 7L).forecasts().forecasterName())
                .isEqualTo("burst-discount");
        assertThat(new RunSetup(SPEC, PolicyName.SALAMANDER, 7L).forecasts().forecasterName())
                .isEqualTo(Forecasters.STANDARD_NAME);
    }

    @Test
    void shouldReportWhatEvaluationRunReportsForTheSamePolicyAndSeed() {
        var runs = Evaluation.run(SPEC, p -> { });

        var salamander = new RunSetup(SPEC, PolicyName.SALAMANDER, 7L).simulation(p -> { }).run();

        assertThat(runs).extracting(PolicyRun::policy).containsExactly("fifo", "salamander");
        assertThat(runs.get(1).report().withoutPlannerCpu()).isEqualTo(salamander.withoutPlannerCpu());
        assertThat(runs.get(0).report().decisionDigest()).isNotEqualTo(salamander.decisionDigest());
    }
}
