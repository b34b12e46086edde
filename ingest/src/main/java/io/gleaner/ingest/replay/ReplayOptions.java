package io.gleaner.ingest.replay;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * How a replay runs.
 *
 * @param speed trace seconds per wall second: 1.0 is real time, 10 is ten times faster,
 *     {@link Double#POSITIVE_INFINITY} sends as fast as the sink takes records and never waits
 * @param progressEvery report progress after every this many rows (records, rejections and skipped rows)
 * @param expectedRecords how many parsed rows the replay should go through (sent or skipped), when known
 *     (e.g. the reader's limit), for the progress ETA
 * @param window the part of the trace, in trace time, to replay; rows outside are skipped and counted
 * @param sampler which keys (node ids, job ids) to replay; rows with other keys are skipped and counted
 */
public record ReplayOptions(double speed, int progressEvery, OptionalLong expectedRecords, ReplayWindow window,
        KeySampler sampler) {

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
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(sampler, "sampler");
    }

    /** Options over the whole trace and every key. */
    public ReplayOptions(double speed, int progressEvery, OptionalLong expectedRecords) {
        this(speed, progressEvery, expectedRecords, ReplayWindow.all(), KeySampler.all());
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
        return new ReplayOptions(speed, rows, expectedRecords, window, sampler);
    }

    /** These options with a known number of parsed rows to go through. */
    public ReplayOptions withExpectedRecords(long records) {
        return new ReplayOptions(speed, progressEvery, OptionalLong.of(records), window, sampler);
    }

    /** These options replaying only {@code newWindow}. */
    public ReplayOptions withWindow(ReplayWindow newWindow) {
        return new ReplayOptions(speed, progressEvery, expectedRecords, newWindow, sampler);
    }

    /** These options replaying only the keys {@code newSampler} keeps. */
    public ReplayOptions withSampler(KeySampler newSampler) {
        return new ReplayOptions(speed, progressEvery, expectedRecords, window, newSampler);
    }

    /** Whether the replay waits for event times at all. */
    public boolean paced() {
        return speed != Double.POSITIVE_INFINITY;
    }
}
