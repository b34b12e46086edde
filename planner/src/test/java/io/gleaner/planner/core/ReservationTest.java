package io.gleaner.planner.core;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.ids;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.outcome;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.TaskOutcome.State;
import io.gleaner.planner.core.fifo.FifoPolicy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** No double-booking: what the planner placed on a node holds its share until the node lists it or it ends. */
class ReservationTest {

    private final InMemoryPlannerState state = new InMemoryPlannerState();
    private final PlannerCell cell = new PlannerCell(new FifoPolicy(), state);

    @Test
    void shouldNotPlaceOnCapacityReservedForAnAttemptTheNodeHasNotListedYet() {
        cell.onJob(job("j1", at(10), maps(4)));
        var first = cell.onHeartbeat(node("n1", at(12), 2, res(2, 2)));

        // The node has not seen the two placements yet: it still says 2 slots, 2 cores and 2 GiB are free.
        var early = cell.onHeartbeat(node("n1", at(13), 2, res(2, 2)));
        // Now it runs them and lists them; with 4 slots it has 2 more free.
        var seen = cell.onHeartbeat(node("n1", at(14), 2, res(2, 2))
                .withRunningAttempts(List.of("j1/m/0/0", "j1/m/1/0")));

        assertThat(ids(first.placements())).containsExactly("j1/m/0/0", "j1/m/1/0");
        assertThat(early.placements()).isEmpty();
        assertThat(ids(seen.placements())).containsExactly("j1/m/2/0", "j1/m/3/0");
        assertThat(state.standing("n1").orElseThrow().reserved()).containsExactly("j1/m/2/0", "j1/m/3/0");
    }

    @Test
    void shouldFreeTheReservationOfAnAttemptThatEndedBeforeTheNodeListedIt() {
        cell.onJob(job("j1", at(10), maps(2)));
        var first = cell.onHeartbeat(node("n1", at(12), 1, res(1, 1)));
        cell.onOutcome(outcome(first.placements().get(0), State.SUCCEEDED, at(13)));

        var next = cell.onHeartbeat(node("n1", at(14), 1, res(1, 1)));

        assertThat(ids(next.placements())).containsExactly("j1/m/1/0");
    }

    @Test
    void shouldTakeOnlyTheReservedDemandOffAResourceThatIsShort() {
        // 3 cores free, one 2-core attempt reserved: 1 core is left, too little for the next 2-core map.
        cell.onJob(job("j1", at(10), maps(3, res(2, 1))));
        cell.onHeartbeat(node("n1", at(12), 8, res(2, 8)));

        var next = cell.onHeartbeat(node("n1", at(13), 8, res(3, 8)));

        assertThat(next.placements()).isEmpty();
    }

    @Test
    void shouldForgetTheReservationsOfALostNode() {
        cell.onJob(job("j1", at(10), maps(1)));
        cell.onHeartbeat(node("n1", at(12), 1, res(1, 1)));
        cell.onHeartbeat(node("n2", at(12), 0, res(0, 0)));
        cell.onHeartbeat(node("n2", at(15), 0, res(0, 0)));

        var found = (Verdict.Applied) cell.onHeartbeat(node("n2", at(25), 1, res(1, 1)));

        assertThat(found.lost()).extracting(NodeLoss::nodeId).containsExactly("n1");
        assertThat(state.standing("n1")).isEmpty();
        assertThat(ids(found.placements())).containsExactly("j1/m/0/1");
    }

    /**
     * At any heartbeat rate no placement exceeds the node's free capacity: a node of 3 slots learns of each placement
     * only {@code delay} heartbeats after it was made (heartbeats 10x faster than the placement round trip, and
     * slower), lists what it runs, and ends attempts at random; at every moment the attempts placed and not ended
     * fit its slots.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3, 10})
    void shouldNeverPlaceMoreThanTheNodeHoldsWhateverTheDelayBeforeItSeesAPlacement(int delay) {
        cell.onJob(job("j1", at(1), maps(200)));
        var random = new Random(delay);
        var inFlight = new ArrayDeque<List<String>>();
        var running = new LinkedHashSet<String>();
        var seen = new LinkedHashSet<String>();
        int slots = 3;
        for (int beat = 0; beat < 400; beat++) {
            var time = at(10 + beat);
            var ended = new ArrayList<String>();
            for (var decisionId : seen) {
                if (random.nextInt(4) == 0) {
                    ended.add(decisionId);
                }
            }
            for (var decisionId : ended) {
                seen.remove(decisionId);
                running.remove(decisionId);
                var attempt = TaskAttempt.parse(decisionId).orElseThrow();
                cell.onOutcome(new TaskOutcome(decisionId, "j1", attempt.kind(), attempt.taskIndex(),
                        attempt.attempt(), "n1", State.SUCCEEDED, time));
            }
            int free = slots - seen.size();
            var heartbeat = node("n1", time, free, res(free, free)).withRunningAttempts(List.copyOf(seen));
            var placed = ids(cell.onHeartbeat(heartbeat).placements());
            running.addAll(placed);
            assertThat(running).as("attempts placed and not ended at beat " + beat).hasSizeLessThanOrEqualTo(slots);
            inFlight.add(placed);
            if (inFlight.size() > delay) {
                seen.addAll(inFlight.poll());
            }
        }
        assertThat(state.job("j1").map(p -> p.succeededTasks()).orElse(200)).isGreaterThan(0);
    }
}
