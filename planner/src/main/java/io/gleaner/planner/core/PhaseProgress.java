package io.gleaner.planner.core;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Progress of the {@code count} tasks of one kind of a job. Any fresh task (one that never had an attempt) can be
 * launched, in any order: FIFO launches them by index ({@link #runnable}), delay scheduling launches the one whose
 * chunk is on the asking node ({@link #runnableAmong}).
 *
 * @param launched  the tasks that have had at least one attempt
 * @param succeeded the tasks that succeeded, a subset of {@code launched}
 * @param relaunch  indexes of tasks whose latest attempt ended without success, waiting for their next
 *                  attempt, in the order they ended
 * @param attempts  latest attempt number by task index, for tasks past attempt 0; for a task in
 *                  {@code relaunch} or {@code backoff} it is the number its next attempt will get
 * @param failures  attempts that FAILED by task index, for tasks with at least one: what the attempt limit counts
 *                  ({@link RetryRules#maxAttempts()})
 * @param backoff   tasks whose latest attempt FAILED and that wait out the retry backoff, by task index: the time
 *                  from which their next attempt may be placed ({@link #releaseBackoff}); in neither
 *                  {@code relaunch} nor running
 */
public record PhaseProgress(int count, TaskSet launched, TaskSet succeeded, List<Integer> relaunch,
                            Map<Integer, Integer> attempts, Map<Integer, Integer> failures,
                            Map<Integer, Instant> backoff) {

    public PhaseProgress {
        Objects.requireNonNull(launched, "launched");
        Objects.requireNonNull(succeeded, "succeeded");
        relaunch = List.copyOf(relaunch);
        attempts = Map.copyOf(attempts);
        failures = Map.copyOf(failures);
        backoff = Map.copyOf(backoff);
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, was " + count);
        }
        if (launched.length() > count) {
            throw new IllegalArgumentException("task " + (launched.length() - 1) + " launched but there are only "
                    + count);
        }
        if (!launched.containsAll(succeeded)) {
            int task = succeeded.nextPresent(0);
            while (launched.contains(task)) {
                task = succeeded.nextPresent(task + 1);
            }
            throw new IllegalArgumentException("task " + task + " succeeded but was never launched");
        }
        var seen = new HashSet<Integer>();
        for (int index : relaunch) {
            if (index < 0 || !launched.contains(index) || succeeded.contains(index) || !seen.add(index)) {
                throw new IllegalArgumentException("task " + index + " cannot wait for relaunch: launched "
                        + launched + ", succeeded " + succeeded + ", relaunch " + relaunch);
            }
        }
        for (var entry : attempts.entrySet()) {
            int index = entry.getKey();
            if (!launched.contains(index) || entry.getValue() < 1) {
                throw new IllegalArgumentException("latest attempt " + entry.getValue() + " of task " + index
                        + " is impossible: it was never launched");
            }
        }
        for (var entry : failures.entrySet()) {
            if (!launched.contains(entry.getKey()) || entry.getValue() < 1) {
                throw new IllegalArgumentException(entry.getValue() + " failures of task " + entry.getKey()
                        + " are impossible: it was never launched, or the count is not positive");
            }
        }
        for (int index : backoff.keySet()) {
            if (!launched.contains(index) || succeeded.contains(index) || seen.contains(index)) {
                throw new IllegalArgumentException("task " + index + " cannot wait out a backoff: launched "
                        + launched + ", succeeded " + succeeded + ", relaunch " + relaunch);
            }
        }
    }

    /** Progress without failures or backoff. */
    public PhaseProgress(int count, TaskSet launched, TaskSet succeeded, List<Integer> relaunch,
                         Map<Integer, Integer> attempts) {
        this(count, launched, succeeded, relaunch, attempts, Map.of(), Map.of());
    }

    /**
     * Progress whose launched tasks are {@code 0..launchedPrefix-1}, as FIFO leaves it (and as a planner state
     * written before out-of-order launches holds it).
     */
    public PhaseProgress(int count, int launchedPrefix, TaskSet succeeded, List<Integer> relaunch,
                         Map<Integer, Integer> attempts) {
        this(count, prefix(launchedPrefix, count), succeeded, relaunch, attempts);
    }

    /** No task of {@code count} launched yet. */
    public static PhaseProgress start(int count) {
        return new PhaseProgress(count, TaskSet.EMPTY, TaskSet.EMPTY, List.of(), Map.of(), Map.of(), Map.of());
    }

    /** Number of tasks that have had at least one attempt. */
    int launchedCount() {
        return launched.size();
    }

    /** Number of leading tasks {@code 0..k-1} that have all been launched: the first fresh index, or count. */
    public int launchedPrefix() {
        return Math.min(launched.prefix(), count);
    }

    /** Whether task {@code taskIndex} has had at least one attempt. */
    public boolean isLaunched(int taskIndex) {
        return launched.contains(taskIndex);
    }

    /** Whether every task succeeded (true when there are none). */
    public boolean allSucceeded() {
        return succeeded.size() == count;
    }

    /** Whether task {@code taskIndex} succeeded. */
    public boolean hasSucceeded(int taskIndex) {
        return succeeded.contains(taskIndex);
    }

    /** Latest attempt number of task {@code taskIndex} (0 until it is relaunched). */
    public int latestAttempt(int taskIndex) {
        return attempts.getOrDefault(taskIndex, 0);
    }

    /** Whether some task waits for an attempt. */
    public boolean hasRunnable() {
        return !relaunch.isEmpty() || launched.size() < count;
    }

    /** Number of tasks waiting for an attempt: relaunches plus fresh tasks. */
    public int runnableCount() {
        return relaunch.size() + count - launched.size();
    }

    /**
     * Number of tasks whose latest attempt was placed and has not ended: launched, not succeeded, not waiting for
     * relaunch or out a backoff.
     */
    public int running() {
        return launched.size() - succeeded.size() - relaunch.size() - backoff.size();
    }

    /** Number of tasks neither running nor succeeded: never launched, waiting for a relaunch, or out a backoff. */
    public int unstarted() {
        return count - succeededCount() - running();
    }

    /** Attempts of task {@code taskIndex} that FAILED. */
    public int failures(int taskIndex) {
        return failures.getOrDefault(taskIndex, 0);
    }

    /** Attempts of all tasks that FAILED. */
    public int failedAttempts() {
        int sum = 0;
        for (int value : failures.values()) {
            sum += value;
        }
        return sum;
    }

    /** Number of tasks that succeeded. */
    public int succeededCount() {
        return succeeded.size();
    }

    /** The earliest time a task waiting out its backoff may get its next attempt; empty when none waits. */
    Optional<Instant> nextRelease() {
        return backoff.values().stream().min(Comparator.naturalOrder());
    }

    /**
     * The tasks whose backoff ended at or before {@code now} join the relaunch queue, in the order their backoffs
     * end (ties by index). This instance when none did.
     */
    PhaseProgress releaseBackoff(Instant now) {
        var due = backoff.entrySet().stream().filter(entry -> !entry.getValue().isAfter(now))
                .sorted(Map.Entry.<Integer, Instant>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .map(Map.Entry::getKey).toList();
        if (due.isEmpty()) {
            return this;
        }
        var newRelaunch = new ArrayList<>(relaunch);
        newRelaunch.addAll(due);
        var newBackoff = new HashMap<>(backoff);
        due.forEach(newBackoff::remove);
        return new PhaseProgress(count, launched, succeeded, newRelaunch, attempts, failures, newBackoff);
    }

    /** Up to {@code limit} attempts ready to place: relaunches in the order they ended, then fresh tasks by index. */
    public List<TaskAttempt> runnable(String jobId, TaskKind kind, int limit) {
        var result = new ArrayList<TaskAttempt>(Math.max(0, Math.min(limit, relaunch.size() + count)));
        for (int i = 0; i < relaunch.size() && result.size() < limit; i++) {
            int index = relaunch.get(i);
            result.add(new TaskAttempt(jobId, kind, index, latestAttempt(index)));
        }
        for (int index = launched.prefix(); index < count && result.size() < limit;
                index = launched.nextMissing(index + 1)) {
            result.add(new TaskAttempt(jobId, kind, index, 0));
        }
        return result;
    }

    /**
     * Up to {@code limit} attempts ready to place among the tasks {@code among} names: relaunches of those tasks in
     * the order they ended, then their fresh tasks by index. The search tests the launched tasks a word (64 tasks)
     * at a time ({@link #firstFresh}), not a task at a time.
     */
    List<TaskAttempt> runnableAmong(String jobId, TaskKind kind, List<IndexProgression> among, int limit) {
        var result = new ArrayList<TaskAttempt>();
        if (limit <= 0 || among.isEmpty()) {
            return result;
        }
        for (int i = 0; i < relaunch.size() && result.size() < limit; i++) {
            int index = relaunch.get(i);
            if (contains(among, index)) {
                result.add(new TaskAttempt(jobId, kind, index, latestAttempt(index)));
            }
        }
        // Merge the progressions' fresh tasks by index: next[k] is progression k's smallest fresh index not taken.
        var next = new int[among.size()];
        for (int k = 0; k < next.length; k++) {
            next[k] = firstFresh(among.get(k), 0);
        }
        while (result.size() < limit) {
            int best = -1;
            for (int k = 0; k < next.length; k++) {
                if (next[k] < count && (best < 0 || next[k] < next[best])) {
                    best = k;
                }
            }
            if (best < 0) {
                break;
            }
            int index = next[best];
            result.add(new TaskAttempt(jobId, kind, index, 0));
            for (int k = 0; k < next.length; k++) {
                if (next[k] == index) {
                    next[k] = firstFresh(among.get(k), index + 1);
                }
            }
        }
        return result;
    }

    /**
     * The smallest fresh task index of {@code progression} that is {@code >= from}, or {@code count} when there is
     * none. For a step of at most 64, every word of the launched set holds at least one index of the progression,
     * so it tests a word at a time against the progression's bits: a 60,000-task phase costs at most 938 word
     * tests, however its launched tasks interleave with the progression (delay scheduling launches the node-local
     * ones, which are every N-th, and others).
     */
    int firstFresh(IndexProgression progression, int from) {
        long start = progression.ceiling(from);
        if (start >= count) {
            return count;
        }
        int step = progression.step();
        if (step > Long.SIZE) {
            for (long index = start; index < count; index += step) {
                if (!launched.contains((int) index)) {
                    return (int) index;
                }
            }
            return count;
        }
        long pattern = 0;
        for (int bit = 0; bit < Long.SIZE; bit += step) {
            pattern |= 1L << bit;
        }
        for (long base = start & -Long.SIZE; base < count; base += Long.SIZE) {
            // the progression's first index in this word at or after start
            long first = progression.ceiling((int) Math.max(base, start));
            if (first >= base + Long.SIZE) {
                continue;
            }
            long mask = pattern << (first - base);
            if (count - base < Long.SIZE) {
                mask &= (1L << (count - base)) - 1;
            }
            long fresh = ~launched.word((int) (base >>> 6)) & mask;
            if (fresh != 0) {
                return (int) (base + Long.numberOfTrailingZeros(fresh));
            }
        }
        return count;
    }

    /** Whether that attempt was placed: an earlier attempt, or the latest one once it left the relaunch queue. */
    boolean wasPlaced(int taskIndex, int attempt) {
        if (taskIndex < 0 || taskIndex >= count || !launched.contains(taskIndex) || attempt < 0) {
            return false;
        }
        int latest = latestAttempt(taskIndex);
        return attempt < latest || attempt == latest && !relaunch.contains(taskIndex) && !backoff.containsKey(taskIndex);
    }

    /** Whether that attempt was placed and has not ended: the task's latest attempt, out of the relaunch queue. */
    public boolean isRunning(int taskIndex, int attempt) {
        return wasPlaced(taskIndex, attempt) && attempt == latestAttempt(taskIndex) && !succeeded.contains(taskIndex);
    }

    /**
     * Records that these attempts were placed. Each must be runnable: a fresh task (attempt 0) or a task waiting
     * for relaunch with its latest attempt number; anything else is a policy bug.
     */
    public PhaseProgress withPlaced(Collection<TaskAttempt> placed) {
        var newLaunched = launched;
        var newRelaunch = new ArrayList<>(relaunch);
        for (var attempt : placed) {
            int index = attempt.taskIndex();
            if (index < count && !newLaunched.contains(index) && attempt.attempt() == 0) {
                newLaunched = newLaunched.with(index);
            } else if (newRelaunch.contains(index) && attempt.attempt() == latestAttempt(index)) {
                newRelaunch.remove(Integer.valueOf(index));
            } else {
                throw new IllegalArgumentException("attempt " + attempt.decisionId() + " is not runnable: "
                        + (index >= count ? "only " + count + " tasks"
                                : newLaunched.contains(index) ? "task already launched"
                                : "fresh task, attempt must be 0")
                        + ", relaunch " + newRelaunch);
            }
        }
        return new PhaseProgress(count, newLaunched, succeeded, newRelaunch, attempts, failures, backoff);
    }

    /**
     * Applies the end (or launch) of attempt {@code attempt} of task {@code taskIndex}; see
     * {@link JobProgress#onOutcome} for the rules. Returns this instance when nothing changes.
     */
    public PhaseProgress onOutcome(int taskIndex, int attempt, TaskOutcome.State state) {
        return onOutcome(taskIndex, attempt, state, Optional.empty());
    }

    /**
     * The same, a FAILED attempt also counting against its task; with {@code retryAt}, the task of a FAILED attempt
     * waits out its backoff until then ({@link #releaseBackoff}) instead of joining the relaunch queue at once.
     */
    public PhaseProgress onOutcome(int taskIndex, int attempt, TaskOutcome.State state,
                                   Optional<Instant> retryAt) {
        if (!wasPlaced(taskIndex, attempt) || succeeded.contains(taskIndex) || attempt != latestAttempt(taskIndex)) {
            return this;
        }
        if (state == TaskOutcome.State.SUCCEEDED) {
            return new PhaseProgress(count, launched, succeeded.with(taskIndex), relaunch, attempts, failures,
                    backoff);
        }
        if (state.endedWithoutSuccess()) {
            var newAttempts = new HashMap<>(attempts);
            newAttempts.put(taskIndex, attempt + 1);
            var newFailures = failures;
            var newRelaunch = relaunch;
            var newBackoff = backoff;
            if (state == TaskOutcome.State.FAILED) {
                newFailures = new HashMap<>(failures);
                newFailures.merge(taskIndex, 1, Integer::sum);
            }
            if (state == TaskOutcome.State.FAILED && retryAt.isPresent()) {
                newBackoff = new HashMap<>(backoff);
                newBackoff.put(taskIndex, retryAt.get());
            } else {
                newRelaunch = new ArrayList<>(relaunch);
                newRelaunch.add(taskIndex);
            }
            return new PhaseProgress(count, launched, succeeded, newRelaunch, newAttempts, newFailures, newBackoff);
        }
        return this;
    }

    private static boolean contains(List<IndexProgression> among, int index) {
        for (var progression : among) {
            if (progression.contains(index)) {
                return true;
            }
        }
        return false;
    }

    private static TaskSet prefix(int launchedPrefix, int count) {
        if (launchedPrefix < 0 || launchedPrefix > count) {
            throw new IllegalArgumentException("launched must be in 0.." + count + ", was " + launchedPrefix);
        }
        return TaskSet.range(0, launchedPrefix);
    }
}
