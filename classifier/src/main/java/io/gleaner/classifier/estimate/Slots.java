package io.gleaner.classifier.estimate;

/**
 * A number of map slots and reduce slots (seed 002 §3.4: N_mapslots, N_reduceslots).
 *
 * @param map    map slots, &gt;= 0
 * @param reduce reduce slots, &gt;= 0
 */
public record Slots(int map, int reduce) {

    public Slots {
        if (map < 0 || reduce < 0) {
            throw new IllegalArgumentException("slots must be >= 0, were " + map + " map and " + reduce + " reduce");
        }
    }

    /** The total, the quantity Eqs. 3.17–3.18 minimise. */
    public int total() {
        return map + reduce;
    }
}
