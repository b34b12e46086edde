package io.gleaner.forecaster.core;

import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * Linear quantile regression solved exactly as the linear program of Koenker and Bassett (Econometrica 46(1),
 * 1978): minimise {@code tau 1'u + (1 - tau) 1'v} subject to {@code X beta + u - v = y}, {@code u, v >= 0},
 * {@code beta} free, with ojAlgo's LP solver. It has {@code 2n + p} variables and n equality rows, so it is the
 * reference for small samples, not the forecaster's solver ({@link QuantileRegression} is).
 */
public final class ExactQuantileRegression {

    private ExactQuantileRegression() {
    }

    /** The optimum's coefficients and check loss, or the solver's state when it found none. */
    public record Solution(double[] beta, double loss, Optimisation.State state) {
    }

    /** Solves for the first {@code n} rows of {@code x} and {@code y} at level {@code tau}. */
    public static Solution solve(double[][] x, double[] y, int n, double tau) {
        int p = x[0].length;
        var model = new ExpressionsBasedModel();
        Variable[] beta = new Variable[p];
        for (int j = 0; j < p; j++) {
            beta[j] = model.addVariable("beta" + j);
        }
        for (int i = 0; i < n; i++) {
            var u = model.addVariable("u" + i).lower(0).weight(tau);
            var v = model.addVariable("v" + i).lower(0).weight(1 - tau);
            var row = model.addExpression("row" + i).level(y[i]);
            for (int j = 0; j < p; j++) {
                row.set(beta[j], x[i][j]);
            }
            row.set(u, 1);
            row.set(v, -1);
        }
        var result = model.minimise();
        double[] b = new double[p];
        for (int j = 0; j < p; j++) {
            b[j] = result.doubleValue(j);
        }
        return new Solution(b, QuantileRegression.loss(x, y, n, b, tau), result.getState());
    }
}
