package io.gleaner.ingest.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TraceNumbersTest {

    @Test
    void shouldReadFiniteDecimalNumbers() {
        assertThat(TraceNumbers.decimal("42")).isEqualTo(42.0);
        assertThat(TraceNumbers.decimal("-2.5")).isEqualTo(-2.5);
        assertThat(TraceNumbers.decimal("1.")).isEqualTo(1.0);
        assertThat(TraceNumbers.decimal("1e3")).isEqualTo(1000.0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "NaN", "Infinity", "-Infinity", "1d", "2.5f", "1e999", "abc", "1.2.3", "0x10"})
    void shouldGiveNaNForTextThatIsNotAFiniteDecimalNumber(String text) {
        assertThat(TraceNumbers.decimal(text)).isNaN();
    }
}
