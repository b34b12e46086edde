package io.gleaner.evaluators.forecasts;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.core.Series;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StageDefaultTest {

    private static final Duration STEP = Duration.ofMinutes(3);
    private static final int DAY = 480;

    /** Four days of a daily cycle with a burst each afternoon, on the stage's 3-minute grid. */
    private static List<TraceSeries> trace() {
        double[] v = new double[4 * DAY];
        for (int i = 0; i < v.length; i++) {
            int t = i % DAY;
            v[i] = 0.3 + 0.2 * Math.sin(2 * Math.PI * t / DAY) + (t >= 300 && t < 303 ? 0.3 : 0) + 0.01 * (i % 7);
        }
        return List.of(new TraceSeries("n1", "cpu", new Series(Instant.EPOCH, STEP, v)));
    }

    private static WalkForward walk(List<io.gleaner.forecaster.core.Forecaster> models) {
        return new WalkForward(models, new double[] {0.99}, DAY, 20, 7, 2, 0.05, Set.of());
    }

    private static List<WalkForward.HostDay> scores(WalkForward.Result result, String model) {
        return result.hostDays().stream().filter(d -> d.model().equals(model)).toList();
    }

    @Test
    void shouldScoreTheStagesDefaultLearnerWithTheStagesDefaultReactionWhateverTheRunsReaction() {
        var stage = ForecasterConfig.from(Map.of()).settings().reaction();
        var asTheStage = walk(List.of(Forecasters.standard()));
        if (stage.isPresent()) {
            asTheStage = asTheStage.withReaction(stage.get());
        }
        var expected = scores(asTheStage.run(trace()), Forecasters.standard().name());

        var alone = scores(walk(List.of(new StageDefault())).run(trace()), StageDefault.NAME);
        var beside = scores(walk(List.of(new StageDefault(), Forecasters.standard()))
                .withReaction(new MissReaction(0.3)).run(trace()), StageDefault.NAME);

        assertThat(expected).hasSize(2);
        for (var got : List.of(alone, beside)) {
            assertThat(got).extracting(WalkForward.HostDay::violations)
                    .containsExactlyElementsOf(expected.stream().map(WalkForward.HostDay::violations).toList());
            assertThat(got).extracting(WalkForward.HostDay::reclaimable)
                    .containsExactlyElementsOf(expected.stream().map(WalkForward.HostDay::reclaimable).toList());
        }
    }

    @Test
    void shouldSayWhichLearnerAndReactionTheDefaultIs() {
        var stage = ForecasterConfig.from(Map.of()).settings().reaction();
        var described = new StageDefault().describe();
        assertThat(described).startsWith(Forecasters.standard().name());
        assertThat(described).contains(stage.isPresent() ? "reacting to misses with escalation" : "not reacting");
        assertThat(new StageDefault().reaction()).isEqualTo(stage);
        assertThat(ForecastModels.of(StageDefault.NAME)).isInstanceOf(StageDefault.class);
        assertThat(ForecastModels.names()).startsWith(StageDefault.NAME);
    }
}
