package io.gleaner.classifier.estimate;

/**
 * The continuous slot pair of seed 002 Eqs. 3.16–3.18, before rounding, caps and the wave-exact re-check.
 *
 * @param map    N_mapslots, &gt;= 0
 * @param reduce N_reduceslots, &gt;= 0
 */
public record IdealSlots(double map, double reduce) {

    public IdealSlots {
        if (!(map >= 0) || !(reduce >= 0) || Double.isInfinite(map) || Double.isInfinite(reduce)) {
            throw new IllegalArgumentException("ideal slots must be finite and >= 0, were " + map + " and " + reduce);
        }
    }
}
