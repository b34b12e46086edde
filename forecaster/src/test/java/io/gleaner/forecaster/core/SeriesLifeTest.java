package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The life of a series on its own, over a store in a map: what the stage, the simulator and the evaluation share. */
class SeriesLifeTest {

    private static final long MINUTE = 60_000;
    private static final long HOUR = 60 * MINUTE;
    private static final ForecastSettings SETTINGS = ForecastSettings.defaults().withoutReaction()
            .withWindow(Duration.ofHours(2)).withMargin(ResourceMetric.CPU, 0.1);

    /** Every series in maps; samples one per millisecond, a second at the same time replacing the first. */
    private static final class MapStore implements SeriesStore {
        final Map<String, SeriesState> states = new TreeMap<>();
        final Map<String, ForecastInForce> inForce = new TreeMap<>();
        final Map<String, TreeMap<Long, Double>> samples = new TreeMap<>();

        @Override
        public SeriesState state(String key) {
            return states.get(key);
        }

        @Override
        public void put(String key, SeriesState state) {
            states.put(key, state);
        }

        @Override
        public void advance(String key, SeriesState state) {
            states.put(key, state);
        }

        @Override
        public List<String> fresh() {
            return states.entrySet().stream().filter(e -> !e.getValue().stale()).map(Map.Entry::getKey).toList();
        }

        @Override
        public List<String> stale() {
            return states.entrySet().stream().filter(e -> e.getValue().stale()).map(Map.Entry::getKey).toList();
        }

