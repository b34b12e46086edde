package io.gleaner.classifier.estimate;

import java.util.Objects;

/**
 * The completion-time model of seed 002 §3.4: each phase takes between (waves × shortest task) and
 * (waves × longest task), the estimate is the midpoint of those bounds, and the first reduce wave adds its
 * shuffle after the last map (Eqs. 3.1–3.14, with ceilings: seed 002 notes §3.1 reads the OCR'd brackets as
 * ⌈⌉). Pure functions of a profile, the task counts and the slots.
 *
 * <p>Choices where the thesis is silent or wrong (seed 002 notes §2.2, §3.3, §8.4):
 * <ul>
 *   <li>T_job uses the midpoints (min + max) / 2 of map, later shuffle and reduce, and Shf_avg for the first
 *       shuffle, as Eq. 3.14 says; it is not (TL_job + TU_job) / 2 (notes §3.3, §8.4 item 5).</li>
 *   <li>Sho is unobservable when every past run had one reduce wave (notes §2.2 item 6, §8.4 item 3): then
 *       Shf_min and Shf_max stand in for Sho_min and Sho_max, as in the notes' TV-7 and TV-8
 *       ("taking Sho := Sh"); {@link CompletionEstimate#otherShuffleFromFirstWave()} says so.</li>
 *   <li>A job without reduces has no shuffle and no reduce terms (Eq. 3.4's "waves − 1" would go negative);
 *       a job without maps has no map terms.</li>
 * </ul>
 */
public final class WaveBoundModel {

    private WaveBoundModel() {
    }

    /**
     * Seed 002 Eqs. 3.1–3.14 for {@code mapTasks} maps on {@code mapSlots} slots and {@code reduceTasks}
     * reduces on {@code reduceSlots} slots, in the profile's unit (milliseconds).
     *
     * @throws IllegalArgumentException if a count is negative, a phase with tasks has no slots, or the profile
     *                                  has no samples of a phase the job has
     */
    public static CompletionEstimate estimate(JobProfile profile, int mapTasks, int reduceTasks, int mapSlots,
                                              int reduceSlots) {
        check(profile, mapTasks, reduceTasks);
        checkSlots("map", mapTasks, "mapSlots", mapSlots);
        checkSlots("reduce", reduceTasks, "reduceSlots", reduceSlots);

        long mapWaves = waves(mapTasks, mapSlots);
        long reduceWaves = waves(reduceTasks, reduceSlots);
        long laterWaves = Math.max(0, reduceWaves - 1);
        var sho = otherShuffle(profile, reduceTasks);
        boolean reduces = reduceTasks > 0;

        double mapLower = mapWaves * profile.mapMin();                                  // Eq. 3.1
        double mapUpper = mapWaves * profile.mapMax();                                  // Eq. 3.2
        double map = (mapLower + mapUpper) / 2;                                         // Eq. 3.3
        double shoLower = laterWaves * sho.min();                                       // Eq. 3.4
        double shoUpper = laterWaves * sho.max();                                       // Eq. 3.5
        double shoMid = (shoLower + shoUpper) / 2;                                      // Eq. 3.6
        double shuffle = shoMid + (reduces ? profile.firstShuffleAvg() : 0);            // Eq. 3.7
        double reduceLower = reduceWaves * profile.reduceMin();                         // Eq. 3.8
        double reduceUpper = reduceWaves * profile.reduceMax();                         // Eq. 3.9
        double reduce = (reduceLower + reduceUpper) / 2;                                // Eq. 3.10
        double jobLower = mapLower + (reduces ? profile.firstShuffleMin() : 0) + shoLower + reduceLower; // 3.11
        double jobUpper = mapUpper + (reduces ? profile.firstShuffleMax() : 0) + shoUpper + reduceUpper; // 3.12
        double job = map + shuffle + reduce;                                            // Eqs. 3.13-3.14
        return new CompletionEstimate(mapWaves, reduceWaves, mapLower, mapUpper, map, shoLower, shoUpper, shoMid,
                shuffle, reduceLower, reduceUpper, reduce, jobLower, jobUpper, job, sho.fromFirstWave());
    }

    /**
     * Seed 002 Eq. 3.15's A, B and C for {@code mapTasks} maps and {@code reduceTasks} reduces, with the same
     * stand-in for an unobserved Sho as {@link #estimate}. Without reduces B = C = 0.
     *
     * @throws IllegalArgumentException if a count is negative or the profile has no samples of a phase the job has
     */
    public static ClosedForm closedForm(JobProfile profile, int mapTasks, int reduceTasks) {
        check(profile, mapTasks, reduceTasks);
        var sho = otherShuffle(profile, reduceTasks);
        double a = mapTasks * (profile.mapMin() + profile.mapMax()) / 2;
        if (reduceTasks == 0) {
            return new ClosedForm(a, 0, 0);
        }
        double shoMid = (sho.min() + sho.max()) / 2;
        double b = reduceTasks * (sho.min() + sho.max() + profile.reduceMin() + profile.reduceMax()) / 2;
        double c = profile.firstShuffleAvg() - shoMid;
        return new ClosedForm(a, b, c);
    }

    /** ⌈tasks / slots⌉; 0 for no tasks. */
    static long waves(long tasks, long slots) {
        return tasks == 0 ? 0 : (tasks + slots - 1) / slots;
    }

    private static void check(JobProfile profile, int mapTasks, int reduceTasks) {
        Objects.requireNonNull(profile, "profile");
        if (mapTasks < 0 || reduceTasks < 0) {
            throw new IllegalArgumentException("task counts must be >= 0, were " + mapTasks + " maps and "
                    + reduceTasks + " reduces");
        }
        if (mapTasks > 0 && !profile.hasMaps()) {
            throw new IllegalArgumentException("the profile of '" + profile.jobName()
                    + "' has no map samples, so it cannot estimate " + mapTasks + " map tasks");
        }
        if (reduceTasks > 0 && !profile.hasReduces()) {
            throw new IllegalArgumentException("the profile of '" + profile.jobName()
                    + "' has no reduce samples, so it cannot estimate " + reduceTasks + " reduce tasks");
        }
    }

    private static void checkSlots(String phase, int tasks, String name, int slots) {
        if (slots < 0) {
            throw new IllegalArgumentException(name + " must be >= 0, was " + slots);
        }
        if (tasks > 0 && slots < 1) {
            throw new IllegalArgumentException(name + " must be >= 1 for " + tasks + " " + phase + " tasks, was "
                    + slots);
        }
    }

    private static OtherShuffle otherShuffle(JobProfile p, int reduceTasks) {
        if (reduceTasks > 0 && p.counts().otherShuffles() == 0) {
            return new OtherShuffle(p.firstShuffleMin(), p.firstShuffleMax(), true);
        }
        return new OtherShuffle(p.otherShuffleMin(), p.otherShuffleMax(), false);
    }

    private record OtherShuffle(double min, double max, boolean fromFirstWave) {
    }
}
