package io.gleaner.planner.core.coshh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.planner.core.coshh.ClassMatching.Matching;
import io.gleaner.planner.core.coshh.ClassMatching.Outcome;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;

class ClassMatchingTest {

    private static final double FEASIBILITY = 1e-7;

    private final ClassMatching matching = new ClassMatching();

    /**
     * COSHH section 3.2's worked example. The δ is unique here: at an optimum both resources are full (spare capacity
     * could raise λ), so with x = δ_11 and y = δ_12 both rows tight give 11x + 6y = 3 and 2.45 λ = 9x + 5y =
     * 2.5 - x/6, largest at x = 0, y = 0.5 only: λ = 2.5 / 2.45 = 1.020408...
     */
    @Test
    void shouldSolveThePapersWorkedExample() {
        double[] alpha = {2.45, 2.45};
        double[][] mu = {{9, 5}, {2, 1}};

        Matching result = matching.solve(alpha, mu);

        assertThat(result.outcome()).isEqualTo(Outcome.OPTIMAL);
        assertThat(result.lambda()).isCloseTo(1.0204, within(1e-4));
        assertThat(result.delta(0, 0)).isCloseTo(0, within(1e-7));
        assertThat(result.delta(0, 1)).isCloseTo(0.5, within(1e-7));
        assertThat(result.delta(1, 0)).isCloseTo(1, within(1e-7));
        assertThat(result.delta(1, 1)).isCloseTo(0.5, within(1e-7));
        assertThat(result.suggested(0)).containsExactly(1);
        assertThat(result.suggested(1)).containsExactly(0, 1);
        assertFeasible(alpha, mu, result);
    }

    @Test
    void shouldFindThePapersDeltaFeasibleAtTheOptimalLambda() {
        double[] alpha = {2.45, 2.45};
        double[][] mu = {{9, 5}, {2, 1}};
        double[][] papers = {{0, 0.5}, {1, 0.5}};

        double lambda = matching.solve(alpha, mu).lambda();

        // The paper's δ meets every row at the solver's λ, so it is an optimum as well.
        for (int i = 0; i < 2; i++) {
            assertThat(mu[i][0] * papers[i][0] + mu[i][1] * papers[i][1])
                    .isGreaterThanOrEqualTo(lambda * alpha[i] - 1e-9);
        }
        for (int j = 0; j < 2; j++) {
            assertThat(papers[0][j] + papers[1][j]).isLessThanOrEqualTo(1);
        }
    }

    @Test
    void shouldGiveTheSameLambdaWithAndWithoutMergedColumns() {
        // 3 classes on 7 resources of 3 types (columns 0, 1, 3 are type A; 2, 5 type B; 4, 6 type C).
        double[] a = {4, 1, 2};
        double[] b = {1, 3, 0.5};
        double[] c = {2, 2, 0};
        double[][] columns = {a, a, b, a, c, b, c};
        double[][] mu = new double[3][7];
        for (int j = 0; j < 7; j++) {
            for (int i = 0; i < 3; i++) {
                mu[i][j] = columns[j][i];
            }
        }
        double[] alpha = {1.5, 0.7, 2.0};
        var unmerged = new ClassMatching(ClassMatching.Settings.DEFAULTS.withMergeProportionalColumns(false));

        Matching merged = matching.solve(alpha, mu);
        Matching full = unmerged.solve(alpha, mu);

        assertThat(merged.columns()).isEqualTo(3);
        assertThat(full.columns()).isEqualTo(7);
        assertThat(merged.outcome()).isEqualTo(Outcome.OPTIMAL);
        assertThat(full.outcome()).isEqualTo(Outcome.OPTIMAL);
        assertThat(merged.lambda()).isCloseTo(full.lambda(), within(1e-7));
        assertFeasible(alpha, mu, merged);
        assertFeasible(alpha, mu, full);
        // The split is even: nodes of one type get the same shares.
        for (int i = 0; i < 3; i++) {
            assertThat(merged.delta(i, 1)).isEqualTo(merged.delta(i, 0));
            assertThat(merged.delta(i, 3)).isEqualTo(merged.delta(i, 0));
            assertThat(merged.delta(i, 5)).isEqualTo(merged.delta(i, 2));
            assertThat(merged.delta(i, 6)).isEqualTo(merged.delta(i, 4));
        }
    }

