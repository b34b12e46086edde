package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WallClockPacerTest {

    @Test
    void shouldNotReturnBeforeTheOffsetIsDue() throws InterruptedException {
        var pacer = new WallClockPacer();
        pacer.start();
        pacer.awaitOffset(Duration.ofMillis(5));
        // A lower bound only: the pacer must never send early; how late it is depends on the machine.
        assertThat(pacer.elapsed()).isGreaterThanOrEqualTo(Duration.ofMillis(5));
    }

    @Test
    void shouldRefuseToPaceBeforeItIsStarted() {
        assertThatThrownBy(() -> new WallClockPacer().awaitOffset(Duration.ZERO))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the pacer was not started");
    }
}
