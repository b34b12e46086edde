package io.gleaner.forecaster.core;

import java.util.Arrays;

/**
 * The empirical quantile of a sample, the inverse of its empirical distribution function (Hyndman and Fan's type 1):
 * the smallest value {@code v} such that at least {@code tau * n} of the values are {@code <= v}. It is the
 * solution of quantile regression with only an intercept, which the tests use.
 */
public final class EmpiricalQuantile {

    private EmpiricalQuantile() {
    }

    /**
     * The {@code tau} quantile of the first {@code n} values of {@code values}, which it sorts in place; NaN when
     * {@code n == 0}. The values must not be NaN.
     */
    public static double ofFirst(double[] values, int n, double tau) {
        if (n == 0) {
            return Double.NaN;
        }
        Arrays.sort(values, 0, n);
        int k = (int) Math.ceil(tau * n) - 1;
        return values[Math.max(0, Math.min(n - 1, k))];
    }

    /** The {@code tau} quantile of the non-NaN values of {@code values} (not changed); NaN when there are none. */
    public static double of(double[] values, double tau) {
        double[] copy = new double[values.length];
        int n = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                copy[n++] = v;
            }
        }
        return ofFirst(copy, n, tau);
    }
}
