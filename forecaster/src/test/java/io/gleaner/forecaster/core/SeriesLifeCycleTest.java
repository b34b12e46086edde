package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.gleaner.forecaster.topology.ForecasterFixtures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The series life cycle on a plain in-memory store: the rules its drivers (stage, simulator) no longer hold. */
class SeriesLifeCycleTest {

    private static final long MIN = 60_000;
    private static final long HOUR = 60 * MIN;
    private static final LifeCycleSettings SETTINGS = new LifeCycleSettings(Duration.ofHours(2), Duration.ofHours(1),
            Duration.ofMinutes(3), Duration.ofMinutes(10), 20, 0.99, Duration.ofMinutes(15), Optional.empty());

    /** Raw samples in maps, as the stage's stores keep them. */
    static final class MapStore implements SeriesStore {
        final Map<String, SeriesState> states = new TreeMap<>();
        final Map<String, TreeMap<Long, Double>> samples = new TreeMap<>();
        final Map<String, ForecastInForce> inForce = new TreeMap<>();

        @Override
        public SeriesState state(String key) {
            return states.get(key);
        }

        @Override
        public void put(String key, SeriesState state) {
            states.put(key, state);
        }

        @Override
        public SortedMap<String, SeriesState> fresh() {
            var fresh = new TreeMap<String, SeriesState>();
            states.forEach((key, state) -> {
                if (!state.stale()) {
                    fresh.put(key, state);
                }
            });
            return fresh;
        }

        @Override
        public SortedMap<String, SeriesState> stale() {
            var stale = new TreeMap<String, SeriesState>();
            states.forEach((key, state) -> {
                if (state.stale()) {
                    stale.put(key, state);
                }
            });
            return stale;
        }

        @Override
        public void forget(String key) {
            states.remove(key);
            inForce.remove(key);
        }

        @Override
        public void addSample(String key, long timeMs, double value) {
            samples.computeIfAbsent(key, k -> new TreeMap<>()).put(timeMs, value);
        }

        @Override
        public void samples(String key, long fromMs, long toMs, GridResampler grid) {
            samples.getOrDefault(key, new TreeMap<>()).subMap(fromMs, true, toMs, true).forEach(grid::add);
        }

        @Override
        public ForecastInForce inForce(String key) {
            return inForce.get(key);
        }

        @Override
        public void putInForce(String key, ForecastInForce value) {
            inForce.put(key, value);
        }
    }

    private static List<SeriesEvent> feed(SeriesLifeCycle lifeCycle, long fromMs, long toMs, double value) {
        var events = new ArrayList<SeriesEvent>();
        for (long t = fromMs; t <= toMs; t += MIN) {
            events.addAll(lifeCycle.observe("n1/CPU", ResourceMetric.CPU, t, value, t));
        }
        return events;
    }

    @Test
    void shouldRefitOnceAtEachBoundaryASampleReachesFromTheWindowBeforeIt() {
        var lifeCycle = new SeriesLifeCycle(new ForecasterFixtures.EchoForecaster(), SETTINGS, new MapStore(), false);

        var events = feed(lifeCycle, 0, 2 * HOUR + MIN, 0.25);

        assertThat(events).extracting(SeriesEvent::timeMs).containsExactly(HOUR, 2 * HOUR);
        var second = (SeriesEvent.Fresh) events.get(1);
        assertThat(second.forecast().start().toEpochMilli()).isEqualTo(2 * HOUR);
        assertThat(second.forecast().values()[0]).containsOnly(0.25);
    }

    @Test
    void shouldLeaveADeferredRefitToTheDriverAndGiveTheSameForecastWhenRunLate() {
        var store = new MapStore();
        var deferred = new SeriesLifeCycle(new ForecasterFixtures.EchoForecaster(), SETTINGS, store, true);
        var events = feed(deferred, 0, HOUR + MIN, 0.25);
        var due = (SeriesEvent.RefitDue) events.get(0);
        feed(deferred, HOUR + 2 * MIN, HOUR + 30 * MIN, 0.75);

        var late = (SeriesEvent.Fresh) deferred.refit(due.key(), due.metric(), due.timeMs());
        var atOnce = (SeriesEvent.Fresh) feed(
                new SeriesLifeCycle(new ForecasterFixtures.EchoForecaster(), SETTINGS, new MapStore(), false),
                0, HOUR + MIN, 0.25).get(0);

        assertThat(events).hasSize(1);
        assertThat(late.forecast().values()[0]).containsExactly(atOnce.forecast().values()[0]);
    }

    @Test
    void shouldMarkASilentSeriesStaleOnceAndForgetItAfterTheWindowAndTheMaxHold() {
        var store = new MapStore();
        var lifeCycle = new SeriesLifeCycle(new ForecasterFixtures.EchoForecaster(), SETTINGS, store, false);
        feed(lifeCycle, 0, 10 * MIN, 0.5);

        assertThat(lifeCycle.markStale(24 * MIN)).isEmpty();
        assertThat(lifeCycle.markStale(25 * MIN)).containsExactly(new SeriesEvent.Stale("n1/CPU", 25 * MIN));
        assertThat(lifeCycle.markStale(40 * MIN)).as("once").isEmpty();
        assertThat(lifeCycle.forget(10 * MIN + 2 * HOUR + 10 * MIN)).isEmpty();
        assertThat(lifeCycle.forget(10 * MIN + 2 * HOUR + 10 * MIN + 1))
                .containsExactly(new SeriesEvent.Forgotten("n1/CPU", 10 * MIN + 2 * HOUR + 10 * MIN));
        assertThat(store.state("n1/CPU")).isNull();
    }

    @Test
    void shouldRefuseASampleOlderThanTheWindowBeforeStreamTime() {
        var lifeCycle = new SeriesLifeCycle(new ForecasterFixtures.EchoForecaster(), SETTINGS, new MapStore(), false);

        var events = lifeCycle.observe("n1/CPU", ResourceMetric.CPU, 0, 0.5, 2 * HOUR + 1);

        assertThat(events).singleElement().isInstanceOfSatisfying(SeriesEvent.Refused.class,
                refused -> assertThat(refused.reason()).contains("older than the PT2H window"));
    }

    @Test
    void shouldKeepThePreviousForecastWhenTheLearnerFails() {
        var lifeCycle = new SeriesLifeCycle(new ForecasterFixtures.FailingForecaster(), SETTINGS, new MapStore(), false);

        var events = feed(lifeCycle, 0, HOUR, 0.5);

        assertThat(events).singleElement().isInstanceOfSatisfying(SeriesEvent.RefitFailed.class,
                failed -> assertThat(failed.error()).hasMessage("singular matrix"));
    }

    @Test
    void shouldRefuseToDeferRefitsWhenForecastsReactToMisses() {
        var reacting = new LifeCycleSettings(SETTINGS.window(), SETTINGS.refitPeriod(), SETTINGS.step(),
                SETTINGS.maxHold(), SETTINGS.horizon(), SETTINGS.quantile(), SETTINGS.staleness(),
                Optional.of(new MissReaction(0.01)));

        assertThatIllegalArgumentException().isThrownBy(() ->
                new SeriesLifeCycle(new ForecasterFixtures.EchoForecaster(), reacting, new MapStore(), true));
    }
}
