package io.gleaner.forecaster.core;

import java.util.Arrays;

/**
 * Linear quantile regression by the MM algorithm of Hunter and Lange (J. Comp. Graph. Stat. 9(1), 2000, §3): the
 * check loss {@code rho_tau(r)} is replaced by its perturbed version {@code rho_tau(r) - (eps/2) ln(eps + |r|)},
 * majorised at the current residuals {@code r_k} by the quadratic {@code (1/4)[r^2 / (eps + |r_k|) + (4 tau - 2) r]}
 * plus a constant, so each step is a weighted least squares solve:
 * {@code beta = (X'WX)^-1 (X'Wy + (2 tau - 1) X'1)} with {@code w_i = 1 / (eps + |r_i|)}.
 * It needs {@code n p^2} operations per step against an LP's much larger cost; {@link ExactQuantileRegression}
 * solves the same problem exactly and the tests check that the two agree.
 *
 * <p>The first column of X is taken to be the intercept (all ones): the starting point shifts it.
 *
 * <p>Symbols: X the n x p design (rows are samples), y the targets, tau the quantile level, eps the perturbation.
 */
public final class QuantileRegression {

    /** Steps without progress before eps shrinks, or, at its floor, the fit stops. */
    private static final int STALLED_STEPS = 3;

    /** Steps at most. */
    private final int maxIterations;
    /** Stop when the check loss improves by less than this fraction. */
    private final double tolerance;

