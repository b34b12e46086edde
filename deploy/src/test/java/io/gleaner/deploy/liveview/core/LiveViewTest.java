package io.gleaner.deploy.liveview.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LiveViewTest {

    private static final Instant T0 = Instant.parse("2009-05-01T00:00:00Z");

    private static Instant at(int seconds) {
        return T0.plusSeconds(seconds);
    }

    private static LiveEvent.Heartbeat heartbeat(String node, int seconds, int running) {
        return new LiveEvent.Heartbeat(node, at(seconds), 8, 16L << 30, 4, 2.5, 4L << 30, running);
    }

    @Test
    void shouldKeepEachNodesLatestStateAndOnlyItsLatestPoints() {
        var view = new LiveView(new ViewLimits(3, 2, 5, 10, 10, 10));
        for (int i = 0; i < 5; i++) {
            view.apply(heartbeat("n1", i * 10, i));
            view.apply(new LiveEvent.OwnersUse("n1", at(i * 10 + 5), 0.1 * i));
        }
        view.apply(new LiveEvent.Forecast("n1", at(0), 0.99, at(0), 60_000, new double[] {0.5, 0.6, 0.7}));
        view.apply(new LiveEvent.Forecast("n1", at(30), 0.95, at(30), 60_000, new double[] {0.2, 0.3, 0.4}));
        view.apply(new LiveEvent.Forecast("n1", at(20), 0.9, at(20), 60_000, new double[] {0.9}));

        var snapshot = view.snapshot();

        assertThat(snapshot.eventTime()).isEqualTo(at(45));
        assertThat(snapshot.records()).isEqualTo(13);
        var node = snapshot.nodes().get(0);
        assertThat(node.nodeId()).isEqualTo("n1");
        assertThat(node.cpus()).isEqualTo(8);
        assertThat(node.runningAttempts()).isEqualTo(4);
        assertThat(node.attempts()).extracting(p -> p[1]).containsExactly(2L, 3L, 4L);
        assertThat(node.ownersUse()).extracting(p -> p[0]).containsExactly(
                (double) at(25).toEpochMilli(), (double) at(35).toEpochMilli(), (double) at(45).toEpochMilli());
        // The latest issued forecast wins whatever the order read, cut to the steps kept.
        assertThat(node.forecast().quantile()).isEqualTo(0.95);
        assertThat(node.forecast().utilization()).containsExactly(0.2, 0.3);
    }

    @Test
    void shouldCountNodesBeyondTheLimitWithoutShowingThem() {
        var view = new LiveView(new ViewLimits(3, 2, 5, 10, 10, 2));
        view.apply(heartbeat("a", 0, 0));
        view.apply(heartbeat("b", 0, 0));
        view.apply(heartbeat("c", 0, 0));
        view.apply(new LiveEvent.OwnersUse("c", at(1), 0.5));

        var snapshot = view.snapshot();

        assertThat(snapshot.nodes()).extracting(ViewSnapshot.Node::nodeId).containsExactly("a", "b");
        assertThat(snapshot.nodesHidden()).isEqualTo(2);
    }

    @Test
    void shouldKeepTheLatestPlacementsQosActionsAndDeadLettersNewestFirst() {
        var view = new LiveView(new ViewLimits(3, 2, 2, 10, 10, 10));
        for (int i = 0; i < 4; i++) {
            view.apply(new LiveEvent.Placement("j/m/" + i + "/0", "j", "n1", at(i), "coshh", 1, 1L << 30));
            view.apply(new LiveEvent.QosAction("n1", at(i), "THROTTLE_CPU", 0.5, null, "owners need " + i));
            view.apply(new LiveEvent.DeadLetter(at(i), "planner", "gleaner.jobs.submitted", 0, i, "bad " + i));
        }

        var snapshot = view.snapshot();

        assertThat(snapshot.placements()).extracting(LiveEvent.Placement::decisionId)
                .containsExactly("j/m/3/0", "j/m/2/0");
        assertThat(snapshot.qosActions()).extracting(LiveEvent.QosAction::reason)
                .containsExactly("owners need 3", "owners need 2");
        assertThat(snapshot.deadLetters()).extracting(LiveEvent.DeadLetter::offset).containsExactly(3L, 2L);
    }

    @Test
    void shouldOrderTheLatestByEventTimeAsPartitionsInterleave() {
        var view = new LiveView(ViewLimits.DEFAULT);
        view.apply(new LiveEvent.Placement("late", "j", "n1", at(9), "fifo", 1, 1));
        view.apply(new LiveEvent.Placement("early", "j", "n2", at(1), "fifo", 1, 1));

        assertThat(view.snapshot().placements()).extracting(LiveEvent.Placement::decisionId)
                .containsExactly("late", "early");
    }

    @Test
    void shouldJudgeEachJobsDeadlineAndCountEachUsersQueue() {
        var view = new LiveView(ViewLimits.DEFAULT);
        view.apply(new LiveEvent.JobSubmitted("met", "wc", "alice", "default", at(0), 4, at(100)));
        view.apply(new LiveEvent.JobSubmitted("missed", "wc", "alice", "default", at(1), 4, at(50)));
        view.apply(new LiveEvent.JobSubmitted("late", "wc", "bob", "default", at(2), 4, at(60)));
        view.apply(new LiveEvent.JobSubmitted("open", "wc", "bob", "default", at(3), 4, at(500)));
        view.apply(new LiveEvent.JobSubmitted("waiting", "wc", "bob", "default", at(4), 4, null));
        view.apply(new LiveEvent.JobEvent("met", "STARTED", at(10), 4, 0, null));
        view.apply(new LiveEvent.JobEvent("met", "SUCCEEDED", at(90), 4, 4, null));
        view.apply(new LiveEvent.JobEvent("missed", "SUCCEEDED", at(80), 4, 4, null));
        view.apply(new LiveEvent.JobEvent("late", "STARTED", at(20), 4, 1, null));
        // Read before its submission (another topic): followed at once, its user filled in later.
        view.apply(new LiveEvent.JobEvent("failed", "FAILED", at(95), 2, 0, "attempts exhausted"));
        view.apply(new LiveEvent.JobSubmitted("failed", "wc", "carol", "default", at(5), 2, at(200)));

        var snapshot = view.snapshot();

        assertThat(snapshot.jobs()).extracting(ViewSnapshot.Job::jobId, ViewSnapshot.Job::state,
                ViewSnapshot.Job::goal).containsExactly(
                org.assertj.core.groups.Tuple.tuple("failed", "failed", "missed"),
                org.assertj.core.groups.Tuple.tuple("waiting", "waiting", ""),
                org.assertj.core.groups.Tuple.tuple("open", "waiting", "open"),
                org.assertj.core.groups.Tuple.tuple("late", "running", "late"),
                org.assertj.core.groups.Tuple.tuple("missed", "succeeded", "missed"),
                org.assertj.core.groups.Tuple.tuple("met", "succeeded", "met"));
        assertThat(snapshot.queues()).containsExactly(new ViewSnapshot.Queue("alice", 0, 0, 2),
                new ViewSnapshot.Queue("bob", 2, 1, 0), new ViewSnapshot.Queue("carol", 0, 0, 1));
    }

    @Test
    void shouldForgetTheOldestJobBeyondTheLimit() {
        var view = new LiveView(new ViewLimits(3, 2, 2, 2, 10, 10));
        for (int i = 0; i < 3; i++) {
            view.apply(new LiveEvent.JobSubmitted("j" + i, "wc", "u", "q", at(i), 1, null));
        }

        assertThat(view.snapshot().jobs()).extracting(ViewSnapshot.Job::jobId).containsExactly("j2", "j1");
    }

    @Test
    void shouldCountSkippedRecordsByTopicAndIgnoreUseThatIsNoNumber() {
        var view = new LiveView(ViewLimits.DEFAULT);
        view.skip("gleaner.placements");
        view.skip("gleaner.placements");
        view.skip("gleaner.nodes.heartbeats");
        view.apply(new LiveEvent.OwnersUse("n1", at(0), Double.NaN));
        view.apply(new LiveEvent.OwnersUse("n1", at(1), 0.25));

        var snapshot = view.snapshot();

        assertThat(snapshot.skipped()).isEqualTo(Map.of("gleaner.placements", 2L, "gleaner.nodes.heartbeats", 1L));
        assertThat(snapshot.nodes().get(0).ownersUse()).extracting(p -> p[1]).containsExactly(0.25);
        assertThat(Duration.between(T0, snapshot.eventTime())).isEqualTo(Duration.ofSeconds(1));
        assertThat(snapshot.stopped()).isEmpty();
    }

    @Test
    void shouldSayWhyReadingStopped() {
        var view = new LiveView(ViewLimits.DEFAULT);
        view.stopped("AuthorizationException: not allowed");

        assertThat(view.snapshot().stopped()).isEqualTo("AuthorizationException: not allowed");
    }
}
