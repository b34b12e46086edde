package io.gleaner.planner.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DeferredPlanTest {

    private static final Instant T = Instant.parse("2009-05-01T00:00:00Z");
    private static final Duration DELAY = Duration.ofSeconds(3);

    /** A worker that runs nothing until told: a plan "being computed" for as long as the test wants. */
    private static final class HeldWorker implements Executor {
        private final ArrayDeque<Runnable> held = new ArrayDeque<>();

        @Override
        public void execute(Runnable command) {
            held.add(command);
        }

        void runAll() {
            while (!held.isEmpty()) {
                held.removeFirst().run();
            }
        }
    }

    @Test
    void aHeartbeatWhileThePlanIsComputedIsAnsweredWithThePlanInForce() {
        var worker = new HeldWorker();
        var plans = new DeferredPlan<>("old", DELAY, worker);
        var computed = new AtomicInteger();

        plans.request(T, () -> {
            computed.incrementAndGet();
            return "new";
        });

        // A heartbeat before t + delay neither waits for the plan nor sees it: the computation has not even run.
        assertThat(plans.advance(T.plus(DELAY).minusMillis(1))).isFalse();
        assertThat(plans.inForce()).isEqualTo("old");
        assertThat(computed).hasValue(0);
        // The worker finishes; the plan is in force from the first heartbeat at or after t + delay.
        worker.runAll();
        assertThat(plans.inForce()).isEqualTo("old");
        assertThat(plans.advance(T.plus(DELAY))).isTrue();
        assertThat(plans.inForce()).isEqualTo("new");
        assertThat(plans.isPending()).isFalse();
    }

    @Test
    void aPlanDueButNotReadyIsWaitedFor() {
        var plans = new DeferredPlan<>("old", DELAY, command -> CompletableFuture.runAsync(command));

        plans.request(T, () -> "new");

        assertThat(plans.advance(T.plus(DELAY).plusSeconds(10))).isTrue();
        assertThat(plans.inForce()).isEqualTo("new");
    }

    @Test
    void aZeroDelayComputesOnTheCallersThreadAndAppliesAtOnce() {
        Executor refusing = command -> {
            throw new AssertionError("no worker with a zero delay");
        };
        var plans = new DeferredPlan<>("old", Duration.ZERO, refusing);
        var caller = Thread.currentThread();

        plans.request(T, () -> {
            assertThat(Thread.currentThread()).isSameAs(caller);
            return "new";
        });

        assertThat(plans.advance(T)).isTrue();
        assertThat(plans.inForce()).isEqualTo("new");
    }

    @Test
    void plansTakeEffectInTheOrderAskedEachWhenDue() {
        var worker = new HeldWorker();
        var plans = new DeferredPlan<>("p0", DELAY, worker);

        plans.request(T, () -> "p1");
        plans.request(T.plusSeconds(1), () -> "p2");
        worker.runAll();

        assertThat(plans.advance(T.plusSeconds(3))).isTrue();
        assertThat(plans.inForce()).isEqualTo("p1");
        assertThat(plans.advance(T.plusSeconds(3).plusMillis(999))).isFalse();
        assertThat(plans.advance(T.plusSeconds(4))).isTrue();
        assertThat(plans.inForce()).isEqualTo("p2");
    }

    @Test
    void aFailedComputationFailsOnTheCallersThreadWhenDue() {
        var worker = new HeldWorker();
        var plans = new DeferredPlan<String>("old", DELAY, worker);

        plans.request(T, () -> {
            throw new IllegalStateException("solver failed");
        });
        worker.runAll();

        assertThat(plans.advance(T.plusSeconds(1))).isFalse();
        assertThatThrownBy(() -> plans.advance(T.plus(DELAY))).isInstanceOf(IllegalStateException.class)
                .hasMessage("solver failed");
    }
}
