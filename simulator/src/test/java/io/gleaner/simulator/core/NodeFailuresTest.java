package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static io.gleaner.simulator.core.SimulatorFixtures.nodes;
import static io.gleaner.simulator.core.SimulatorFixtures.scenario;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.ingest.replay.TraceTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class NodeFailuresTest {

    private static final ClusterSpec CLUSTER = scenario("three-nodes");

    @Test
    void shouldReadAScheduleOfNodesAtDurationsAfterTheStartOrAtInstants() {
        var schedule = NodeFailures.parseSchedule("n1@30m, n3@2009-10-01T02:00:00Z");

        var failures = new NodeFailures(schedule, 0).of(CLUSTER, T0, 1);

        assertThat(failures).containsExactly(new NodeFailure("n1", T0.plus(Duration.ofMinutes(30))),
                new NodeFailure("n3", Instant.parse("2009-10-01T02:00:00Z")));
    }

    static Stream<Named<String>> notASchedule() {
        return Stream.of(Named.of("no time", "n1"), Named.of("no node", "@30m"), Named.of("nothing after @", "n1@"),
                Named.of("an empty part", "n1@30m,,n2@1h"), Named.of("a time that is no time", "n1@soon"));
    }

    @ParameterizedTest
    @MethodSource("notASchedule")
    void shouldRefuseWhatIsNotNodeAtTimeAndSayWhat(String text) {
        assertThatThrownBy(() -> NodeFailures.parseSchedule(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageMatching("'.*' is (not node@time|neither an instant).*");
    }

    @Test
    void shouldNameAnUnknownNodeAndTheClustersNodes() {
        var failures = new NodeFailures(NodeFailures.parseSchedule("n9@30m"), 0);

        assertThatThrownBy(() -> failures.of(CLUSTER, T0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown node 'n9'").hasMessageContaining("n1, n2, n3");
    }

    @Test
    void shouldRefuseANodeScheduledTwiceAndANegativeRate() {
        assertThatThrownBy(() -> new NodeFailures(NodeFailures.parseSchedule("n1@1m,n1@2m"), 0))
                .hasMessageContaining("n1 is scheduled to fail twice");
        assertThatThrownBy(() -> new NodeFailures(List.of(), -1)).hasMessageContaining("ratePerHour");
    }

    @Test
    void shouldFailNoNodeByDefault() {
        assertThat(NodeFailures.NONE.any()).isFalse();
        assertThat(NodeFailures.NONE.of(CLUSTER, T0, 1)).isEmpty();
    }

    @Test
    void shouldDrawTheSameFailuresFromTheSameSeedAndOthersFromAnother() {
        var failures = new NodeFailures(List.of(), 0.5);

        assertThat(failures.of(CLUSTER, T0, 7)).isEqualTo(failures.of(CLUSTER, T0, 7)).hasSize(3)
                .isNotEqualTo(failures.of(CLUSTER, T0, 8));
    }

    @Test
    void shouldDrawTimesToFailureWithTheMeanOfTheRate() {
        // Exp(rate): the mean time to failure is 1 / rate = 0.5 h; over 4,000 nodes the sample mean's standard error
        // is 0.5 h / sqrt(4000) = 0.008 h, so 0.5 h ± 0.03 h holds unless the draw is wrong.
        var cluster = nodes(4_000);

        var failures = new NodeFailures(List.of(), 2).of(cluster, T0, 11);

        assertThat(failures).hasSize(4_000);
        double meanHours = failures.stream().mapToDouble(f -> Duration.between(T0, f.at()).toMillis() / 3.6e6)
                .average().orElseThrow();
        assertThat(meanHours).isCloseTo(0.5, within(0.03));
        assertThat(failures).isSortedAccordingTo((a, b) -> a.at().compareTo(b.at()));
    }

    @Test
    void shouldFailAScheduledNodeAtTheEarlierTimeWithoutMovingTheOtherNodesDraws() {
        var drawn = new NodeFailures(List.of(), 0.5).of(CLUSTER, T0, 3);
        var n2 = drawn.stream().filter(f -> f.nodeId().equals("n2")).findFirst().orElseThrow();

        var both = new NodeFailures(List.of(new NodeFailures.Scheduled("n2", new TraceTime.AfterStart(Duration.ZERO))),
                0.5).of(CLUSTER, T0, 3);

        assertThat(both).contains(new NodeFailure("n2", T0));
        assertThat(both).filteredOn(f -> !f.nodeId().equals("n2"))
                .containsExactlyElementsOf(drawn.stream().filter(f -> !f.equals(n2)).toList());
    }
}
