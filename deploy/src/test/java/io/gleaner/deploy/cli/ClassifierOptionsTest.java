package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.classifier.ClassifierConfig;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gleaner run}'s classifier options map onto {@link ClassifierConfig}, defaults included. */
class ClassifierOptionsTest {

    private static final RegistryConfig REGISTRY = RegistryConfig.of("http://registry:8081");

    private static ClassifierConfig parse(String... args) {
        var command = new RunCommand();
        new CommandLine(command).parseArgs(args);
        return command.classifier.config("kafka:9092", "p.", REGISTRY, Path.of("data"));
    }

    @Test
    void shouldTakeTheStagesDefaultsAndPutTheStateUnderTheDataDir() {
        var config = parse("--stages", "classifier");

        assertThat(config.stage().applicationId()).isEqualTo(ClassifierConfig.DEFAULT_APPLICATION_ID);
        assertThat(config.stage().stateDir()).isEqualTo(Path.of("data", "classifier-state"));
        assertThat(config.profiledRetention()).isEqualTo(ClassifierConfig.DEFAULT_PROFILED_RETENTION);
        assertThat(config.unfinishedRetention()).isEqualTo(ClassifierConfig.DEFAULT_UNFINISHED_RETENTION);
    }

    @Test
    void shouldMapTheRetentionsOntoTheirSettings() {
        var config = parse("--stages", "classifier", "--classifier-profiled-retention", "PT12H",
                "--classifier-unfinished-retention", "P3D");

        assertThat(config.profiledRetention()).isEqualTo(Duration.ofHours(12));
        assertThat(config.unfinishedRetention()).isEqualTo(Duration.ofDays(3));
    }

    @Test
    void shouldRefuseARetentionThatIsNotADuration() {
        assertThatThrownBy(() -> parse("--classifier-profiled-retention", "a week"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--classifier-profiled-retention").hasMessageContaining("a week");
    }
}
