package io.gleaner.classifier.estimate;

/**
 * The wave-bound completion-time estimate of one job on a given number of map and reduce slots, every term of
 * seed 002 Eqs. 3.1–3.14, in milliseconds.
 *
 * @param mapWaves                 ⌈N_maptasks / N_mapslots⌉ (0 without maps)
 * @param reduceWaves              ⌈N_reducetasks / N_reduceslots⌉ (0 without reduces)
 * @param mapLower                 TL_map, Eq. 3.1
 * @param mapUpper                 TU_map, Eq. 3.2
 * @param map                      T_map, Eq. 3.3
 * @param otherShuffleLower        TL_sho, Eq. 3.4
 * @param otherShuffleUpper        TU_sho, Eq. 3.5
 * @param otherShuffle             T_sho, Eq. 3.6
 * @param shuffle                  T_sh = T_sho + Shf_avg, Eq. 3.7
 * @param reduceLower              TL_reduce, Eq. 3.8
 * @param reduceUpper              TU_reduce, Eq. 3.9
 * @param reduce                   T_reduce, Eq. 3.10
 * @param jobLower                 TL_job, Eq. 3.11
 * @param jobUpper                 TU_job, Eq. 3.12
 * @param job                      T_job, Eqs. 3.13–3.14; not the midpoint of the bounds (notes §3.3)
 * @param otherShuffleFromFirstWave whether Sho was unobserved and Shf min/max stood in for it
 */
public record CompletionEstimate(long mapWaves, long reduceWaves,
                                 double mapLower, double mapUpper, double map,
                                 double otherShuffleLower, double otherShuffleUpper, double otherShuffle,
                                 double shuffle,
                                 double reduceLower, double reduceUpper, double reduce,
                                 double jobLower, double jobUpper, double job,
                                 boolean otherShuffleFromFirstWave) {

    /** The estimate a deadline is checked against: T_job, or TU_job for a conservative check. */
    public double of(Bound bound) {
        return switch (bound) {
            case LOWER -> jobLower;
            case ESTIMATE -> job;
            case UPPER -> jobUpper;
        };
    }

    /** Which of the three job times to use. */
    public enum Bound {
        /** TL_job, Eq. 3.11. */
        LOWER,
        /** T_job, Eq. 3.14. */
        ESTIMATE,
        /** TU_job, Eq. 3.12. */
        UPPER
    }
}
