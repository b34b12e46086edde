package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gleaner run}'s forecaster options: the reaction to misses is off unless an escalation is given. */
class ForecasterOptionsTest {

    private static ForecasterConfig parse(String... args) {
        var command = new RunCommand();
        new CommandLine(command).parseArgs(args);
        return command.forecaster.config("kafka:9092", "p.", RegistryConfig.of("http://registry:8081"),
                Path.of("data"));
    }

    @Test
    void shouldReactToMissesOnlyWithAnEscalation() {
        assertThat(parse("--stages", "forecaster").settings().reaction()).isEmpty();
        assertThat(parse("--stages", "forecaster", "--forecaster-miss-escalation", "0.05").settings().reaction())
                .contains(new MissReaction(0.05));
    }

    @Test
    void shouldRefuseAnEscalationOutsideTheUnitIntervalNamingTheOption() {
        assertThatThrownBy(() -> parse("--forecaster-miss-escalation", "1.5"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--forecaster-miss-escalation must be in [0, 1), was 1.5");
    }
}
