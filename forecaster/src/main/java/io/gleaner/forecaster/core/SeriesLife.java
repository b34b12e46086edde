package io.gleaner.forecaster.core;

import static io.gleaner.forecaster.core.MissReaction.DAY_MS;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The life of a forecast series, once for the forecaster stage, the simulator and the evaluations: it observes each
 * series' samples, refits its forecast on the event-time schedule, reacts to misses, marks a silent series stale and
 * forgets one gone for good. State in ({@link SeriesStore}), events out ({@link SeriesEvent}); event time only, passed
 * in as the sample's time and the driver's stream time (the newest sample time it has seen). The rules
 * (docs/forecaster.md#the-life-of-a-series):
 * <ul>
 *   <li>Out of order: a sample is stored at its own event time whatever order it arrives in, and is used by every
 *       refit whose window contains it; a forecast already issued is not revised. A sample older than stream time
 *       minus the window can no longer be in any window: it is refused.</li>
 *   <li>Refit: boundaries are the multiples of the refit period since the epoch. When a series' sample at time t
 *       reaches its next boundary, the series is refit once at b, the last boundary at or before t, from the samples
 *       in [b − window, b) (and the latest one in the max hold before it); the forecast starts at b and is issued at
 *       b. Boundaries skipped by a silence get no forecast. A series' first sample sets its next boundary to the
 *       first one after it.</li>
 *   <li>Gaps: samples are put on the step grid by {@link GridResampler}: a step's value is the mean of its samples;
 *       a step without one holds the latest earlier sample for at most the max hold, and is otherwise NaN for the
 *       learner.</li>
 *   <li>Spare: A(k,m,t)/C(k,m) = 1 − (U(k,m,t) + S(m)), Salamander Eq. 1, with the margin S(m) of the series'
 *       metric ({@link SeriesEvent#spare}); a NaN forecast step has spare 0.</li>
 *   <li>Staleness ({@link #markStale}): a series whose newest sample is at least the staleness bound older than
 *       stream time gets one stale marker, issued at newest sample + bound. A newer sample that makes the series
 *       fresh again clears the flag; its next forecast comes at the next refit boundary.</li>
 *   <li>Forgetting ({@link #forget}): a stale series silent for longer than the window and the max hold is deleted;
 *       if it reports again it is a new series.</li>
 *   <li>Misses, with a {@link MissReaction}: a sample above the forecast in force at its step is a miss (at most one
 *       per step); the series is refit at the end of that step, from a window that holds the sample, and the
 *       forecast gets the escalation per miss of the last day, or is the whole capacity once they reach the budget.
 *       A sample that finds a reserved forecast whose misses have fallen below the budget refits the series at the
 *       start of its step. A refit at a boundary is the scheduled one.</li>
 *   <li>A learner that fails on some history refuses the sample that made the refit due; the series keeps its
 *       previous forecast until the next refit.</li>
 * </ul>
 */
public final class SeriesLife {

    private final Forecaster forecaster;
    private final ForecastSettings settings;
    private final ForecastRequest request;
    private final long windowMs;
    private final long refitMs;
    private final long stalenessMs;
    private final long maxHoldMs;
    private final long stepMs;
    private final int windowSteps;
    private final Optional<MissReaction> reaction;
    private final int missBudget;
    private final boolean learnOnRead;

    /** A life whose learner runs at every refit. */
    public SeriesLife(Forecaster forecaster, ForecastSettings settings) {
        this(forecaster, settings, false);
    }

    /**
     * A life whose learner runs when a forecast is first read ({@link SeriesEvent.Issued#forecast()}), so that
     * forecasts nobody reads cost no refit; the same forecasts as {@link #SeriesLife(Forecaster, ForecastSettings)}.
     * With a miss reaction, every sample is checked against the forecast in force, so the learner runs at once.
     */
    public static SeriesLife learningOnRead(Forecaster forecaster, ForecastSettings settings) {
        return new SeriesLife(forecaster, settings, true);
    }

    private SeriesLife(Forecaster forecaster, ForecastSettings settings, boolean learnOnRead) {
        this.forecaster = Objects.requireNonNull(forecaster, "forecaster");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.request = new ForecastRequest(settings.horizon(), new double[] {settings.quantile()});
        this.windowMs = settings.window().toMillis();
        this.refitMs = settings.refitPeriod().toMillis();
        this.stalenessMs = settings.staleness().toMillis();
        this.maxHoldMs = settings.maxHold().toMillis();
        this.stepMs = settings.step().toMillis();
        this.windowSteps = Math.toIntExact(windowMs / stepMs);
        this.reaction = settings.reaction();
        this.missBudget = settings.missBudget();
        this.learnOnRead = learnOnRead && reaction.isEmpty();
    }

    /** The settings. */
    public ForecastSettings settings() {
        return settings;
    }

    /** The learner's name, e.g. {@code qr|sq+h}. */
    public String forecasterName() {
        return forecaster.name();
    }

    /**
     * Observes the sample of series {@code key} ({@code metric}) at {@code timeMs}.
     *
     * @param streamTimeMs the newest sample time the driver has seen, this one's included
     * @return the forecasts it issued and, if it was refused or a refit failed, why
     */
    public List<SeriesEvent> observe(SeriesStore store, String key, ResourceMetric metric, long timeMs, double value,
                                     long streamTimeMs) {
        var events = new ArrayList<SeriesEvent>(1);
        if (timeMs < streamTimeMs - windowMs) {
            events.add(new SeriesEvent.Refused(key, "sample at " + Instant.ofEpochMilli(timeMs) + " is older than the "
                    + settings.window() + " window before stream time " + Instant.ofEpochMilli(streamTimeMs)));
            return events;
        }
        var before = store.state(key);
        SeriesState state;
        if (before == null) {
            state = new SeriesState(timeMs, floor(timeMs) + refitMs, false);
        } else {
            state = before;
            if (timeMs >= state.nextRefitMs()) {
                long boundary = floor(timeMs);
                refit(store, key, metric, boundary, events);
                state = new SeriesState(state.lastSampleMs(), boundary + refitMs, state.stale());
            }
            long last = Math.max(state.lastSampleMs(), timeMs);
            boolean stale = state.stale() && last + stalenessMs <= streamTimeMs;
            state = new SeriesState(last, state.nextRefitMs(), stale);
        }
        store.addSample(key, timeMs, value);
        if (reaction.isPresent() && before != null) {
            state = react(store, key, metric, timeMs, value, state, events);
        }
        if (before == null || state.nextRefitMs() != before.nextRefitMs() || state.stale() != before.stale()) {
            store.put(key, state);
        } else {
            store.advance(key, state);
        }
        return events;
    }

    /**
     * Marks stale, in key order, the fresh series whose newest sample is at least the staleness bound older than
     * {@code streamTimeMs}; each marker is issued at newest sample + bound, so it does not depend on when this runs.
     */
    public List<SeriesEvent> markStale(SeriesStore store, long streamTimeMs) {
        var expired = new ArrayList<String>();
        for (var key : store.fresh()) {
            var state = store.state(key);
            if (!state.stale() && state.lastSampleMs() + stalenessMs <= streamTimeMs) {
                expired.add(key);
            }
        }
        // In key order: the same input gives the same output in the same order.
        expired.sort(null);
        var events = new ArrayList<SeriesEvent>(expired.size());
        for (var key : expired) {
            var state = store.state(key);
            store.put(key, new SeriesState(state.lastSampleMs(), state.nextRefitMs(), true));
            events.add(new SeriesEvent.Stale(key, state.lastSampleMs(), state.lastSampleMs() + stalenessMs));
        }
        return events;
    }

    /**
     * Forgets, in key order, the stale series whose newest sample is older than {@code streamTimeMs} minus the window
     * and the max hold: no refit can use any of their samples any more, and a node that reports again after that
     * starts as a new series (first forecast at the next boundary, not one at once from an empty window). Each is
     * issued when the series became forgettable, not when this ran.
     */
    public List<SeriesEvent> forget(SeriesStore store, long streamTimeMs) {
        var gone = new ArrayList<String>();
        for (var key : store.stale()) {
            var state = store.state(key);
            if (state.stale() && state.lastSampleMs() + windowMs + maxHoldMs < streamTimeMs) {
                gone.add(key);
            }
        }
        gone.sort(null);
        var events = new ArrayList<SeriesEvent>(gone.size());
        for (var key : gone) {
            long last = store.state(key).lastSampleMs();
            store.delete(key);
            events.add(new SeriesEvent.Forgotten(key, last, last + windowMs + maxHoldMs));
        }
        return events;
    }

    /**
     * The reaction to the sample at {@code timeMs}: a refit at the start of its step when the forecast in force is
     * reserved and the misses have fallen below the budget; then, if the sample is above the forecast in force, a
     * miss and a refit at the end of its step. Returns the state with the next boundary moved past a refit at it.
     */
    private SeriesState react(SeriesStore store, String key, ResourceMetric metric, long timeMs, double value,
                              SeriesState state, List<SeriesEvent> events) {
        var current = store.inForce(key);
        if (current == null) {
            return state;
        }
        long stepStart = Math.floorDiv(timeMs, stepMs) * stepMs;
        // Misses are counted by step, as forecast-eval counts them: a miss is at the start of its step.
        if (MissReaction.recovers(current.reserved(), current.misses(), stepStart, DAY_MS, missBudget)) {
            refit(store, key, metric, stepStart, events);
            current = store.inForce(key);
        }
        double forecast = current.at(timeMs, stepMs);
        // A forecast refit on a miss starts after the miss's step: a redelivered sample finds none to miss again.
        if (Double.isNaN(forecast) || value <= forecast) {
            return state;
        }
        store.putInForce(key, current.withMisses(current.misses().plus(stepStart, DAY_MS)));
        events.add(new SeriesEvent.Missed(key, stepStart));
        long boundary = stepStart + stepMs;
        refit(store, key, metric, boundary, events);
        return boundary >= state.nextRefitMs()
                ? new SeriesState(state.lastSampleMs(), floor(boundary) + refitMs, state.stale())
                : state;
    }

    /**
     * Refits {@code key} at {@code boundary}; a learner that throws refuses the sample instead. Learning on read,
     * only the learner's history is taken now.
     */
    private void refit(SeriesStore store, String key, ResourceMetric metric, long boundary, List<SeriesEvent> events) {
        try {
            long start = boundary - windowMs;
            var grid = new GridResampler(Instant.ofEpochMilli(start), settings.step(), windowSteps,
                    settings.maxHold());
            // From maxHold before the window: a sample there may still be held into its first steps.
            store.samples(key, start - maxHoldMs, boundary - 1, grid);
            var history = grid.series();
            var asked = request.withMetric(metric);
            double margin = settings.margin(metric);
            if (learnOnRead) {
                events.add(new SeriesEvent.Issued(key, metric, margin, boundary,
                        () -> forecaster.forecast(history, asked)));
                return;
            }
            var forecast = forecaster.forecast(history, asked);
            if (reaction.isPresent()) {
                forecast = reacted(store, key, forecast, boundary);
            }
            var learnt = forecast;
            var issued = new SeriesEvent.Issued(key, metric, margin, boundary, () -> learnt);
            issued.forecast();
            events.add(issued);
        } catch (RuntimeException e) {
            events.add(new SeriesEvent.Refused(key, "forecaster " + forecaster.name() + " failed to refit " + key
                    + " at " + Instant.ofEpochMilli(boundary) + ": " + e));
        }
    }

    /** The learner's {@code forecast} as the reaction issues it at {@code boundary}, remembered as in force. */
    private QuantileForecast reacted(SeriesStore store, String key, QuantileForecast forecast, long boundary) {
        var previous = store.inForce(key);
        var issued = reaction.orElseThrow().issue(forecast.values()[0],
                previous == null ? RecentMisses.NONE : previous.misses(), boundary, DAY_MS, missBudget);
        store.putInForce(key, new ForecastInForce(boundary, issued.values(), issued.misses(), issued.reserved()));
        return new QuantileForecast(forecast.start(), forecast.step(), forecast.quantiles(),
                new double[][] {issued.values()});
    }

    /** The last refit boundary at or before {@code timeMs}. */
    private long floor(long timeMs) {
        return Math.floorDiv(timeMs, refitMs) * refitMs;
    }
}