        @Override
        public void delete(String key) {
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

    private static List<SeriesEvent> feed(SeriesLife life, MapStore store, long fromMs, long toMs, double value) {
        var events = new ArrayList<SeriesEvent>();
        for (long t = fromMs; t <= toMs; t += MINUTE) {
            events.addAll(life.observe(store, "n1/CPU", ResourceMetric.CPU, t, value, t));
        }
        return events;
    }

    @Test
    void shouldIssueTheFirstForecastAtTheFirstBoundaryAfterTheFirstSampleWithItsSpare() {
        var life = new SeriesLife(Baselines.maxLastDay(), SETTINGS);
        var store = new MapStore();

        assertThat(feed(life, store, 30 * MINUTE, HOUR - MINUTE, 0.3)).isEmpty();
        var events = feed(life, store, HOUR, HOUR, 0.9);

        assertThat(events).singleElement().isInstanceOfSatisfying(SeriesEvent.Issued.class, issued -> {
            assertThat(issued.issuedAt()).isEqualTo(HOUR);
            assertThat(issued.forecast().start().toEpochMilli()).isEqualTo(HOUR);
            // From the samples before the boundary only: 0.3, not the 0.9 at it; spare 1 - (0.3 + 0.1).
            assertThat(issued.utilizationAt(HOUR)).isEqualTo(0.3);
            assertThat(issued.spareAt(HOUR)).isCloseTo(0.6, within(1e-12));
        });
        assertThat(store.state("n1/CPU").nextRefitMs()).isEqualTo(2 * HOUR);
    }

    @Test
    void shouldMarkASilentSeriesStaleOnceThenForgetItAfterTheWindowAndTheMaxHold() {
        var life = new SeriesLife(Baselines.maxLastDay(), SETTINGS);
        var store = new MapStore();
        feed(life, store, 0, 10 * MINUTE, 0.3);

        assertThat(life.markStale(store, 24 * MINUTE + 59_999)).isEmpty();
        assertThat(life.markStale(store, 40 * MINUTE)).containsExactly(
                new SeriesEvent.Stale("n1/CPU", 10 * MINUTE, 25 * MINUTE));
        assertThat(life.markStale(store, 50 * MINUTE)).as("once").isEmpty();

        long forgettable = 10 * MINUTE + 2 * HOUR + 10 * MINUTE;
        assertThat(life.forget(store, forgettable)).isEmpty();
        assertThat(life.forget(store, forgettable + 1)).containsExactly(
                new SeriesEvent.Forgotten("n1/CPU", 10 * MINUTE, forgettable));
        assertThat(store.state("n1/CPU")).isNull();
    }

    @Test
    void shouldRefuseASampleOlderThanTheWindowBeforeStreamTime() {
        var life = new SeriesLife(Baselines.maxLastDay(), SETTINGS);
        var store = new MapStore();

        var events = life.observe(store, "n1/CPU", ResourceMetric.CPU, 0, 0.3, 2 * HOUR + 1);

        assertThat(events).singleElement().isInstanceOf(SeriesEvent.Refused.class);
        assertThat(store.state("n1/CPU")).isNull();
    }

    @Test
    void shouldRefitAtTheEndOfAMissedStepWithTheEscalation() {
        var life = new SeriesLife(Baselines.maxLastDay(), SETTINGS.withReaction(new MissReaction(0.05)));
        var store = new MapStore();
        feed(life, store, 0, HOUR, 0.3);

        // 0.5 at 01:04 is above the forecast 0.3 of its step [01:03, 01:06): refit at 01:06 from it, plus 0.05.
        var events = life.observe(store, "n1/CPU", ResourceMetric.CPU, HOUR + 4 * MINUTE, 0.5, HOUR + 4 * MINUTE);

        // First the miss, at the start of its step, then the refit it makes.
        assertThat(events).hasSize(2);
        assertThat(events.get(0)).isEqualTo(new SeriesEvent.Missed("n1/CPU", HOUR + 3 * MINUTE));
        assertThat(events.get(1)).isInstanceOfSatisfying(SeriesEvent.Issued.class, issued -> {
            assertThat(issued.issuedAt()).isEqualTo(HOUR + 6 * MINUTE);
            assertThat(issued.utilizationAt(HOUR + 6 * MINUTE)).isCloseTo(0.55,
                    within(1e-12));
        });
        assertThat(store.inForce("n1/CPU").misses().count()).isEqualTo(1);
    }

    @Test
    void shouldRefuseTheSampleWhoseRefitFailsAndKeepNoForecast() {
        Forecaster failing = new Forecaster() {
            @Override
            public String name() {
                return "fails";
            }

            @Override
            public QuantileForecast forecast(Series history, ForecastRequest request) {
                throw new IllegalStateException("no fit");
            }
        };
        var life = new SeriesLife(failing, SETTINGS);
        var store = new MapStore();

        var events = feed(life, store, 0, HOUR, 0.3);

        assertThat(events).singleElement().isInstanceOfSatisfying(SeriesEvent.Refused.class,
                refused -> assertThat(refused.reason()).contains("fails", "no fit"));
        assertThat(store.state("n1/CPU").nextRefitMs()).as("the schedule moves on").isEqualTo(2 * HOUR);
    }

    @Test
    void shouldLearnOnReadTheForecastItWouldHaveLearntAtTheBoundary() {
        var calls = new int[1];
        Forecaster counting = new Forecaster() {
            @Override
            public String name() {
                return "counting";
            }

            @Override
            public QuantileForecast forecast(Series history, ForecastRequest request) {
                calls[0]++;
                return Baselines.maxLastDay().forecast(history, request);
            }
        };
        var onRead = SeriesLife.learningOnRead(counting, SETTINGS);
        var atOnce = new SeriesLife(Baselines.maxLastDay(), SETTINGS);
        var lazyStore = new MapStore();
        var eagerStore = new MapStore();
        feed(onRead, lazyStore, 0, HOUR - MINUTE, 0.3);
        feed(atOnce, eagerStore, 0, HOUR - MINUTE, 0.3);

        var lazy = (SeriesEvent.Issued) feed(onRead, lazyStore, HOUR, HOUR, 0.9).get(0);
        var eager = (SeriesEvent.Issued) feed(atOnce, eagerStore, HOUR, HOUR, 0.9).get(0);
        // Later samples, above the forecast, are in the store before the lazy forecast is read.
        feed(onRead, lazyStore, HOUR + MINUTE, HOUR + 30 * MINUTE, 0.9);

        assertThat(calls[0]).as("nobody read it").isZero();
        assertThat(lazy.learnt()).isFalse();
        assertThat(lazy.spare()).containsExactly(eager.spare());
        assertThat(calls[0]).isEqualTo(1);
        assertThat(lazy.utilizationAt(HOUR)).isEqualTo(0.3);
    }
}