    /**
     * @param maxIterations steps at most, at least 1
     * @param tolerance     stop when the relative improvement of the check loss is below this, at least 0
     */
    public QuantileRegression(int maxIterations, double tolerance) {
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be >= 1, was " + maxIterations);
        }
        if (!(tolerance >= 0)) {
            throw new IllegalArgumentException("tolerance must be >= 0, was " + tolerance);
        }
        this.maxIterations = maxIterations;
        this.tolerance = tolerance;
    }

    /** A fit: the coefficients, the check loss they reach on the sample, and the steps taken. */
    public record Fit(double[] beta, double loss, int iterations) {
    }

    /**
     * Fits the first {@code n} rows.
     *
     * @param x   rows of p features each (include a column of ones for an intercept)
     * @param y   targets
     * @param n   rows used, at least 1
     * @param tau quantile level in (0, 1)
     */
    public Fit fit(double[][] x, double[] y, int n, double tau) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, was " + n);
        }
        if (!(tau > 0 && tau < 1)) {
            throw new IllegalArgumentException("tau must be in (0, 1), was " + tau);
        }
        int p = x[0].length;
        double scale = 0;
        for (int i = 0; i < n; i++) {
            scale += Math.abs(y[i]);
        }
        scale = Math.max(scale / n, 1e-12);
        // Hunter and Lange pick eps small against the residuals; it shrinks as the fit settles, which makes the
        // perturbed minimum approach the exact one.
        double eps = 1e-2 * scale;
        double[] w = new double[n];
        Arrays.fill(w, 1.0);
        double[] beta = weightedSolve(x, y, w, n, p, 0.0);
        // Start from the least-squares line shifted to the tau quantile of its residuals (exact for an intercept
        // only): the MM steps then start near the answer instead of at the mean.
        double[] residuals = new double[n];
        for (int i = 0; i < n; i++) {
            residuals[i] = y[i] - dot(x[i], beta, p);
        }
        beta[0] += EmpiricalQuantile.ofFirst(residuals, n, tau);
        double best = loss(x, y, n, beta, tau);
        double[] bestBeta = beta;
        int iterations = 0;
        int stalled = 0;
        for (int it = 0; it < maxIterations; it++) {
            iterations = it + 1;
            for (int i = 0; i < n; i++) {
                w[i] = 1.0 / (eps + Math.abs(y[i] - dot(x[i], beta, p)));
            }
            beta = weightedSolve(x, y, w, n, p, 2 * tau - 1);
            double current = loss(x, y, n, beta, tau);
            stalled = best - current > tolerance * best ? 0 : stalled + 1;
            if (current < best) {
                best = current;
                bestBeta = beta;
            }
            if (stalled >= STALLED_STEPS) {
                if (eps <= 1e-6 * scale) {
                    break;
                }
                eps = Math.max(eps / 10, 1e-6 * scale);
                stalled = 0;
            }
        }
        double[] polished = polish(x, y, n, p, bestBeta);
        if (polished != null) {
            double loss = loss(x, y, n, polished, tau);
            if (loss <= best) {
                best = loss;
                bestBeta = polished;
            }
        }
        return new Fit(bestBeta.clone(), best, iterations);
    }

    /**
     * An LP optimum interpolates p of the rows (a basic solution, Koenker 2005 §6.2); this tries the basis of the p
     * rows with the smallest residuals at the MM solution, which is exact when MM is near the optimum. Null when those
     * rows are singular.
     */
    private static double[] polish(double[][] x, double[] y, int n, int p, double[] beta) {
        if (n < p) {
            return null;
        }
        Integer[] order = new Integer[n];
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
            r[i] = Math.abs(y[i] - dot(x[i], beta, p));
        }
        Arrays.sort(order, (a, b) -> a.equals(b) ? 0 : r[a] != r[b] ? Double.compare(r[a], r[b])
                : Integer.compare(a, b));
        double[][] a = new double[p][p + 1];
        for (int k = 0; k < p; k++) {
            System.arraycopy(x[order[k]], 0, a[k], 0, p);
            a[k][p] = y[order[k]];
        }
        for (int c = 0; c < p; c++) {
            int pivot = c;
            for (int k = c + 1; k < p; k++) {
                if (Math.abs(a[k][c]) > Math.abs(a[pivot][c])) {
                    pivot = k;
                }
            }
            if (Math.abs(a[pivot][c]) < 1e-12) {
                return null;
            }
            double[] tmp = a[c];
            a[c] = a[pivot];
            a[pivot] = tmp;
            for (int k = 0; k < p; k++) {
                if (k != c) {
                    double f = a[k][c] / a[c][c];
                    for (int j = c; j <= p; j++) {
                        a[k][j] -= f * a[c][j];
                    }
                }
            }
        }
        double[] solution = new double[p];
        for (int c = 0; c < p; c++) {
            solution[c] = a[c][p] / a[c][c];
        }
        return solution;
    }

    /** The check loss of {@code beta} on the first n rows. */
    public static double loss(double[][] x, double[] y, int n, double[] beta, double tau) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += Pinball.loss(tau, y[i], dot(x[i], beta, beta.length));
        }
        return sum;
    }

    static double dot(double[] row, double[] beta, int p) {
        double s = 0;
        for (int j = 0; j < p; j++) {
            s += row[j] * beta[j];
        }
        return s;
    }

    /** Solves {@code (X'WX + ridge) beta = X'Wy + c X'1} by Cholesky; a tiny ridge keeps collinear features solvable. */
    private static double[] weightedSolve(double[][] x, double[] y, double[] w, int n, int p, double c) {
        double[][] a = new double[p][p];
        double[] b = new double[p];
        for (int i = 0; i < n; i++) {
            double[] row = x[i];
            double wi = w[i];
            double wy = wi * y[i] + c;
            for (int j = 0; j < p; j++) {
                double wr = wi * row[j];
                b[j] += row[j] * wy;
                double[] aj = a[j];
                for (int k = 0; k <= j; k++) {
                    aj[k] += wr * row[k];
                }
            }
        }
        double trace = 0;
        for (int j = 0; j < p; j++) {
            trace += a[j][j];
        }
        double ridge = 1e-9 * trace / p + 1e-300;
        for (int j = 0; j < p; j++) {
            a[j][j] += ridge;
        }
        // Cholesky of the lower triangle, in place.
        for (int j = 0; j < p; j++) {
            double d = a[j][j];
            for (int k = 0; k < j; k++) {
                d -= a[j][k] * a[j][k];
            }
            d = Math.sqrt(Math.max(d, ridge));
            a[j][j] = d;
            for (int i = j + 1; i < p; i++) {
                double s = a[i][j];
                for (int k = 0; k < j; k++) {
                    s -= a[i][k] * a[j][k];
                }
                a[i][j] = s / d;
            }
        }
        double[] z = new double[p];
        for (int i = 0; i < p; i++) {
            double s = b[i];
            for (int k = 0; k < i; k++) {
                s -= a[i][k] * z[k];
            }
            z[i] = s / a[i][i];
        }
        double[] beta = new double[p];
        for (int i = p - 1; i >= 0; i--) {
            double s = z[i];
            for (int k = i + 1; k < p; k++) {
                s -= a[k][i] * beta[k];
            }
            beta[i] = s / a[i][i];
        }
        return beta;
    }
}
