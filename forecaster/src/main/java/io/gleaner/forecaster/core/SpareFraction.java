package io.gleaner.forecaster.core;

/**
 * Spare capacity as a fraction of capacity, Salamander Eq. 1 without C(k,m): {@code A/C = 1 − (U + S)}, floored at
 * 0 and capped at 1 (a learner may forecast a negative use). A step whose forecast is NaN (the learner had nothing to
 * go on) has spare 0: unknown use leaves nothing to place on. The one rule of the {@code forecasts} topic and of the
 * simulator's in-process forecasts.
 */
public final class SpareFraction {

    private SpareFraction() {
    }

    /**
     * @param use    U(k,m,t), the forecast use as a fraction of capacity
     * @param margin S(m), the safety margin
     */
    public static double of(double use, double margin) {
        return Double.isNaN(use) ? 0.0 : Math.min(1.0, Math.max(0.0, 1.0 - (use + margin)));
    }
}
