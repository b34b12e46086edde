package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.forecaster.core.MissReaction;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The forecaster's learner and its reaction to misses, as {@code gleaner run} and {@code evaluate} take them. */
class ForecasterModelOptionTest {

    private static ForecasterModelOption parse(String... args) {
        var command = new RunCommand();
        new CommandLine(command).parseArgs(args);
        return command.forecasterModel;
    }

    @Test
    void shouldReactToMissesOnlyWithAnEscalation() {
        assertThat(parse("--stages", "forecaster").reaction()).isEmpty();
        var option = parse("--forecaster-model", "max-1h+0.01", "--forecaster-miss-escalation", "0.05");
        assertThat(option.reaction()).contains(new MissReaction(0.05));
        assertThat(option.orDefault().name()).isEqualTo("max-1h+0.01");
    }

    @Test
    void shouldRefuseAnEscalationOutsideTheUnitIntervalNamingTheOption() {
        assertThatThrownBy(() -> parse("--forecaster-miss-escalation", "1.5"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--forecaster-miss-escalation must be in [0, 1), was 1.5");
    }
}
