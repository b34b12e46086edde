package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gleaner run}'s forecaster options map one to one onto the forecaster's declared settings. */
class ForecasterOptionsTest {

    private static final RegistryConfig REGISTRY = RegistryConfig.of("http://registry:8081");

    private static ForecasterConfig parse(String... args) {
        var command = new RunCommand();
        new CommandLine(command).parseArgs(args);
        return command.forecaster.config("kafka:9092", "p.", REGISTRY, Path.of("data"));
    }

    @Test
    void shouldTakeTheCoresDefaultsAndPutTheStateUnderTheDataDir() {
        var config = parse();

        assertThat(config.settings()).isEqualTo(ForecastSettings.defaults());
        assertThat(config.stage().stateDir()).isEqualTo(Path.of("data", "forecaster-state"));
        assertThat(config.stage().registry()).isEqualTo(REGISTRY);
    }

    @Test
    void shouldMapTheOptionsAndTheSafetyMarginsOldNamesOntoTheSettings() {
        var settings = parse("--forecaster-window", "P2D", "--forecaster-horizon", "96", "--margin-cpu", "0.1",
                "--forecaster-safety-margin-memory", "0.2", "--forecaster-safety-margin-disk", "0.3").settings();

        assertThat(settings.window()).isEqualTo(Duration.ofDays(2));
        assertThat(settings.horizon()).isEqualTo(96);
        assertThat(settings.margin(ResourceMetric.CPU)).isEqualTo(0.1);
        assertThat(settings.margin(ResourceMetric.MEMORY)).isEqualTo(0.2);
        assertThat(settings.margin(ResourceMetric.DISK)).isEqualTo(0.3);
    }

    @Test
    void shouldRefuseADurationThatIsNotOneNamingTheOption() {
        assertThatThrownBy(() -> parse("--forecaster-step", "3 minutes"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("Invalid value 3 minutes for option --forecaster-step: must be an ISO-8601 duration such "
                        + "as PT1H or P7D");
    }
}
