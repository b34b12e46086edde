package io.gleaner.planner.core;

import java.time.Instant;
import java.util.Comparator;

/**
 * The FIFO order of jobs, (submitTime, jobId), as a string key: submit time in epoch millis zero-padded to
 * 19 digits (every non-negative long), a slash, the job id. Sorting the keys by code point, which is the
 * byte order of their UTF-8 encoding and so the order of a RocksDB range scan, sorts the jobs by submit
 * time, ties by job id (also by code point).
 */
public final class JobOrder {

    /** Code-point order of keys: the same as the byte order of their UTF-8 encoding. */
    public static final Comparator<String> KEYS = JobOrder::compareCodePoints;

    /**
     * Jobs in FIFO order: the order of their {@link #key keys}, compared without building them (a plan sorts the
     * whole queue).
     */
    public static final Comparator<Job> JOBS = Comparator
            .comparingLong((Job job) -> millis(job.submitTime()))
            .thenComparing(Job::jobId, KEYS);

    /** Digits of the zero-padded submit time: every non-negative long. */
    private static final int MILLIS_DIGITS = 19;

    private JobOrder() {
    }

    /** The order key of {@code job}. */
    public static String key(Job job) {
        return key(job.submitTime(), job.jobId());
    }

    /** The order key of a job submitted at {@code submitTime} (not before 1970) with id {@code jobId}. */
    public static String key(Instant submitTime, String jobId) {
        String digits = Long.toString(millis(submitTime));
        return "0".repeat(MILLIS_DIGITS - digits.length()) + digits + '/' + jobId;
    }

    private static long millis(Instant submitTime) {
        long millis = submitTime.toEpochMilli();
        if (millis < 0) {
            throw new IllegalArgumentException("submitTime must not be before " + Instant.EPOCH + ", was " + submitTime);
        }
        return millis;
    }

    private static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }
}
