package io.gleaner.planner.core.salamander;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.CapacityOutlook;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class HolisticPlanningSnapshotTest {

    /** Spare capacity that differs by node, resource and time, with a gap: what a plan must read back unchanged. */
    private static final CapacityOutlook FORECASTS = (nodeId, resource, time) -> time.getEpochSecond() % 900 == 450
            ? OptionalDouble.empty()
            : OptionalDouble.of((nodeId.hashCode() % 7 + (resource == CapacityOutlook.Resource.CPU ? 1 : 2)
                    + time.getEpochSecond() % 11) / 20.0);

    @Test
    void aPlanReadsTheCopiedForecastsAsItWouldHaveReadTheForecasts() {
        var settings = SalamanderSettings.defaults();
        var planning = new HolisticPlanning(settings);
        var now = at(600);
        var copy = planning.snapshot(FORECASTS, List.of(idleNode("n1", now), idleNode("n2", now)), now);
        var first = now.plus(settings.window().step().dividedBy(2));
        int steps = settings.window().steps();

        for (var node : List.of("n1", "n2")) {
            for (var resource : CapacityOutlook.Resource.values()) {
                var live = new double[steps];
                var copied = new double[steps];
                FORECASTS.spare(node, resource, first, settings.window().step(), live);
                copy.spare(node, resource, first, settings.window().step(), copied);
                assertThat(copied).containsExactly(live);
            }
        }
        // Nothing for a node it did not copy, or between its steps.
        assertThat(copy.spare("n3", CapacityOutlook.Resource.CPU, first)).isEmpty();
        assertThat(copy.spare("n1", CapacityOutlook.Resource.CPU, first.plus(Duration.ofSeconds(1)))).isEmpty();
        assertThat(copy.spare("n1", CapacityOutlook.Resource.CPU, first))
                .isEqualTo(FORECASTS.spare("n1", CapacityOutlook.Resource.CPU, first));
    }
}
