package io.gleaner.classifier.estimate;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One successful task attempt as the profiles see it: which job, which phase, on which node type, when, and how
 * many bytes it read. Failed, killed and preempted attempts do not belong here (seed 002 notes §7.1: only
 * successful attempts count toward the profile).
 *
 * <p>{@code shuffleEnd} is the end of shuffle and sort of a reduce (Hadoop 1.x's SORT_FINISHED, seed 002 notes
 * §2.2 item 3), when the trace has it. Gleaner's {@code TaskReport} does not carry it, so it is usually empty;
 * {@link ProfileBuilder} then infers it (see there).
 *
 * @param jobId       the job this attempt belongs to (one run)
 * @param jobName     the name shared by runs of the same job; profiles are keyed by it
 * @param phase       map or reduce
 * @param nodeType    the type of node the attempt ran on (the key of the online means)
 * @param start       when the attempt started
 * @param end         when it succeeded, not before {@code start}
 * @param inputBytes  bytes it read, &gt;= 0
 * @param shuffleEnd  for a reduce, when its shuffle and sort ended, within [start, end]; empty for maps
 */
public record TaskRun(String jobId, String jobName, Phase phase, String nodeType, Instant start, Instant end,
                      long inputBytes, Optional<Instant> shuffleEnd) {

    public TaskRun {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(jobName, "jobName");
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(nodeType, "nodeType");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(shuffleEnd, "shuffleEnd");
        if (jobId.isBlank() || jobName.isBlank() || nodeType.isBlank()) {
            throw new IllegalArgumentException("jobId, jobName and nodeType must not be blank, were '" + jobId
                    + "', '" + jobName + "', '" + nodeType + "'");
        }
        if (end.isBefore(start)) {
            throw new IllegalArgumentException("end must not be before start, were " + start + " and " + end
                    + " in job " + jobId);
        }
        if (inputBytes < 0) {
            throw new IllegalArgumentException("inputBytes must be >= 0, was " + inputBytes + " in job " + jobId);
        }
        if (shuffleEnd.isPresent()) {
            Instant s = shuffleEnd.get();
            if (phase != Phase.REDUCE) {
                throw new IllegalArgumentException("only a reduce has a shuffleEnd, a " + phase + " of job " + jobId
                        + " had " + s);
            }
            if (s.isBefore(start) || s.isAfter(end)) {
                throw new IllegalArgumentException("shuffleEnd must be within [start, end] = [" + start + ", " + end
                        + "], was " + s + " in job " + jobId);
            }
        }
    }

    /** A map attempt. */
    public static TaskRun map(String jobId, String jobName, String nodeType, Instant start, Instant end,
                              long inputBytes) {
        return new TaskRun(jobId, jobName, Phase.MAP, nodeType, start, end, inputBytes, Optional.empty());
    }

    /** A reduce attempt, with its shuffle end if the trace has it. */
    public static TaskRun reduce(String jobId, String jobName, String nodeType, Instant start, Instant end,
                                 long inputBytes, Optional<Instant> shuffleEnd) {
        return new TaskRun(jobId, jobName, Phase.REDUCE, nodeType, start, end, inputBytes, shuffleEnd);
    }

    /** The attempt's length, {@code end − start}, in milliseconds (fractional below a millisecond). */
    public double millis() {
        return millisBetween(start, end);
    }

    static double millisBetween(Instant from, Instant to) {
        return Duration.between(from, to).toNanos() / 1e6;
    }
}
