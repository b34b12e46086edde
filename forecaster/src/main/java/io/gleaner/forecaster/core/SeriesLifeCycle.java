package io.gleaner.forecaster.core;

import static io.gleaner.forecaster.core.MissReaction.DAY_MS;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The life cycle of every series of one forecaster: samples in, forecasts, stale markers and forgettings out, in
 * event time, over a {@link SeriesStore}. The forecaster stage drives it from Kafka, the simulator's in-process
 * forecasts from its rounds; neither keeps a rule of its own. The rules (docs/forecaster.md):
 * <ul>
 *   <li>Out of order: a sample is stored at its own event time whatever order it arrives in, and is used by every
 *       refit whose window contains it; a forecast already issued is not revised. A sample older than stream time
 *       minus the window can no longer be in any window: it is refused.</li>
 *   <li>Refit: boundaries are the multiples of the refit period since the epoch. When a series' sample at time t
 *       reaches its next boundary, the series is refit once at b, the last boundary at or before t, from the samples
 *       in [b − window, b) (and the latest one in the max hold before it); the forecast starts at b and is issued at
 *       b. Boundaries skipped by a silence get no forecast. A learner that fails leaves the previous forecast in
 *       force.</li>
 *   <li>Gaps: samples are put on the step grid by {@link GridResampler}.</li>
 *   <li>Staleness ({@link #markStale}): a series whose newest sample is at least the staleness bound older than stream
 *       time is marked stale once, at newest sample + bound. A newer sample clears the flag; its next forecast comes
 *       at the next refit boundary.</li>
 *   <li>Forgetting ({@link #forget}): a stale series silent for longer than the window and the max hold is forgotten
 *       at newest sample + window + max hold; if it reports again it is a new series.</li>
 *   <li>Misses, with a {@link MissReaction}: a sample above the forecast in force at its step is a miss (at most one
 *       per step, counted at the step's start); the series is refit at the end of that step, from a window that
 *       holds the sample, and the forecast gets the escalation per miss of the last day, or is the whole capacity
 *       once they reach the budget. A sample that finds a reserved forecast whose misses have fallen below the budget
 *       refits the series at the start of its step. A refit at a boundary is the scheduled one.</li>
 * </ul>
 *
 * <p>A driver whose samples come in order may defer the scheduled refits ({@code deferRefits}): it gets
 * {@link SeriesEvent.RefitDue} and runs {@link #refit} when it first needs the forecast, which is then the same.
 * With a reaction every refit runs at once, since each sample is checked against the forecast in force.
 */
public final class SeriesLifeCycle {

    private final Forecaster forecaster;
    private final LifeCycleSettings settings;
    private final SeriesStore store;
    private final boolean deferRefits;
    private final ForecastRequest request;
    private final long windowMs;
    private final long refitMs;
    private final long stepMs;
    private final long stalenessMs;
    private final long maxHoldMs;
    private final int windowSteps;
    private final int missBudget;

    /**
     * @param deferRefits leave scheduled refits to the driver ({@link SeriesEvent.RefitDue}); only without a reaction
     */
    public SeriesLifeCycle(Forecaster forecaster, LifeCycleSettings settings, SeriesStore store, boolean deferRefits) {
        this.forecaster = Objects.requireNonNull(forecaster, "forecaster");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.store = Objects.requireNonNull(store, "store");
        if (deferRefits && settings.reaction().isPresent()) {
            throw new IllegalArgumentException("refits cannot be deferred when forecasts react to misses");
        }
        this.deferRefits = deferRefits;
        this.request = new ForecastRequest(settings.horizon(), new double[] {settings.quantile()});
        this.windowMs = settings.window().toMillis();
        this.refitMs = settings.refitPeriod().toMillis();
        this.stepMs = settings.step().toMillis();
        this.stalenessMs = settings.staleness().toMillis();
        this.maxHoldMs = settings.maxHold().toMillis();
        this.windowSteps = Math.toIntExact(windowMs / stepMs);
        this.missBudget = settings.missBudget();
    }

    /** The learner. */
    public Forecaster forecaster() {
        return forecaster;
    }

    /**
     * Takes the sample {@code value} of series {@code key} at {@code timeMs}, stream time being {@code streamTimeMs}
     * (the newest event time seen, this sample's included).
     */
    public List<SeriesEvent> observe(String key, ResourceMetric metric, long timeMs, double value, long streamTimeMs) {
        if (timeMs < streamTimeMs - windowMs) {
            return List.of(new SeriesEvent.Refused(key, timeMs, "sample at " + Instant.ofEpochMilli(timeMs)
                    + " is older than the " + settings.window() + " window before stream time "
                    + Instant.ofEpochMilli(streamTimeMs)));
        }
        var events = new ArrayList<SeriesEvent>(1);
        var before = store.state(key);
        SeriesState state;
        if (before == null) {
            state = new SeriesState(timeMs, floor(timeMs) + refitMs, false);
        } else {
            state = before;
            if (timeMs >= state.nextRefitMs()) {
                long boundary = floor(timeMs);
                events.add(deferRefits ? new SeriesEvent.RefitDue(key, metric, boundary)
                        : refit(key, metric, boundary));
                state = new SeriesState(state.lastSampleMs(), boundary + refitMs, state.stale());
            }
            long last = Math.max(state.lastSampleMs(), timeMs);
            boolean stale = state.stale() && last + stalenessMs <= streamTimeMs;
            state = new SeriesState(last, state.nextRefitMs(), stale);
        }
        store.addSample(key, timeMs, value);
        if (settings.reaction().isPresent() && before != null) {
            state = react(key, metric, timeMs, value, state, events);
        }
        store.put(key, state);
        return events;
    }

    /**
     * The reaction to the sample at {@code timeMs}: a refit at the start of its step when the forecast in force is
     * reserved and the misses have fallen below the budget; then, if the sample is above the forecast in force, a
     * miss and a refit at the end of its step. Returns the state with the next boundary moved past a refit at it.
     */
    private SeriesState react(String key, ResourceMetric metric, long timeMs, double value, SeriesState state,
                              List<SeriesEvent> events) {
        var current = store.inForce(key);
        if (current == null) {
            return state;
        }
        long stepStart = Math.floorDiv(timeMs, stepMs) * stepMs;
        if (MissReaction.recovers(current.reserved(), current.misses(), stepStart, DAY_MS, missBudget)) {
            events.add(refit(key, metric, stepStart));
            current = store.inForce(key);
        }
        double forecast = current.at(timeMs, stepMs);
        // A forecast refit on a miss starts after the miss's step: a redelivered sample finds none to miss again.
        if (Double.isNaN(forecast) || value <= forecast) {
            return state;
        }
        store.putInForce(key, current.withMisses(current.misses().plus(stepStart, DAY_MS)));
        long boundary = stepStart + stepMs;
        events.add(refit(key, metric, boundary));
        return boundary >= state.nextRefitMs()
                ? new SeriesState(state.lastSampleMs(), floor(boundary) + refitMs, state.stale())
                : state;
    }

    /**
     * Refits series {@code key} at {@code boundaryMs} from the samples in [boundary − window, boundary) and the max
     * hold before: {@link SeriesEvent.Fresh}, or {@link SeriesEvent.RefitFailed} when the learner throws.
     */
    public SeriesEvent refit(String key, ResourceMetric metric, long boundaryMs) {
        long start = boundaryMs - windowMs;
        var grid = new GridResampler(Instant.ofEpochMilli(start), settings.step(), windowSteps, settings.maxHold());
        // From maxHold before the window: a sample there may still be held into its first steps.
        store.samples(key, start - maxHoldMs, boundaryMs - 1, grid);
        try {
            var forecast = forecaster.forecast(grid.series(), request.withMetric(metric));
            if (settings.reaction().isPresent()) {
                forecast = reacted(key, forecast, boundaryMs);
            }
            return new SeriesEvent.Fresh(key, boundaryMs, forecast);
        } catch (RuntimeException e) {
            return new SeriesEvent.RefitFailed(key, boundaryMs, e);
        }
    }

    /** The learner's {@code forecast} as the reaction issues it at {@code boundaryMs}, remembered as in force. */
    private QuantileForecast reacted(String key, QuantileForecast forecast, long boundaryMs) {
        var previous = store.inForce(key);
        var issued = settings.reaction().orElseThrow().issue(forecast.values()[0],
                previous == null ? RecentMisses.NONE : previous.misses(), boundaryMs, DAY_MS, missBudget);
        store.putInForce(key, new ForecastInForce(boundaryMs, issued.values(), issued.misses(), issued.reserved()));
        return new QuantileForecast(forecast.start(), forecast.step(), forecast.quantiles(),
                new double[][] {issued.values()});
    }

    /** Marks stale, in key order, every series silent for the staleness bound at stream time {@code streamTimeMs}. */
    public List<SeriesEvent> markStale(long streamTimeMs) {
        var events = new ArrayList<SeriesEvent>();
        for (var entry : List.copyOf(store.fresh().entrySet())) {
            var state = entry.getValue();
            if (state.lastSampleMs() + stalenessMs <= streamTimeMs) {
                store.put(entry.getKey(), new SeriesState(state.lastSampleMs(), state.nextRefitMs(), true));
                events.add(new SeriesEvent.Stale(entry.getKey(), state.lastSampleMs() + stalenessMs));
            }
        }
        return events;
    }

    /**
     * Forgets, in key order, the stale series whose newest sample is older than stream time minus the window and the
     * max hold: no refit can use any of their samples any more.
     */
    public List<SeriesEvent> forget(long streamTimeMs) {
        var events = new ArrayList<SeriesEvent>();
        for (var entry : List.copyOf(store.stale().entrySet())) {
            long gone = entry.getValue().lastSampleMs() + windowMs + maxHoldMs;
            if (gone < streamTimeMs) {
                store.forget(entry.getKey());
                events.add(new SeriesEvent.Forgotten(entry.getKey(), gone));
            }
        }
        return events;
    }

    /** The last refit boundary at or before {@code timeMs}. */
    private long floor(long timeMs) {
        return Math.floorDiv(timeMs, refitMs) * refitMs;
    }
}
