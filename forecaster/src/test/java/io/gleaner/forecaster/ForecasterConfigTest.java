package io.gleaner.forecaster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.core.ResourceMetric;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class ForecasterConfigTest {

    @Test
    void shouldDefaultToAWeekWindowHourlyRefitAndADayOfThreeMinuteSteps() {
        var settings = ForecasterConfig.from(Map.of()).settings();

        assertThat(settings.window()).isEqualTo(Duration.ofDays(7));
        assertThat(settings.refitPeriod()).isEqualTo(Duration.ofHours(1));
        assertThat(settings.step()).isEqualTo(Duration.ofMinutes(3));
        assertThat(settings.maxHold()).isEqualTo(Duration.ofMinutes(10));
        assertThat(settings.horizon()).isEqualTo(480);
        assertThat(settings.quantile()).isEqualTo(0.99);
        assertThat(settings.staleness()).isEqualTo(Duration.ofMinutes(15));
        assertThat(settings.margin(ResourceMetric.CPU)).isEqualTo(0.05);
        assertThat(settings.margin(ResourceMetric.NETWORK)).isEqualTo(0.05);
    }

    @Test
    void shouldReadEveryKey() {
        var config = ForecasterConfig.from(Map.ofEntries(
                Map.entry("gleaner.forecaster.application-id", "fc"),
                Map.entry("gleaner.forecaster.instance-id", "fc-0"),
                Map.entry("gleaner.forecaster.state-dir", "/tmp/fc"),
                Map.entry("gleaner.forecaster.stream-threads", "2"),
                Map.entry("gleaner.forecaster.window", "P2D"),
                Map.entry("gleaner.forecaster.refit-period", "PT30M"),
                Map.entry("gleaner.forecaster.step", "PT5M"),
                Map.entry("gleaner.forecaster.max-hold", "PT12M"),
                Map.entry("gleaner.forecaster.horizon", "288"),
                Map.entry("gleaner.forecaster.quantile", "0.95"),
                Map.entry("gleaner.forecaster.staleness", "PT10M"),
                Map.entry("gleaner.forecaster.safety-margin-cpu", "0.1"),
                Map.entry("gleaner.forecaster.safety-margin-memory", "0.15"),
                Map.entry("gleaner.topic-prefix", "x.")));

        assertThat(config.stage().applicationId()).isEqualTo("fc");
        assertThat(config.stage().stateDir()).isEqualTo(Path.of("/tmp/fc"));
        assertThat(config.topics().forecasts().name()).isEqualTo("x.forecasts");
        var settings = config.settings();
        assertThat(settings.window()).isEqualTo(Duration.ofDays(2));
        assertThat(settings.refitPeriod()).isEqualTo(Duration.ofMinutes(30));
        assertThat(settings.step()).isEqualTo(Duration.ofMinutes(5));
        assertThat(settings.maxHold()).isEqualTo(Duration.ofMinutes(12));
        assertThat(settings.horizon()).isEqualTo(288);
        assertThat(settings.quantile()).isEqualTo(0.95);
        assertThat(settings.staleness()).isEqualTo(Duration.ofMinutes(10));
        assertThat(settings.margin(ResourceMetric.CPU)).isEqualTo(0.1);
        assertThat(settings.margin(ResourceMetric.MEMORY)).isEqualTo(0.15);
        assertThat(settings.margin(ResourceMetric.DISK)).isEqualTo(0.05);
        var props = config.streamsProperties();
        assertThat(props.get(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)).isEqualTo(StreamsConfig.EXACTLY_ONCE_V2);
        assertThat(props.get(StreamsConfig.NUM_STREAM_THREADS_CONFIG)).isEqualTo("2");
        assertThat(props.get("main.consumer.group.instance.id")).isEqualTo("fc-0");
    }

    @Test
    void shouldNameTheKeyAndValueOfABadDuration() {
        assertThatThrownBy(() -> ForecasterConfig.from(Map.of("gleaner.forecaster.window", "7 days")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Invalid value 7 days for configuration gleaner.forecaster.window: "
                        + "must be an ISO-8601 duration such as PT1H or P7D");
    }

    @Test
    void shouldRejectARefitPeriodThatIsNotWholeSteps() {
        assertThatThrownBy(() -> ForecasterConfig.from(Map.of("gleaner.forecaster.refit-period", "PT10M")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("invalid gleaner.forecaster setting: refitPeriod must be a whole number of steps of PT3M,"
                        + " was PT10M");
    }

    @Test
    void shouldRejectASafetyMarginOutsideZeroToOne() {
        assertThatThrownBy(() -> ForecasterConfig.from(Map.of("gleaner.forecaster.safety-margin-memory", "1.2")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Invalid value 1.2 for configuration gleaner.forecaster.safety-margin-memory: "
                        + "must be in [0, 1)");
        assertThatThrownBy(() -> ForecasterConfig.from(Map.of("gleaner.forecaster.safety-margin-cpu", "lots")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Invalid value lots for configuration gleaner.forecaster.safety-margin-cpu");
    }

    @Test
    void shouldStillReadTheSafetyMarginsUnderTheirOldKeys() {
        var settings = ForecasterConfig.from(Map.of("gleaner.forecaster.margin.cpu", "0.1",
                "gleaner.forecaster.margin.memory", "0.2", "gleaner.forecaster.safety-margin-memory", "0.3"))
                .settings();

        assertThat(settings.margin(ResourceMetric.CPU)).isEqualTo(0.1);
        assertThat(settings.margin(ResourceMetric.MEMORY)).isEqualTo(0.3);
    }

    @Test
    void shouldRejectANegativeMaxHold() {
        assertThatThrownBy(() -> ForecasterConfig.from(Map.of("gleaner.forecaster.max-hold", "-PT1M")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Invalid value -PT1M for configuration gleaner.forecaster.max-hold: must be at least zero");
    }

    @Test
    void shouldRejectAQuantileLevelOfOne() {
        assertThatThrownBy(() -> ForecasterConfig.from(Map.of("gleaner.forecaster.quantile", "1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("invalid gleaner.forecaster setting: quantile must be in (0, 1), was 1.0");
    }

    @Test
    void shouldReactToMissesWithTheDefaultEscalationUnlessAnotherIsSet() {
        assertThat(ForecasterConfig.defaults().settings().reaction())
                .contains(new MissReaction(ForecastSettings.DEFAULT_MISS_ESCALATION));
        assertThat(ForecasterConfig.from(Map.of()).settings().reaction())
                .isEqualTo(ForecasterConfig.defaults().settings().reaction());
        var config = ForecasterConfig.from(Map.of("gleaner.forecaster.miss-escalation", "0.1"));
        assertThat(config.settings().reaction()).contains(new MissReaction(0.1));
        assertThat(config.settings().missBudget()).isEqualTo(4);
        assertThatThrownBy(() -> ForecasterConfig.from(Map.of("gleaner.forecaster.miss-escalation", "1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Invalid value 1.0 for configuration gleaner.forecaster.miss-escalation: must be in [0, 1)");
    }

    @Test
    void shouldChangeForecastsAtTheRefitBoundariesOnlyWhenTheReactionIsOff() {
        var off = ForecasterConfig.from(Map.of("gleaner.forecaster.react-to-misses", "false",
                "gleaner.forecaster.miss-escalation", "0.1"));
        assertThat(off.settings().reaction()).isEmpty();
        assertThat(ForecasterConfig.from(Map.of("gleaner.forecaster.react-to-misses", "true")).settings().reaction())
                .contains(new MissReaction(ForecastSettings.DEFAULT_MISS_ESCALATION));
        assertThatThrownBy(() -> ForecasterConfig.from(Map.of("gleaner.forecaster.react-to-misses", "sometimes")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Invalid value sometimes for configuration gleaner.forecaster.react-to-misses");
    }

    @Test
    void shouldRejectANonNumericHorizon() {
        assertThatThrownBy(() -> ForecasterConfig.from(Map.of("gleaner.forecaster.horizon", "1e3")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Invalid value 1e3 for configuration gleaner.forecaster.horizon");
    }
}
