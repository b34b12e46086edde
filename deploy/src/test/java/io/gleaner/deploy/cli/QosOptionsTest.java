package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.qos.QosConfig;
import io.gleaner.qos.core.QosMode;
import io.gleaner.qos.core.QosSettings;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gleaner run}'s QoS options map one to one onto {@link QosConfig}, defaults included. */
class QosOptionsTest {

    private static final RegistryConfig REGISTRY = RegistryConfig.of("http://registry:8081");

    private static QosConfig parse(String... args) {
        var command = new RunCommand();
        new CommandLine(command).parseArgs(args);
        return command.qos.config("kafka:9092", "p.", REGISTRY, Path.of("data"));
    }

    @Test
    void shouldTakeTheStagesDefaultsAndPutTheStateUnderTheDataDir() {
        var config = parse("--stages", "qos");

        assertThat(config.stage().applicationId()).isEqualTo(QosConfig.DEFAULT_APPLICATION_ID);
        assertThat(config.mode()).isEqualTo(QosMode.SALAMANDER);
        assertThat(config.settings().period()).isEqualTo(Duration.ofMillis(100));
        assertThat(config.cpuSafetyMargin()).isEqualTo(QosSettings.DEFAULT_SAFETY_MARGIN);
        assertThat(config.ramSafetyMargin()).isEqualTo(QosSettings.DEFAULT_SAFETY_MARGIN);
        assertThat(config.ramThresholdShare()).isEqualTo(QosSettings.DEFAULT_RAM_THRESHOLD_SHARE);
        assertThat(config.stage().stateDir()).isEqualTo(Path.of("data", "qos-state"));
        assertThat(config.stage().bootstrapServers()).isEqualTo("kafka:9092");
        assertThat(config.topics().qosActions().name()).isEqualTo("p.qos.actions");
        assertThat(config.stage().registry()).isEqualTo(REGISTRY);
    }

    @Test
    void shouldMapEveryOptionOntoItsSetting() {
        var config = parse("--stages", "planner,qos", "--qos-mode", "CUCKOO", "--qos-period-ms", "250",
                "--qos-cpu-margin", "0.05", "--qos-ram-margin", "0.2", "--qos-ram-threshold", "0.25",
                "--qos-application-id", "qos-b", "--qos-state-dir", "/tmp/q", "--qos-commit-interval-ms", "1000");

        assertThat(config.mode()).isEqualTo(QosMode.CUCKOO);
        assertThat(config.periodMs()).isEqualTo(250);
        assertThat(config.cpuSafetyMargin()).isEqualTo(0.05);
        assertThat(config.ramSafetyMargin()).isEqualTo(0.2);
        assertThat(config.ramThresholdShare()).isEqualTo(0.25);
        assertThat(config.stage().applicationId()).isEqualTo("qos-b");
        assertThat(config.stage().stateDir()).isEqualTo(Path.of("/tmp/q"));
        assertThat(config.stage().commitIntervalMs()).isEqualTo(1000);
    }

    @Test
    void shouldRefuseAMarginOutsideItsRangeNamingTheSetting() {
        assertThatThrownBy(() -> parse("--qos-cpu-margin", "1.5"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("Invalid value 1.5 for option --qos-cpu-margin: must be in [0, 1)");
    }

    @Test
    void shouldNameTheSafetyMarginsAsTheForecasterDoes() {
        var config = parse("--qos-safety-margin-cpu", "0.05", "--qos-safety-margin-memory", "0.2",
                "--qos-ram-threshold-share", "0.25");

        assertThat(config.cpuSafetyMargin()).isEqualTo(0.05);
        assertThat(config.ramSafetyMargin()).isEqualTo(0.2);
        assertThat(config.ramThresholdShare()).isEqualTo(0.25);
    }
}
