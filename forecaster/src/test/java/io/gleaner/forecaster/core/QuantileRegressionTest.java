package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.Optimisation;

class QuantileRegressionTest {

    private final QuantileRegression solver = new QuantileRegression(500, 1e-9);

    @Test
    void shouldFindTheHandSolvedLeastAbsoluteDeviationLine() {
        // Points (0,0), (1,2), (2,2) at tau = 0.5: the lines through two points lose 1 (y = 2x), 0.5 (y = x) and
        // 1 (y = 2); y = x is the optimum with loss 0.5 * |2 - 1| = 0.5.
        double[][] x = {{1, 0}, {1, 1}, {1, 2}};
        double[] y = {0, 2, 2};
        var fit = solver.fit(x, y, 3, 0.5);
        assertThat(fit.beta()[0]).isCloseTo(0.0, within(1e-3));
        assertThat(fit.beta()[1]).isCloseTo(1.0, within(1e-3));
        assertThat(fit.loss()).isCloseTo(0.5, within(1e-3));

        var exact = ExactQuantileRegression.solve(x, y, 3, 0.5);
        assertThat(exact.state().isOptimal()).isTrue();
        assertThat(exact.beta()).containsExactly(new double[] {0.0, 1.0}, within(1e-9));
        assertThat(exact.loss()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void shouldGiveTheEmpiricalQuantileWithoutFeatures() {
        var random = new SplittableRandom(7);
        int n = 101;
        double[][] x = new double[n][1];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i][0] = 1;
            y[i] = random.nextDouble();
        }
        for (double tau : new double[] {0.5, 0.9, 0.99}) {
            double empirical = EmpiricalQuantile.of(y, tau);
            assertThat(solver.fit(x, y, n, tau).beta()[0]).as("MM at %s", tau).isCloseTo(empirical, within(1e-3));
            assertThat(ExactQuantileRegression.solve(x, y, n, tau).beta()[0]).as("LP at %s", tau)
                    .isCloseTo(empirical, within(1e-9));
        }
    }

    @Test
    void shouldAgreeWithTheExactLinearProgram() {
        var random = new SplittableRandom(42);
        int n = 300;
        int p = 4;
        double[][] x = new double[n][p];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i][0] = 1;
            for (int j = 1; j < p; j++) {
                x[i][j] = random.nextDouble();
            }
            // Heteroscedastic noise: the quantile lines are not parallel to the mean line.
            double noise = -Math.log(1 - random.nextDouble()) * (0.05 + 0.2 * x[i][1]);
            y[i] = 0.1 + 0.3 * x[i][1] + 0.2 * x[i][2] - 0.1 * x[i][3] + noise;
        }
        for (double tau : new double[] {0.5, 0.9, 0.99}) {
            var exact = ExactQuantileRegression.solve(x, y, n, tau);
            assertThat(exact.state()).isIn(Optimisation.State.OPTIMAL, Optimisation.State.DISTINCT);
            var mm = solver.fit(x, y, n, tau);
            // With 3 of 300 rows above the 0.99 line the perturbed MM objective is flattest; it stops within 1% there
            // and within 0.1% at the central levels.
            double slack = tau > 0.95 ? 1.01 : 1.001;
            assertThat(mm.loss()).as("loss at %s", tau).isGreaterThanOrEqualTo(exact.loss() - 1e-9)
                    .isLessThanOrEqualTo(exact.loss() * slack);
            for (int i = 0; i < n; i += 37) {
                assertThat(QuantileRegression.dot(x[i], mm.beta(), p)).as("fitted value %s at %s", i, tau)
                        .isCloseTo(QuantileRegression.dot(x[i], exact.beta(), p), within(tau > 0.95 ? 0.03 : 0.02));
            }
        }
    }
}