    @Test
    void shouldMatchTheUnmergedLambdaOnRandomTypedClusters() {
        // Nodes of a type have the type's column, as is (identical columns) or scaled by the node's own speed and
        // slots (proportional columns): one merged column per type either way.
        var random = new Random(7);
        var unmerged = new ClassMatching(ClassMatching.Settings.DEFAULTS.withMergeProportionalColumns(false));
        for (int trial = 0; trial < 10; trial++) {
            boolean scaled = trial % 2 == 1;
            int f = 2 + random.nextInt(5);
            int types = 1 + random.nextInt(4);
            int m = types + random.nextInt(12);
            double[][] byType = new double[f][types];
            for (int i = 0; i < f; i++) {
                for (int t = 0; t < types; t++) {
                    byType[i][t] = Math.pow(10, -3 + 4 * random.nextDouble());
                }
            }
            double[][] mu = new double[f][m];
            for (int j = 0; j < m; j++) {
                int t = j < types ? j : random.nextInt(types);
                double speed = scaled ? (1 + random.nextInt(8)) * (0.5 + random.nextDouble()) : 1;
                for (int i = 0; i < f; i++) {
                    mu[i][j] = byType[i][t] * speed;
                }
            }
            double[] alpha = new double[f];
            for (int i = 0; i < f; i++) {
                alpha[i] = Math.pow(10, -2 + 2 * random.nextDouble());
            }

            Matching merged = matching.solve(alpha, mu);
            Matching full = unmerged.solve(alpha, mu);

            assertThat(merged.columns()).isEqualTo(types);
            assertThat(merged.lambda()).isCloseTo(full.lambda(), within(1e-6 * full.lambda()));
            assertFeasible(alpha, mu, merged);
            // Every member of a merged column gets the same shares, whatever its speed.
            for (int j = types; j < m; j++) {
                int t = sameColumnAs(mu, j, types);
                for (int i = 0; i < f; i++) {
                    assertThat(merged.delta(i, j)).isEqualTo(merged.delta(i, t));
                }
            }
        }
    }

    @Test
    void shouldMatchOjAlgosSimplexOnTheWholeLpWhenColumnsDoNotMerge() {
        // Nodes of a few types, each with its own speed and slots, and every µ_ij with its own factor (0.7 to 1.3),
        // so no columns merge and column generation has to price pairs in: the master starts with 8 pairs per column
        // and per class, fewer than the optimum needs on some of these.
        var random = new Random(11);
        int priced = 0;
        for (int trial = 0; trial < 6; trial++) {
            int f = 40 + random.nextInt(40);
            int m = 100 + random.nextInt(100);
            int types = 2 + random.nextInt(8);
            double[][] byType = new double[f][types];
            for (int i = 0; i < f; i++) {
                double base = Math.pow(10, -3 + 3 * random.nextDouble());
                for (int t = 0; t < types; t++) {
                    byType[i][t] = base * (0.3 + random.nextDouble());
                }
            }
            double[][] mu = new double[f][m];
            for (int j = 0; j < m; j++) {
                double scale = (0.5 + random.nextDouble()) * (1 + random.nextInt(8));
                for (int i = 0; i < f; i++) {
                    mu[i][j] = byType[i][j % types] * scale * (0.7 + 0.6 * random.nextDouble());
                }
            }
            double[] alpha = new double[f];
            for (int i = 0; i < f; i++) {
                alpha[i] = 0.001 + 0.05 * random.nextDouble();
            }

            Matching result = matching.solve(alpha, mu);

            assertThat(result.outcome()).isEqualTo(Outcome.OPTIMAL);
            assertThat(result.columns()).isEqualTo(m);
            assertThat(result.lambda()).as("trial %d", trial)
                    .isCloseTo(ojAlgoLambda(alpha, mu), within(1e-6 * result.lambda()));
            assertFeasible(alpha, mu, result);
            if (result.masters() > 1) {
                priced++;
            }
        }
        assertThat(priced).as("trials whose optimum needed priced pairs").isGreaterThan(0);
    }

