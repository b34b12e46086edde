package io.gleaner.ingest.replay;

import java.util.OptionalLong;

/**
 * How a replay runs.
 *
 * @param speed trace seconds per wall second: 1.0 is real time, 10 is ten times faster,
 *     {@link Double#POSITIVE_INFINITY} sends as fast as the sink takes records and never waits
 * @param progressEvery report progress after every this many rows (records and rejections)
 * @param expectedRecords how many records the replay should send, when known (e.g. the job limit), for
 *     the progress ETA
 */
public record ReplayOptions(double speed, int progressEvery, OptionalLong expectedRecords) {

    /** Progress is reported after this many rows unless told otherwise. */
    public static final int DEFAULT_PROGRESS_EVERY = 1000;

    public ReplayOptions {
        if (!(speed > 0)) {
            throw new IllegalArgumentException("speed must be > 0 (Infinity for as fast as possible), was " + speed);
        }
        if (progressEvery < 1) {
            throw new IllegalArgumentException("progressEvery must be >= 1, was " + progressEvery);
        }
        if (expectedRecords == null) {
            expectedRecords = OptionalLong.empty();
        }
        if (expectedRecords.isPresent() && expectedRecords.getAsLong() < 0) {
            throw new IllegalArgumentException("expectedRecords must be >= 0, was " + expectedRecords.getAsLong());
        }
    }

    /** A replay at {@code speed}, progress every {@value #DEFAULT_PROGRESS_EVERY} rows, no expected count. */
    public static ReplayOptions atSpeed(double speed) {
        return new ReplayOptions(speed, DEFAULT_PROGRESS_EVERY, OptionalLong.empty());
    }

    /** A replay that never waits. */
    public static ReplayOptions asFastAsPossible() {
        return atSpeed(Double.POSITIVE_INFINITY);
    }

    /** These options with progress every {@code rows} rows. */
    public ReplayOptions withProgressEvery(int rows) {
        return new ReplayOptions(speed, rows, expectedRecords);
    }

    /** These options with a known number of records to send. */
    public ReplayOptions withExpectedRecords(long records) {
        return new ReplayOptions(speed, progressEvery, OptionalLong.of(records));
    }

    /** Whether the replay waits for event times at all. */
    public boolean paced() {
        return speed != Double.POSITIVE_INFINITY;
    }
}
