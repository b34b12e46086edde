package io.gleaner.qos.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Named.named;

import java.time.Duration;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class QosSettingsTest {

    private static final QosSettings D = QosSettings.defaults();

    static Stream<Arguments> badSettings() {
        return Stream.of(
                Arguments.of(named("zero period", (Supplier<?>) () -> D.withPeriod(Duration.ZERO)),
                        "period must be > 0, was PT0S"),
                Arguments.of(named("negative CPU margin", (Supplier<?>) () -> D.withSafetyMargins(-0.1, 0.1)),
                        "cpuSafetyMargin must be in [0, 1), was -0.1"),
                Arguments.of(named("RAM margin of 100 %", (Supplier<?>) () -> D.withSafetyMargins(0.1, 1.0)),
                        "ramSafetyMargin must be in [0, 1), was 1.0"),
                Arguments.of(named("NaN margin", (Supplier<?>) () -> D.withSafetyMargins(Double.NaN, 0.1)),
                        "cpuSafetyMargin must be in [0, 1), was NaN"),
                Arguments.of(named("threshold above 1", (Supplier<?>) () -> new QosSettings(D.period(), 0.1, 0.1,
                        1.5, 100, Double.POSITIVE_INFINITY)), "ramThresholdShare must be in [0, 1], was 1.5"),
                Arguments.of(named("no CPU steps", (Supplier<?>) () -> new QosSettings(D.period(), 0.1, 0.1, 0.5, 0,
                        Double.POSITIVE_INFINITY)), "cpuStepsPerCore must be >= 1, was 0"),
                Arguments.of(named("zero raise", (Supplier<?>) () -> D.withMaxCpuRaiseCores(0)),
                        "maxCpuRaiseCores must be > 0 (Infinity to raise straight to what the owners leave), was 0.0"));
    }

    @ParameterizedTest
    @MethodSource("badSettings")
    void shouldRejectBadSettingsNamingTheValue(Supplier<?> settings, String message) {
        assertThatThrownBy(settings::get).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @Test
    void shouldDefaultToThePapersPeriodThresholdAndATenPercentMargin() {
        assertThat(D.period()).isEqualTo(Duration.ofMillis(100));
        assertThat(D.ramThresholdShare()).isEqualTo(0.5);
        assertThat(D.cpuSafetyMargin()).isEqualTo(0.1);
        assertThat(D.ramSafetyMargin()).isEqualTo(0.1);
        assertThat(D.maxCpuRaiseCores()).isEqualTo(Double.POSITIVE_INFINITY);
    }
}
