package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.runtime.EventTimeBound;
import io.gleaner.runtime.StageSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --max-event-time-ahead} of the commands that run stages sets {@link StageSettings#maxEventTimeAhead()}. */
class EventTimeOptionTest {

    private static final StageSettings SETTINGS = StageSettings.defaults("planner", "gleaner-planner");

    private static RunCommand parse(String... args) {
        var command = new RunCommand();
        new CommandLine(command).parseArgs(args);
        return command;
    }

    @Test
    void shouldDefaultToTheBoundsDefault() {
        assertThat(parse().eventTimes.applyTo(SETTINGS).maxEventTimeAhead())
                .isEqualTo(EventTimeBound.DEFAULT_MAX_AHEAD);
    }

    @Test
    void shouldSetTheStagesBound() {
        var settings = parse("--max-event-time-ahead", "PT5M").eventTimes.applyTo(SETTINGS);

        assertThat(settings.maxEventTimeAhead()).isEqualTo(Duration.ofMinutes(5));
        assertThat(settings.eventTimeBound().maxAhead()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void shouldRefuseANegativeBoundNamingTheKey() {
        var command = parse("--max-event-time-ahead", "-PT1M");

        assertThatThrownBy(() -> command.eventTimes.applyTo(SETTINGS))
                .hasMessage(StageSettings.MAX_EVENT_TIME_AHEAD + " must not be negative, was PT-1M");
    }

    @Test
    void shouldRefuseWhatIsNotADuration() {
        assertThatThrownBy(() -> parse("--max-event-time-ahead", "15 minutes"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--max-event-time-ahead");
    }
}
