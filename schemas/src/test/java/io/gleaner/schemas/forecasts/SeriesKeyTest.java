package io.gleaner.schemas.forecasts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.schemas.avro.Metric;
import org.junit.jupiter.api.Test;

class SeriesKeyTest {

    @Test
    void shouldRoundTripANodeIdThatContainsTheSeparator() {
        var key = new SeriesKey("rack1/n7", Metric.MEMORY);

        assertThat(key.text()).isEqualTo("rack1/n7/MEMORY");
        assertThat(SeriesKey.parse(key.text())).isEqualTo(key);
    }

    @Test
    void shouldRejectAKeyWithoutSeparator() {
        assertThatThrownBy(() -> SeriesKey.parse("n7"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("series key 'n7' has no '/'");
    }
}
