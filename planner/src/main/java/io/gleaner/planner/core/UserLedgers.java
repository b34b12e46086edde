package io.gleaner.planner.core;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The queue as the user-based policies ({@code FairPolicy}, {@code CoshhPolicy}) need it on every heartbeat, kept
 * between heartbeats from the cell's {@link PlacementPolicy#onProgress} instead of a pass over the queue each time:
 * per user her running attempts, her runnable tasks and her jobs with runnable tasks in FIFO order
 * ({@link JobOrder}).
 *
 * <p>A new instance (a restarted planner) is built from the queue on its policy's first heartbeat
 * ({@link #build}) and ignores changes before it, which that queue already holds.
 */
public final class UserLedgers {

    /** One user's share of the queue. */
    public static final class UserLedger {
        private final Pool pool;
        private final TreeMap<String, JobProgress> runnable = new TreeMap<>(JobOrder.KEYS);
        private int running;
        private int runnableTasks;

        private UserLedger(Pool pool) {
            this.pool = pool;
        }

        public Pool pool() {
            return pool;
        }

        /** Her attempts placed and not ended, over all her jobs. */
        public int running() {
            return running;
        }

        /** Her tasks that could be launched now, over all her jobs. */
        public int runnableTasks() {
            return runnableTasks;
        }

        /** Her jobs with runnable tasks, oldest first, as they were before this heartbeat. */
        public Collection<JobProgress> runnableJobs() {
            return runnable.values();
        }

        /** Her jobs with runnable tasks from order key ({@link JobOrder#key}) {@code key} on, oldest first. */
        public Collection<JobProgress> runnableJobsFrom(String key) {
            return runnable.tailMap(key, true).values();
        }
    }

    private final Map<String, Pool> pools;
    private final Map<String, UserLedger> users = new HashMap<>();
    private boolean built;

    /** @param pools the users' pools by user; users not in it get {@link Pool#unlisted} */
    public UserLedgers(Map<String, Pool> pools) {
        this.pools = pools;
    }

    /** Takes in a change of a job's progress ({@link PlacementPolicy#onProgress}); nothing before {@link #build}. */
    public void onProgress(Optional<JobProgress> before, Optional<JobProgress> after) {
        if (!built) {
            return;
        }
        before.ifPresent(this::forget);
        after.ifPresent(this::remember);
    }

    /**
     * Builds the ledgers from {@code queue} the first time it is called, and says whether it did: the caller may have
     * more to take in from the queue then.
     */
    public boolean build(List<JobProgress> queue) {
        if (built) {
            return false;
        }
        queue.forEach(this::remember);
        built = true;
        return true;
    }

    /** Whether {@link #build} has run: from then on, the ledgers follow {@link #onProgress}. */
    public boolean built() {
        return built;
    }

    /** The users with runnable tasks, in no particular order. */
    public List<UserLedger> withRunnable() {
        return users.values().stream().filter(user -> !user.runnable.isEmpty()).toList();
    }

    private void remember(JobProgress progress) {
        var user = progress.job().user();
        var ledger = users.computeIfAbsent(user, u -> new UserLedger(pools.getOrDefault(u, Pool.unlisted(u))));
        ledger.running += progress.running();
        if (progress.hasRunnable()) {
            ledger.runnable.put(JobOrder.key(progress.job()), progress);
            ledger.runnableTasks += progress.runnableCount();
        }
    }

    private void forget(JobProgress progress) {
        var ledger = users.get(progress.job().user());
        ledger.running -= progress.running();
        if (ledger.runnable.remove(JobOrder.key(progress.job())) != null) {
            ledger.runnableTasks -= progress.runnableCount();
        }
    }
}