    @Test
    void shouldReturnTheLastOptimalMasterAsFeasibleWhenAMasterHitsItsLimit() {
        var random = new Random(5);
        int f = 40;
        int m = 150;
        double[][] mu = new double[f][m];
        for (int i = 0; i < f; i++) {
            for (int j = 0; j < m; j++) {
                mu[i][j] = 0.5 + random.nextDouble();
            }
        }
        double[] alpha = new double[f];
        Arrays.fill(alpha, 1);
        Matching optimum = matching.solve(alpha, mu);
        Matching stopped = null;
        for (int iterations = 1; iterations < 10_000; iterations++) {
            // The smallest limit that stops a master after some optimal master has found a positive λ.
            var limited = new ClassMatching(new ClassMatching.Settings(1e-6, 600_000, iterations, true));
            stopped = limited.solve(alpha, mu);
            if (stopped.outcome() != Outcome.FAILED && stopped.lambda() > 0) {
                break;
            }
        }

        assertThat(stopped.outcome()).isEqualTo(Outcome.FEASIBLE);
        assertThat(stopped.lambda()).isPositive().isLessThan(optimum.lambda());
        assertFeasible(alpha, mu, stopped);
    }

    @Test
    void shouldNotMergeColumnsThatAreNotProportional() {
        double[] alpha = {1, 1};
        double[][] mu = {{1, 2, 2}, {1, 2, 3}};

        Matching result = matching.solve(alpha, mu);

        assertThat(result.columns()).isEqualTo(2);
        assertFeasible(alpha, mu, result);
    }

    @Test
    void shouldNotMergeAResourceThatCannotRunAClassWithOneThatBarelyCan() {
        // Resource 1 cannot run class 1; resource 0 runs it at a rate below the shapes' resolution.
        double[] alpha = {1, 1e-15};
        double[][] mu = {{1, 1}, {1e-14, 0}};

        Matching result = matching.solve(alpha, mu);

        assertThat(result.columns()).isEqualTo(2);
        assertThat(result.delta(1, 1)).isZero();
        assertThat(result.suggested(1)).doesNotContain(1);
    }

    @Test
    void shouldReturnAnEmptyMatchingWithoutClasses() {
        Matching result = matching.solve(new double[0], new double[0][], 3);

        assertThat(result.outcome()).isEqualTo(Outcome.OPTIMAL);
        assertThat(result.classes()).isZero();
        assertThat(result.resources()).isEqualTo(3);
        assertThat(result.lambda()).isEqualTo(Double.POSITIVE_INFINITY);
        for (int j = 0; j < 3; j++) {
            assertThat(result.suggested(j)).isEmpty();
        }
    }

    @Test
    void shouldLeaveAClassWithoutArrivalsOutOfTheLp() {
        // Class 1 has no arrivals; the rest is the paper's example minus class 2: class 0 alone gets both nodes.
        double[] alpha = {2.45, 0};
        double[][] mu = {{9, 5}, {2, 1}};

        Matching result = matching.solve(alpha, mu);

        assertThat(result.withoutArrivals()).containsExactly(1);
        assertThat(result.delta(1, 0)).isZero();
        assertThat(result.delta(1, 1)).isZero();
        assertThat(result.suggested(0)).containsExactly(0);
        assertThat(result.suggested(1)).containsExactly(0);
        // λ 2.45 = 9 + 5 with both nodes given to class 0.
        assertThat(result.lambda()).isCloseTo(14 / 2.45, within(1e-7));
    }

    @Test
    void shouldLeaveAnUnservableClassOutAndReportIt() {
        // Class 2 runs nowhere (all µ = 0). As printed, the LP would give λ = 0; it is reported instead, and the
        // others get the paper's matching.
        double[] alpha = {2.45, 2.45, 1};
        double[][] mu = {{9, 5}, {2, 1}, {0, 0}};

        Matching result = matching.solve(alpha, mu);

        assertThat(result.unservable()).containsExactly(2);
        assertThat(result.lambda()).isCloseTo(2.5 / 2.45, within(1e-7));
        assertThat(result.suggested(0)).containsExactly(1);
        assertThat(result.suggested(1)).containsExactly(0, 1);
    }

