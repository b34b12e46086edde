package io.gleaner.planner.core;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Progress of the {@code count} tasks of one kind of a job. Fresh tasks are placed in index order, so
 * tasks {@code 0..launched-1} have had at least one attempt and the rest none.
 *
 * @param launched  tasks {@code 0..launched-1} have had at least one attempt
 * @param succeeded indexes of the tasks that succeeded (the record keeps its own copy)
 * @param relaunch  indexes of tasks whose latest attempt ended without success, waiting for their next
 *                  attempt, in the order they ended
 * @param attempts  latest attempt number by task index, for tasks past attempt 0; for a task in
 *                  {@code relaunch} it is the number its next attempt will get
 */
public record PhaseProgress(int count, int launched, BitSet succeeded, List<Integer> relaunch,
                            Map<Integer, Integer> attempts) {

    public PhaseProgress {
        Objects.requireNonNull(succeeded, "succeeded");
        succeeded = (BitSet) succeeded.clone();
        relaunch = List.copyOf(relaunch);
        attempts = Map.copyOf(attempts);
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, was " + count);
        }
        if (launched < 0 || launched > count) {
            throw new IllegalArgumentException("launched must be in 0.." + count + ", was " + launched);
        }
        if (succeeded.length() > launched) {
            throw new IllegalArgumentException("task " + (succeeded.length() - 1) + " succeeded but only "
                    + launched + " were launched");
        }
        var seen = new HashSet<Integer>();
        for (int index : relaunch) {
            if (index < 0 || index >= launched || succeeded.get(index) || !seen.add(index)) {
                throw new IllegalArgumentException("task " + index + " cannot wait for relaunch: launched " + launched
                        + ", succeeded " + succeeded + ", relaunch " + relaunch);
            }
        }
        attempts.forEach((index, attempt) -> {
            if (index < 0 || index >= launched || attempt < 1) {
                throw new IllegalArgumentException("latest attempt " + attempt + " of task " + index
                        + " is impossible with " + launched + " launched");
            }
        });
    }

    /** No task of {@code count} launched yet. */
    public static PhaseProgress start(int count) {
        return new PhaseProgress(count, 0, new BitSet(), List.of(), Map.of());
    }

    @Override
    public BitSet succeeded() {
        return (BitSet) succeeded.clone();
    }

    /** Whether every task succeeded (true when there are none). */
    public boolean allSucceeded() {
        return succeeded.cardinality() == count;
    }

    /** Whether task {@code taskIndex} succeeded. */
    public boolean hasSucceeded(int taskIndex) {
        return succeeded.get(taskIndex);
    }

    /** Latest attempt number of task {@code taskIndex} (0 until it is relaunched). */
    public int latestAttempt(int taskIndex) {
        return attempts.getOrDefault(taskIndex, 0);
    }

    /** Whether some task waits for an attempt. */
    public boolean hasRunnable() {
        return !relaunch.isEmpty() || launched < count;
    }

    /** Up to {@code limit} attempts ready to place: relaunches in the order they ended, then fresh tasks by index. */
    public List<TaskAttempt> runnable(String jobId, TaskKind kind, int limit) {
        var result = new ArrayList<TaskAttempt>(Math.min(limit, relaunch.size() + count - launched));
        for (int i = 0; i < relaunch.size() && result.size() < limit; i++) {
            int index = relaunch.get(i);
            result.add(new TaskAttempt(jobId, kind, index, latestAttempt(index)));
        }
        for (int index = launched; index < count && result.size() < limit; index++) {
            result.add(new TaskAttempt(jobId, kind, index, 0));
        }
        return result;
    }

    /** Whether that attempt was placed: an earlier attempt, or the latest one once it left the relaunch queue. */
    public boolean wasPlaced(int taskIndex, int attempt) {
        if (taskIndex < 0 || taskIndex >= launched || attempt < 0) {
            return false;
        }
        int latest = latestAttempt(taskIndex);
        return attempt < latest || attempt == latest && !relaunch.contains(taskIndex);
    }

    /**
     * Records that these attempts were placed. Each must be runnable: the next fresh task (attempt 0) or a
     * task waiting for relaunch with its latest attempt number; anything else is a policy bug.
     */
    public PhaseProgress withPlaced(Collection<TaskAttempt> placed) {
        int newLaunched = launched;
        var newRelaunch = new ArrayList<>(relaunch);
        for (var attempt : placed) {
            int index = attempt.taskIndex();
            if (index == newLaunched && newLaunched < count && attempt.attempt() == 0) {
                newLaunched++;
            } else if (newRelaunch.contains(index) && attempt.attempt() == latestAttempt(index)) {
                newRelaunch.remove(Integer.valueOf(index));
            } else {
                throw new IllegalArgumentException("attempt " + attempt.decisionId() + " is not runnable: launched "
                        + newLaunched + " of " + count + ", relaunch " + newRelaunch);
            }
        }
        return new PhaseProgress(count, newLaunched, succeeded, newRelaunch, attempts);
    }

    /**
     * Applies the end (or launch) of attempt {@code attempt} of task {@code taskIndex}; see
     * {@link JobProgress#onOutcome} for the rules. Returns this instance when nothing changes.
     */
    public PhaseProgress onOutcome(int taskIndex, int attempt, TaskOutcome.State state) {
        if (!wasPlaced(taskIndex, attempt) || succeeded.get(taskIndex) || attempt != latestAttempt(taskIndex)) {
            return this;
        }
        if (state == TaskOutcome.State.SUCCEEDED) {
            var newSucceeded = (BitSet) succeeded.clone();
            newSucceeded.set(taskIndex);
            return new PhaseProgress(count, launched, newSucceeded, relaunch, attempts);
        }
        if (state.endedWithoutSuccess()) {
            var newRelaunch = new ArrayList<>(relaunch);
            newRelaunch.add(taskIndex);
            var newAttempts = new HashMap<>(attempts);
            newAttempts.put(taskIndex, attempt + 1);
            return new PhaseProgress(count, launched, succeeded, newRelaunch, newAttempts);
        }
        return this;
    }
}
