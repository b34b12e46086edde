package io.gleaner.qos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.qos.core.NodeControl;
import io.gleaner.qos.core.RunningAttempt;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules of {@link NodeView}: newest by event time, placement pruning, the store format. */
class NodeViewTest {

    private static final long GB = 1_000_000_000L;

    private static NodeView observed() {
        var view = NodeView.empty();
        view.apply(new NodeEvent.Sample("n1", 0, NodeEvent.Use.OWNERS_CPU, 0.5));
        view.apply(new NodeEvent.Sample("n1", 0, NodeEvent.Use.OWNERS_RAM, 0.5));
        return view;
    }

    @Test
    void shouldIgnoreAHeartbeatOlderThanTheNewestOne() {
        var view = observed();
        view.apply(new NodeEvent.Heartbeat("n1", 2000, 8, 10 * GB, List.of("a1")));
        view.apply(new NodeEvent.Heartbeat("n1", 1000, 2, 5 * GB, List.of()));

        var observation = view.observation("n1", Instant.ofEpochMilli(3000));
        assertThat(observation.capacity().cpus()).isEqualTo(8);
        assertThat(observation.attempts()).extracting(RunningAttempt::decisionId).containsExactly("a1");
        // Owners at 50 % of the newest capacity.
        assertThat(observation.owners().cpus()).isEqualTo(4);
        assertThat(observation.owners().ramBytes()).isEqualTo(5 * GB);
    }

    @Test
    void shouldKeepTheNewestSampleOfEachUseWhateverTheArrivalOrder() {
        var view = observed();
        view.apply(new NodeEvent.Heartbeat("n1", 0, 4, 10 * GB, List.of()));
        view.apply(new NodeEvent.Sample("n1", 500, NodeEvent.Use.OWNERS_CPU, 0.25));
        view.apply(new NodeEvent.Sample("n1", 400, NodeEvent.Use.OWNERS_CPU, 1.0));

        assertThat(view.observation("n1", Instant.ofEpochMilli(600)).owners().cpus()).isEqualTo(1.0);
    }

    @Test
    void shouldReadTasksHeldAtALimitAsUsingExactlyTheLimit() {
        // 1.89 / 20 * 20 is 1.8900000000000001 in binary: unrounded, tasks held at a 1.89-core limit would read as
        // above it, and the controller would throttle them again on every sample.
        var view = observed();
        view.apply(new NodeEvent.Heartbeat("n1", 0, 20, 10 * GB, List.of()));
        view.apply(new NodeEvent.Sample("n1", 0, NodeEvent.Use.TASKS_CPU, 1.89 / 20));

        assertThat(1.89 / 20 * 20).isGreaterThan(1.89);
        assertThat(view.observation("n1", Instant.ofEpochMilli(100)).tasks().cpus()).isEqualTo(1.89);
    }

    @Test
    void shouldDropThePlacementOfAnAttemptThatEndedAndOfOneThatNeverStartedWithinTheRetention() {
        var view = observed();
        view.apply(new NodeEvent.Placement("n1", 0, "ran", 0, 1, GB));
        view.apply(new NodeEvent.Placement("n1", 0, "pending", 0, 1, GB));
        view.apply(new NodeEvent.Heartbeat("n1", 100, 4, 10 * GB, List.of("ran")));
        assertThat(view.placementCount()).isEqualTo(2);

        // "ran" is no longer listed: it ended. "pending" is still within an hour of its not-before time.
        view.apply(new NodeEvent.Heartbeat("n1", 200, 4, 10 * GB, List.of()));
        assertThat(view.placementCount()).isEqualTo(1);

        // One hour and 1 ms after its not-before time (0), "pending" never started here: dropped.
        view.apply(new NodeEvent.Heartbeat("n1", NodeView.PENDING_RETENTION.toMillis() + 1, 4, 10 * GB, List.of()));
        assertThat(view.placementCount()).isZero();
    }

    @Test
    void shouldReadBackWhatItWroteToTheStore() {
        var view = observed();
        view.apply(new NodeEvent.Heartbeat("n1", 100, 4, 10 * GB, List.of("a1", "a9")));
        view.apply(new NodeEvent.Placement("n1", 0, "a1", 50, 1.5, 2 * GB));
        view.apply(new NodeEvent.Sample("n1", 100, NodeEvent.Use.TASKS_RAM, 0.5));
        view.ticked(new NodeControl(Instant.ofEpochMilli(100), 1.25));
        var serde = NodeView.serde();

        var back = serde.deserializer().deserialize("t", serde.serializer().serialize("t", view));

        var time = Instant.ofEpochMilli(300);
        assertThat(back.observation("n1", time)).isEqualTo(view.observation("n1", time));
        assertThat(back.control()).contains(new NodeControl(Instant.ofEpochMilli(100), 1.25));
        // a9 has no placement: scheduled at the heartbeat that listed it, with the 5 - 2 = 3 GB unaccounted for.
        assertThat(back.observation("n1", time).attempts()).contains(
                new RunningAttempt("a9", Instant.ofEpochMilli(100), 0, 3 * GB));
    }

    @Test
    void shouldRoundTripEveryKindOfEvent() {
        var serde = NodeEvent.serde();
        for (var event : List.<NodeEvent>of(
                new NodeEvent.Heartbeat("n1", 1, 4, GB, List.of("a", "b")),
                new NodeEvent.Sample("n1", 2, NodeEvent.Use.TASKS_CPU, 0.3),
                new NodeEvent.Placement("n1", 3, "a", 4, 0.5, 7))) {
            assertThat(serde.deserializer().deserialize("t", serde.serializer().serialize("t", event)))
                    .isEqualTo(event);
        }
    }
}
