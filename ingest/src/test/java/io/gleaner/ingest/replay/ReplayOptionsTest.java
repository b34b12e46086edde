package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ReplayOptionsTest {

    @ParameterizedTest
    @ValueSource(doubles = {0.0, -1.0, Double.NaN, Double.NEGATIVE_INFINITY})
    void shouldRefuseASpeedThatIsNotPositive(double speed) {
        assertThatThrownBy(() -> ReplayOptions.atSpeed(speed))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("speed must be > 0 (Infinity for as fast as possible), was " + speed);
    }

    @Test
    void shouldPaceAtAnyFiniteSpeedButNotAtInfinity() {
        assertThat(ReplayOptions.atSpeed(0.5).paced()).isTrue();
        assertThat(ReplayOptions.atSpeed(1e9).paced()).isTrue();
        assertThat(ReplayOptions.asFastAsPossible().paced()).isFalse();
    }

    @Test
    void shouldRefuseProgressEveryBelowOneAndANegativeExpectedCount() {
        assertThatThrownBy(() -> ReplayOptions.atSpeed(1).withProgressEvery(0))
                .hasMessage("progressEvery must be >= 1, was 0");
        assertThatThrownBy(() -> ReplayOptions.atSpeed(1).withExpectedRecords(-1))
                .hasMessage("expectedRecords must be >= 0, was -1");
        assertThat(new ReplayOptions(1, 1, null).expectedRecords()).isEqualTo(OptionalLong.empty());
    }
}
