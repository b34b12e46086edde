package io.gleaner.planner.core.salamander.solver;

/** The spare capacity A(k, m, t) of Salamander §III-B1, Eq. 1. */
final class SpareCapacity {

    private SpareCapacity() {
    }

    /**
     * Eq. 1: {@code A(k,m,t) = C(k,m) · (1 − (U(k,m,t) + S(m)))}, where C is the node's capacity, U its forecast
     * utilisation share at step t and S the safety margin share. Two choices the paper leaves open: when
     * U + S > 1 the formula goes negative, and we clamp it at 0 (a node cannot lend less than nothing, and a
     * negative A would make Eq. 6 fail even for an idle node, which is the same verdict); and Table I gives A the
     * domain ℕ, so we round down, which never lends more than Eq. 1 allows.
     *
     * @return A indexed [metric ordinal][step] for {@code steps} steps
     */
    static long[][] of(Node node, SafetyMargin margin, int steps) {
        var metrics = Metric.values();
        long[][] a = new long[metrics.length][steps];
        for (Metric m : metrics) {
            double c = node.capacity(m);
            double s = margin.of(m);
            for (int t = 0; t < steps; t++) {
                double spare = c * (1 - (node.utilization(m, t) + s));
                a[m.ordinal()][t] = spare <= 0 ? 0 : (long) Math.floor(spare + 1e-9);
            }
        }
        return a;
    }
}
