package io.gleaner.deploy.executorbench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SimulatedNodeTest {

    private static final long GIB = 1L << 30;

    private final SimulatedNode node = new SimulatedNode("n1", 4, 16 * GIB, 4);

    private static SimulatedNode.Attempt attempt(String decisionId, double cpus, long memoryBytes) {
        return new SimulatedNode.Attempt(decisionId, "j1", "MAP", 0, 0, cpus, memoryBytes, 0, "n1");
    }

    @Test
    void shouldCountAnAttemptAsFittingWhileCapacityMinusWhatItWasGivenCoversIt() {
        assertThat(node.accept(attempt("a", 3, 2 * GIB))).isTrue();
        assertThat(node.accept(attempt("b", 1, 2 * GIB))).isTrue();
    }

    @Test
    void shouldCountAnAttemptBeyondTheCoresItHasLeftAsDoubleBookedAndRunItAnyway() {
        node.accept(attempt("a", 3, 2 * GIB));

        assertThat(node.accept(attempt("b", 1.5, 2 * GIB))).isFalse();
        // 4.5 of 4 cores given away: the next heartbeat shows none free, not a negative amount.
        var heartbeat = node.heartbeat(1_000, 0);
        assertThat(heartbeat.freeCpus()).isZero();
        assertThat(heartbeat.runningAttempts()).containsExactly("a", "b");
    }

    @Test
    void shouldCountAnAttemptBeyondTheSlotsOrMemoryAsDoubleBooked() {
        var oneSlot = new SimulatedNode("n2", 4, 16 * GIB, 1);
        oneSlot.accept(attempt("a", 1, GIB));

        assertThat(oneSlot.accept(attempt("b", 1, GIB))).isFalse();
        assertThat(node.accept(attempt("c", 1, 17 * GIB))).isFalse();
    }

    @Test
    void shouldReleaseWhatAnAttemptHeldWhenItFinishes() {
        node.accept(attempt("a", 3, 10 * GIB));

        assertThat(node.finish("a")).isTrue();
        assertThat(node.finish("a")).isFalse();
        var heartbeat = node.heartbeat(1_000, 0);
        assertThat(heartbeat.freeCpus()).isEqualTo(4);
        assertThat(heartbeat.freeMemoryBytes()).isEqualTo(16 * GIB);
        assertThat(heartbeat.freeSlots()).isEqualTo(4);
    }

    @Test
    void shouldStampEachHeartbeatLaterThanTheLastAndRememberWhenItWasSent() {
        var first = node.heartbeat(1_000, 11);
        // The clock has not moved (or went back): the planner would drop an equal time, so it is one ms later.
        var second = node.heartbeat(1_000, 22);
        var third = node.heartbeat(999, 33);

        assertThat(first.timeMillis()).isEqualTo(1_000);
        assertThat(second.timeMillis()).isEqualTo(1_001);
        assertThat(third.timeMillis()).isEqualTo(1_002);
        assertThat(node.sentNanos(1_001)).contains(22L);
        assertThat(node.sentNanos(5_000)).isEmpty();
    }
}
