package io.gleaner.forecaster.core;

/** The pinball (check, quantile) loss, the loss a quantile forecast minimises in expectation (Koenker 2005, §1.3). */
public final class Pinball {

    private Pinball() {
    }

    /**
     * {@code rho_tau(actual - forecast)}: {@code tau * r} when the actual is above the forecast ({@code r >= 0}),
     * else {@code (tau - 1) * r}.
     */
    public static double loss(double tau, double actual, double forecast) {
        double r = actual - forecast;
        return r >= 0 ? tau * r : (tau - 1) * r;
    }
}
