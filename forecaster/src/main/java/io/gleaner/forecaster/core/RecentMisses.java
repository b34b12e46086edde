package io.gleaner.forecaster.core;

import java.util.Arrays;

/**
 * The times of a series' misses within the last day ({@link MissReaction}), oldest first; immutable. Times are epoch
 * milliseconds in the stage and step indices in the evaluation: any clock, as long as {@code day} is in its unit.
 */
public final class RecentMisses {

    /** No miss. */
    public static final RecentMisses NONE = new RecentMisses(new long[0]);

    private final long[] times;

    private RecentMisses(long[] times) {
        this.times = times;
    }

    /** The misses at {@code times}, oldest first. */
    public static RecentMisses of(long... times) {
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        return new RecentMisses(sorted);
    }

    /** These misses as of {@code now}: those after {@code now - day}. */
    public RecentMisses asOf(long now, long day) {
        int first = 0;
        while (first < times.length && times[first] <= now - day) {
            first++;
        }
        return first == 0 ? this : new RecentMisses(Arrays.copyOfRange(times, first, times.length));
    }

    /** These misses as of {@code time} with one more at {@code time}. */
    public RecentMisses plus(long time, long day) {
        var kept = asOf(time, day).times;
        long[] out = Arrays.copyOf(kept, kept.length + 1);
        out[kept.length] = time;
        Arrays.sort(out);
        return new RecentMisses(out);
    }

    /** How many. */
    public int count() {
        return times.length;
    }

    /** The times, oldest first. */
    public long[] times() {
        return times.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RecentMisses that && Arrays.equals(times, that.times);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(times);
    }

    @Override
    public String toString() {
        return "RecentMisses" + Arrays.toString(times);
    }
}
