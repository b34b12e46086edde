package io.gleaner.classifier.estimate;

/**
 * How many task samples stand behind each statistic of a {@link JobProfile}, so that profiles merge exactly
 * (count-weighted averages) and a statistic with no sample is told apart from one that measured zero
 * (seed 002 notes §2.2 item 6 and §8.4 item 3: later-wave shuffle is unobservable in single-wave runs).
 *
 * <p>Every reduce gives one shuffle sample, first-wave or later-wave, so
 * {@code firstShuffles + otherShuffles == reduces}.
 *
 * @param maps          map tasks behind Mt_min/avg/max
 * @param firstShuffles first-wave reduces behind Shf_min/avg/max
 * @param otherShuffles later-wave reduces behind Sho_min/avg/max
 * @param reduces       reduce tasks behind Rt_min/avg/max
 */
public record SampleCounts(long maps, long firstShuffles, long otherShuffles, long reduces) {

    public SampleCounts {
        if (maps < 0 || firstShuffles < 0 || otherShuffles < 0 || reduces < 0) {
            throw new IllegalArgumentException("counts must be >= 0, were maps " + maps + ", firstShuffles "
                    + firstShuffles + ", otherShuffles " + otherShuffles + ", reduces " + reduces);
        }
        if (firstShuffles + otherShuffles != reduces) {
            throw new IllegalArgumentException("firstShuffles + otherShuffles must equal reduces, were "
                    + firstShuffles + " + " + otherShuffles + " and " + reduces);
        }
    }

    /** The counts of both profiles together. */
    public SampleCounts plus(SampleCounts other) {
        return new SampleCounts(maps + other.maps, firstShuffles + other.firstShuffles,
                otherShuffles + other.otherShuffles, reduces + other.reduces);
    }
}
