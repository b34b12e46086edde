package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DeadlineFactorOptionTest {

    @Test
    void shouldReadARangeAndASingleFactorAsARangeOfOne() {
        assertThat(DeadlineFactorOption.parse("1.5..3")).containsExactly(1.5, 3.0);
        assertThat(DeadlineFactorOption.parse(" 2 ")).containsExactly(2.0, 2.0);
        assertThat(DeadlineFactorOption.parse("4..4")).containsExactly(4.0, 4.0);
    }
}
