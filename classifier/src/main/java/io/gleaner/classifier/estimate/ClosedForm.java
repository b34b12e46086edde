package io.gleaner.classifier.estimate;

/**
 * Seed 002 Eq. 3.15, {@code T_job = A / N_mapslots + B / N_reduceslots + C}: Eq. 3.14 with the ceilings dropped.
 * It never exceeds Eq. 3.14 (a ceiling only rounds up, and the dropped terms are not negative), so it is a
 * lower bound on the wave-exact estimate and can under-estimate a lot (seed 002 notes §3.3, TV-7). Use it for
 * sizing (Eqs. 3.16–3.18), never as the answer.
 *
 * @param a A = N_maptasks · (Mt_min + Mt_max) / 2, milliseconds · slots
 * @param b B = N_reducetasks · (Sho_min + Sho_max + Rt_min + Rt_max) / 2, milliseconds · slots
 * @param c C = Shf_avg − (Sho_min + Sho_max) / 2, milliseconds; may be negative
 */
public record ClosedForm(double a, double b, double c) {

    public ClosedForm {
        if (!Double.isFinite(a) || !Double.isFinite(b) || !Double.isFinite(c) || a < 0 || b < 0) {
            throw new IllegalArgumentException("A and B must be finite and >= 0 and C finite, were " + a + ", " + b
                    + ", " + c);
        }
    }

    /**
     * Eq. 3.15 at the given slots. A term whose numerator is 0 (no tasks of that phase) is 0 whatever its slots.
     *
     * @throws IllegalArgumentException if a phase with work has no slots
     */
    public double estimate(double mapSlots, double reduceSlots) {
        return term("A", a, "mapSlots", mapSlots) + term("B", b, "reduceSlots", reduceSlots) + c;
    }

    private static double term(String name, double numerator, String slotsName, double slots) {
        if (numerator == 0) {
            return 0;
        }
        if (!(slots > 0)) {
            throw new IllegalArgumentException(slotsName + " must be > 0 when " + name + " = " + numerator
                    + ", was " + slots);
        }
        return numerator / slots;
    }
}