    @Test
    void shouldReportInfiniteLambdaWhenOnlyUnservableClassesRemain() {
        Matching result = matching.solve(new double[] {1}, new double[][] {{0, 0}});

        assertThat(result.unservable()).containsExactly(0);
        assertThat(result.lambda()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(result.suggested(0)).isEmpty();
    }

    @Test
    void shouldNotSuggestAClassOnAResourceItCannotUse() {
        // Class 0 runs only on resource 0, class 1 on both: class 0 is never suggested on resource 1.
        double[] alpha = {1, 1};
        double[][] mu = {{1, 0}, {1, 1}};

        Matching result = matching.solve(alpha, mu);

        assertThat(result.suggested(1)).doesNotContain(0);
        assertThat(result.delta(0, 1)).isZero();
        assertFeasible(alpha, mu, result);
    }

    @Test
    void shouldStayFeasibleWhenRatesSpanManyOrdersOfMagnitude() {
        double[] alpha = {1e-4, 10, 0.5};
        double[][] mu = {{1e-6, 3e-6, 2e-6}, {50, 20, 80}, {0.01, 0.5, 0.02}};

        Matching result = matching.solve(alpha, mu);

        assertThat(result.outcome()).isEqualTo(Outcome.OPTIMAL);
        assertThat(result.lambda()).isPositive();
        assertFeasible(alpha, mu, result);
    }

    @Test
    void shouldRejectBadInput() {
        assertThatThrownBy(() -> matching.solve(new double[] {Double.NaN}, new double[][] {{1}}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("alpha[0]").hasMessageContaining("NaN");
        assertThatThrownBy(() -> matching.solve(new double[] {1}, new double[][] {{-1}}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("mu[0][0]").hasMessageContaining("-1");
        assertThatThrownBy(() -> matching.solve(new double[] {1, 1}, new double[][] {{1}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one row per class");
        assertThatThrownBy(() -> matching.solve(new double[] {1, 1}, new double[][] {{1}, {1, 2}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mu[1] must have 1 resources");
        assertThatThrownBy(() -> new ClassMatching.Settings(1, 1, 1, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tolerance");
    }

    /** λ of the whole, unscaled LP by ojAlgo's simplex: an independent solver. */
    private static double ojAlgoLambda(double[] alpha, double[][] mu) {
        var model = new ExpressionsBasedModel();
        model.addVariable("lambda").lower(0).weight(1);
        int m = mu[0].length;
        for (int i = 0; i < alpha.length; i++) {
            for (int j = 0; j < m; j++) {
                model.addVariable("delta" + i + "_" + j).lower(0);
            }
        }
        for (int i = 0; i < alpha.length; i++) {
            Expression demand = model.addExpression("demand" + i).lower(0);
            demand.set(0, -alpha[i]);
            for (int j = 0; j < m; j++) {
                demand.set(1 + i * m + j, mu[i][j]);
            }
        }
        for (int j = 0; j < m; j++) {
            Expression capacity = model.addExpression("capacity" + j).upper(1);
            for (int i = 0; i < alpha.length; i++) {
                capacity.set(1 + i * m + j, 1);
            }
        }
        var result = model.maximise();
        assertThat(result.getState().isOptimal()).isTrue();
        return result.doubleValue(0);
    }

    /** The first of resources 0..types-1 whose µ column is proportional to resource j's. */
    private static int sameColumnAs(double[][] mu, int j, int types) {
        for (int t = 0; t < types; t++) {
            double ratio = mu[0][j] / mu[0][t];
            boolean proportional = true;
            for (double[] row : mu) {
                proportional &= Math.abs(row[j] / row[t] - ratio) <= 1e-9 * ratio;
            }
            if (proportional) {
                return t;
            }
        }
        throw new AssertionError("resource " + j + " has no proportional column among the first " + types);
    }

    /** Rows (1) at the reported λ and rows (2), within {@link #FEASIBILITY}, and δ ≥ 0. */
    private static void assertFeasible(double[] alpha, double[][] mu, Matching result) {
        int m = result.resources();
        for (int i = 0; i < alpha.length; i++) {
            double served = 0;
            for (int j = 0; j < m; j++) {
                assertThat(result.delta(i, j)).isGreaterThanOrEqualTo(0);
                served += mu[i][j] * result.delta(i, j);
            }
            assertThat(served).as("class %d served", i).isGreaterThanOrEqualTo(result.lambda() * alpha[i]
                    - FEASIBILITY * Math.max(1, result.lambda() * alpha[i]));
        }
        for (int j = 0; j < m; j++) {
            double used = 0;
            for (int i = 0; i < alpha.length; i++) {
                used += result.delta(i, j);
            }
            assertThat(used).as("resource %d used", j).isLessThanOrEqualTo(1 + FEASIBILITY);
        }
        assertThat(List.of(result.outcome())).containsAnyOf(Outcome.OPTIMAL, Outcome.FEASIBLE);
    }
}
