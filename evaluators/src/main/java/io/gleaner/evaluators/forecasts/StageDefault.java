package io.gleaner.evaluators.forecasts;

import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.core.QuantileForecast;
import io.gleaner.forecaster.core.Series;
import java.util.Map;
import java.util.Optional;

/**
 * {@value #NAME}: what the forecaster stage runs when nobody names a learner or a reaction, the learner
 * {@link Forecasters#standard()} with the reaction to misses that the stage's declarations give when no key is set
 * ({@code ForecasterSettingsDef}, read as the stage reads them, {@link ForecasterConfig#from}). {@link WalkForward}
 * scores it with that reaction whatever reaction it gives the other models, so that the row is the stage's default,
 * reaction included.
 */
public final class StageDefault implements Forecaster {

    /** The name in tables and of {@code gleaner forecast-eval --models}. */
    public static final String NAME = "default";

    private final Forecaster learner = Forecasters.standard();
    private final Optional<MissReaction> reaction = ForecasterConfig.from(Map.of()).settings().reaction();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public QuantileForecast forecast(Series history, ForecastRequest request) {
        return learner.forecast(history, request);
    }

    /** The stage's default reaction to misses; empty when the stage forecasts on its schedule only. */
    public Optional<MissReaction> reaction() {
        return reaction;
    }

    /** What the default is, e.g. {@code max-1h+0.01 reacting to misses with escalation 0.05}. */
    public String describe() {
        return learner.name() + reaction.map(r -> " reacting to misses with escalation "
                + Forecaster.nameNumber(r.escalation())).orElse(", not reacting to misses");
    }
}
