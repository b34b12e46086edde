package io.gleaner.planner.core.salamander.solver;

import java.util.SplittableRandom;

/**
 * The moves of {@link LateAcceptanceTabuSearch} on an {@link Occupancy}, each feasible by construction (Eqs. 4–6 and
 * the job's precedence are tested per placement) and undoable from a log of the places it changed.
 *
 * <p>The paper's (§III-B2): {@link #change}, {@link #swap}, {@link #earlier}; {@link #insert} (an unscheduled job by
 * Algorithm 1); {@link #mutate} (Algorithm 2). Ours, aimed at the makespan: {@link #relocate},
 * {@link #ruinAndRecreate}, {@link #reposition}, {@link #eject} and {@link #rebuild}; and {@link #insertWithRuin} for
 * the first objective. They share one placement rule, {@link #placeEarliestEnd}: the node and start where the task
 * ends earliest, then where it uses the least capacity, then the slowest node.
 */
final class SearchMoves {

    /** How often {@link #insertWithRuin} skips a node when it puts a task back: greedy placement needs some noise. */
    private static final double BLINK = 0.05;

    private final Occupancy occ;
    private final Instance instance;
    private final SplittableRandom random;
    private final int[] order;
    /** Per job, the longest of its reduces' fastest runs: how long before T its maps must end. */
    private final int[] reduceTail;
    /** Per node, the sum of Te over all tasks: larger is slower. */
    private final long[] slowness;

    // the undo log: task, node before (−1: unscheduled), start before
    private int[] logTask = new int[64];
    private int[] logNode = new int[64];
    private int[] logStart = new int[64];
    private int logSize;
    private final int[] seen;
    private int stamp;
    private final int[] scratch;
    private final int[] jobStamp;

    SearchMoves(Occupancy occ, SplittableRandom random) {
        this.occ = occ;
        this.instance = occ.instance;
        this.random = random;
        order = new int[instance.nodeCount()];
        for (int n = 0; n < order.length; n++) {
            order[n] = n;
        }
        reduceTail = new int[instance.jobs().size()];
        for (int j = 0; j < reduceTail.length; j++) {
            for (int r : instance.jobReduces(j)) {
                reduceTail[j] = Math.max(reduceTail[j], instance.minTe(r));
            }
        }
        slowness = new long[instance.nodeCount()];
        for (int i = 0; i < instance.taskCount(); i++) {
            for (int n = 0; n < slowness.length; n++) {
                slowness[n] += instance.te(i, n);
            }
        }
        jobStamp = new int[instance.jobs().size()];
        seen = new int[instance.taskCount()];
        scratch = new int[instance.taskCount()];
    }

    /** Starts a new move: an empty log. */
    void begin() {
        logSize = 0;
    }

    /** How many places the move changed (a task may count twice). */
    int touchedCount() {
        return logSize;
    }

    /** The k-th task the move changed. */
    int touched(int k) {
        return logTask[k];
    }

    /** Puts every task the move changed back where it was. */
    void undo() {
        for (int k = logSize - 1; k >= 0; k--) {
            if (occ.isPlaced(logTask[k])) {
                occ.remove(logTask[k]);
            }
        }
        stamp++;
        for (int k = 0; k < logSize; k++) {
            int i = logTask[k];
            // a task lifted twice goes back to its first recorded place
            if (seen[i] != stamp) {
                seen[i] = stamp;
                if (logNode[k] >= 0) {
                    occ.place(i, logNode[k], logStart[k]);
                }
            }
        }
        logSize = 0;
    }

    private void log(int i) {
        if (logSize == logTask.length) {
            logTask = java.util.Arrays.copyOf(logTask, logSize * 2);
            logNode = java.util.Arrays.copyOf(logNode, logSize * 2);
            logStart = java.util.Arrays.copyOf(logStart, logSize * 2);
        }
        logTask[logSize] = i;
        logNode[logSize] = occ.node[i];
        logStart[logSize] = occ.start[i];
        logSize++;
    }

    /** Takes task i out, logged. */
    private void lift(int i) {
        log(i);
        if (occ.isPlaced(i)) {
            occ.remove(i);
        }
    }

    /** Places i at (n, s) if Eqs. 4–6 and the job's precedence allow it. */
    private boolean tryPlace(int i, int n, int s) {
        int job = instance.jobOf(i);
        boolean ordered = instance.isReduce(i) ? s >= occ.mapsEnd(job)
                : s + instance.te(i, n) <= occ.reducesStart(job);
        if (ordered && occ.fits(i, n, s)) {
            occ.place(i, n, s);
            return true;
        }
        return false;
    }

    private int randomMovable() {
        int i = random.nextInt(instance.taskCount());
        return occ.isPlaced(i) && !instance.isPinned(i) ? i : -1;
    }

    /** Paper: a random task to a random node or a random start. */
    boolean change() {
        int i = randomMovable();
        if (i < 0) {
            return false;
        }
        int n = occ.node[i];
        int s = occ.start[i];
        if (random.nextBoolean()) {
            n = random.nextInt(instance.nodeCount());
        } else {
            s = random.nextInt(instance.steps());
        }
        lift(i);
        if (!tryPlace(i, n, s)) {
            undo();
            return false;
        }
        return true;
    }

    /** Paper: swap the nodes or the starts of two random tasks. */
    boolean swap() {
        int a = randomMovable();
        int b = randomMovable();
        if (a < 0 || b < 0 || a == b) {
            return false;
        }
        boolean nodes = random.nextBoolean();
        int na = nodes ? occ.node[b] : occ.node[a];
        int sa = nodes ? occ.start[a] : occ.start[b];
        int nb = nodes ? occ.node[a] : occ.node[b];
        int sb = nodes ? occ.start[b] : occ.start[a];
        lift(a);
        lift(b);
        if (!tryPlace(a, na, sa) || !tryPlace(b, nb, sb)) {
            undo();
            return false;
        }
        return true;
    }

    /** Paper: a random task to its earliest feasible start on its node. */
    boolean earlier() {
        int i = randomMovable();
        return i >= 0 && moveEarlier(i);
    }

    /** Task i to its earliest feasible start on its node, if earlier than now; unchanged (and unlogged) if not. */
    private boolean moveEarlier(int i) {
        int n = occ.node[i];
        int s = occ.start[i];
        int job = instance.jobOf(i);
        int from = instance.isReduce(i) ? occ.mapsEnd(job) : 0;
        if (from >= s) {
            return false;
        }
        int mark = logSize;
        lift(i);
        int t = occ.earliestStart(i, n, from, s - 1 + instance.te(i, n));
        if (t >= 0 && tryPlace(i, n, t)) {
            return true;
        }
        occ.place(i, n, s);
        logSize = mark;
        return false;
    }

    /** An unscheduled job, by Algorithm 1 (Eq. 5 makes a single task of it infeasible). */
    boolean insert() {
        int j = random.nextInt(instance.jobs().size());
        if (!hasUnplaced(j)) {
            return false;
        }
        for (int[] phase : new int[][] {instance.jobMaps(j), instance.jobReduces(j)}) {
            for (int i : phase) {
                if (!occ.isPlaced(i)) {
                    log(i);
                }
            }
        }
        if (!FirstFitDecreasing.placeJob(occ, j, random, order)) {
            logSize = 0;
            return false;
        }
        return true;
    }

    private boolean hasUnplaced(int j) {
        for (int[] phase : new int[][] {instance.jobMaps(j), instance.jobReduces(j)}) {
            for (int i : phase) {
                if (!occ.isPlaced(i)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Algorithm 2: reassign a random subset of tasks (up to 4) to a random node and start that end no later than the
     * current makespan (line 5), then try to reduce the makespan by moving each task of the subset earlier on its
     * node (line 7; the paper's {@code tryReduceScheduleMakespan} over all jobs, narrowed to the moved tasks to keep
     * a move cheap).
     */
    boolean mutate() {
        int makespan = occ.makespan();
        int count = 1 + random.nextInt(4);
        boolean any = false;
        stamp++;
        int moved = 0;
        for (int k = 0; k < count; k++) {
            int i = randomMovable();
            if (i < 0 || seen[i] == stamp) {
                continue;
            }
            int n = random.nextInt(instance.nodeCount());
            int latest = makespan - instance.te(i, n);
            if (latest < 0) {
                continue;
            }
            int s = random.nextInt(latest + 1);
            int oldN = occ.node[i];
            int oldS = occ.start[i];
            int mark = logSize;
            lift(i);
            if (tryPlace(i, n, s)) {
                any = true;
                seen[i] = stamp;
                scratch[moved++] = i;
            } else {
                occ.place(i, oldN, oldS);
                logSize = mark;
            }
        }
        for (int k = 0; k < moved; k++) {
            any |= moveEarlier(scratch[k]);
        }
        return any;
    }

    /**
     * A random unpinned task among those ending at the makespan, or −1: what the makespan waits for. Two passes over
     * the tasks (count, then pick), no allocation.
     */
    int criticalTask() {
        int makespan = occ.makespan();
        int count = 0;
        for (int i = 0; i < instance.taskCount(); i++) {
            if (occ.isPlaced(i) && !instance.isPinned(i) && occ.end(i) == makespan) {
                count++;
            }
        }
        if (count == 0) {
            return -1;
        }
        int pick = random.nextInt(count);
        for (int i = 0; i < instance.taskCount(); i++) {
            if (occ.isPlaced(i) && !instance.isPinned(i) && occ.end(i) == makespan && pick-- == 0) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Ours: a task ending at the makespan goes where it ends earliest over all nodes; a reduce first pulls its job's
     * latest map(s) to where they end earliest, since they set its earliest start (Eq. 5).
     */
    boolean relocate() {
        int i = criticalTask();
        if (i < 0) {
            return false;
        }
        int job = instance.jobOf(i);
        lift(i);
        if (instance.isReduce(i)) {
            int mapsEnd = occ.mapsEnd(job);
            for (int m : instance.jobMaps(job)) {
                if (occ.isPlaced(m) && !instance.isPinned(m) && occ.end(m) == mapsEnd) {
                    lift(m);
                    if (!placeEarliestEnd(m)) {
                        undo();
                        return false;
                    }
                }
            }
        }
        if (!placeEarliestEnd(i)) {
            undo();
            return false;
        }
        return true;
    }

    /**
     * Ours, a large-neighbourhood move: take out the job of a task ending at the makespan (or of a random task) and
     * up to {@code extra} other jobs, then put them back, that job first, the others in random order, each task where
     * it ends earliest (maps, then reduces after them). Four times in five the other jobs are those of tasks in the
     * way: on a node where the first task would run at least as fast, during the steps it could use there
     * ({@link #relatedTasks}); then, if the first task is a reduce, its job's maps stay where they are, since put back
     * first they would take the room freed for it. Otherwise the other jobs are those of random tasks. Jobs with
     * pinned tasks keep those.
     */
    boolean ruinAndRecreate(int extra) {
        int first = criticalTask();
        if (first < 0) {
            first = randomMovable();
            if (first < 0) {
                return false;
            }
        }
        int[] jobs = new int[1 + extra];
        int count = 0;
        jobs[count++] = instance.jobOf(first);
        int related = random.nextInt(5) < 4 ? relatedTasks(first) : 0;
        for (int k = 0; k < extra; k++) {
            int i = related > 0 ? scratch[random.nextInt(related)] : randomMovable();
            if (i < 0) {
                continue;
            }
            int j = instance.jobOf(i);
            boolean dup = false;
            for (int q = 0; q < count; q++) {
                dup |= jobs[q] == j;
            }
            if (!dup) {
                jobs[count++] = j;
            }
        }
        // a critical reduce with related jobs keeps its maps: they would take the room freed for it
        boolean keepMaps = related > 0 && instance.isReduce(first);
        for (int q = 0; q < count; q++) {
            for (int[] phase : new int[][] {instance.jobMaps(jobs[q]), instance.jobReduces(jobs[q])}) {
                for (int i : phase) {
                    if (!instance.isPinned(i) && !(q == 0 && keepMaps && !instance.isReduce(i))) {
                        lift(i);
                    }
                }
            }
        }
        for (int q = 1; q < count; q++) {
            int swap = q + random.nextInt(count - q);
            int t = jobs[q];
            jobs[q] = jobs[swap];
            jobs[swap] = t;
        }
        for (int q = 0; q < count; q++) {
            if (!recreate(jobs[q], 0)) {
                undo();
                return false;
            }
        }
        return true;
    }

    /**
     * Ours, for the first objective: a random job that is not (fully) scheduled goes in where its tasks end
     * earliest, after up to {@code extra} random scheduled jobs have been taken out to make room; those are put back
     * the same way, and one that no longer fits stays out (Eq. 5 takes its tasks out with it). The score decides
     * whether trading them was worth it.
     */
    boolean insertWithRuin(int extra) {
        if (occ.scheduled() == instance.taskCount()) {
            return false;
        }
        int job = -1;
        for (int k = 0; k < 20 && job < 0; k++) {
            int j = random.nextInt(instance.jobs().size());
            if (hasUnplaced(j)) {
                job = j;
            }
        }
        if (job < 0) {
            return false;
        }
        for (int[] phase : new int[][] {instance.jobMaps(job), instance.jobReduces(job)}) {
            for (int i : phase) {
                if (!occ.isPlaced(i)) {
                    log(i);
                }
            }
        }
        int[] ruined = new int[extra];
        int count = 0;
        for (int k = 0; k < extra; k++) {
            int i = randomMovable();
            if (i < 0 || instance.jobOf(i) == job || hasUnplaced(instance.jobOf(i))) {
                continue;
            }
            int j = instance.jobOf(i);
            boolean dup = false;
            for (int q = 0; q < count; q++) {
                dup |= ruined[q] == j;
            }
            if (dup) {
                continue;
            }
            ruined[count++] = j;
            for (int[] phase : new int[][] {instance.jobMaps(j), instance.jobReduces(j)}) {
                for (int t : phase) {
                    if (!instance.isPinned(t)) {
                        lift(t);
                    }
                }
            }
        }
        if (!recreate(job, BLINK)) {
            undo();
            return false;
        }
        for (int q = 0; q < count; q++) {
            if (!recreate(ruined[q], BLINK)) {
                for (int[] phase : new int[][] {instance.jobMaps(ruined[q]), instance.jobReduces(ruined[q])}) {
                    for (int t : phase) {
                        if (occ.isPlaced(t) && !instance.isPinned(t)) {
                            occ.remove(t);
                        }
                    }
                }
            }
        }
        return true;
    }

    /**
     * Into {@link #scratch}: the unpinned tasks of other jobs that occupy a node where task c would run at least as
     * fast as where it is (a random such node) during the steps c could use there, from its earliest start to the
     * makespan; returns how many.
     */
    private int relatedTasks(int c) {
        int nodes = instance.nodeCount();
        int offset = random.nextInt(nodes);
        int n = -1;
        for (int k = 0; k < nodes && n < 0; k++) {
            int candidate = (offset + k) % nodes;
            if (candidate != occ.node[c] && instance.te(c, candidate) <= instance.te(c, occ.node[c])) {
                n = candidate;
            }
        }
        if (n < 0) {
            return 0;
        }
        int job = instance.jobOf(c);
        int from = instance.isReduce(c) ? occ.mapsEnd(job) : 0;
        int to = occ.makespan();
        int size = 0;
        for (int q = 0; q < instance.taskCount(); q++) {
            if (occ.node[q] == n && !instance.isPinned(q) && instance.jobOf(q) != job && occ.start[q] < to
                    && occ.end(q) > from) {
                scratch[size++] = q;
            }
        }
        return size;
    }

    /**
     * Places job j's unplaced tasks, maps from a random one on then reduces, each where it ends earliest; with
     * {@code blink} &gt; 0, each node is skipped with that probability (so that a greedy choice is not always made).
     */
    private boolean recreate(int j, double blink) {
        int[] maps = instance.jobMaps(j);
        int offset = maps.length == 0 ? 0 : random.nextInt(maps.length);
        for (int k = 0; k < maps.length; k++) {
            int m = maps[(offset + k) % maps.length];
            if (!occ.isPlaced(m) && !placeEarliestEnd(m, blink)) {
                return false;
            }
        }
        for (int r : instance.jobReduces(j)) {
            if (!occ.isPlaced(r) && !placeEarliestEnd(r, blink)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Places unplaced task i at the node and start where it ends earliest, within its job's precedence (a reduce
     * after the placed maps; a map before the placed reduces, or early enough for the job's reduces to still fit
     * before T). Among equal ends: the node where it takes the least work ({@link Occupancy#work}), then the slowest
     * node (the largest sum of Te over all tasks), so that tasks that run as fast anywhere leave the fast nodes to
     * those that do not; then the first node from a random offset.
     */
    private boolean placeEarliestEnd(int i) {
        return placeEarliestEnd(i, 0);
    }

    /** {@link #placeEarliestEnd(int)}, skipping each node with probability {@code blink}. */
    private boolean placeEarliestEnd(int i, double blink) {
        int job = instance.jobOf(i);
        int from = 0;
        int endBy;
        if (instance.isReduce(i)) {
            from = occ.mapsEnd(job);
            endBy = instance.steps();
        } else {
            endBy = occ.reducesStart(job);
            for (int r : instance.jobReduces(job)) {
                if (!occ.isPlaced(r)) {
                    endBy = Math.min(endBy, instance.steps() - reduceTail[job]);
                    break;
                }
            }
        }
        int nodes = instance.nodeCount();
        int offset = random.nextInt(nodes);
        int bestNode = -1;
        int bestStart = -1;
        int bestEnd = endBy;
        long bestWork = Long.MAX_VALUE;
        for (int k = 0; k < nodes; k++) {
            int n = (offset + k) % nodes;
            if (blink > 0 && random.nextDouble() < blink) {
                continue;
            }
            int s = occ.earliestStart(i, n, from, bestEnd);
            if (s < 0) {
                continue;
            }
            int end = s + instance.te(i, n);
            long work = occ.work(i, n);
            boolean better = bestNode < 0 || end < bestEnd
                    || (end == bestEnd && (work < bestWork || (work == bestWork && slowness[n] > slowness[bestNode])));
            if (better) {
                bestNode = n;
                bestStart = s;
                bestEnd = end;
                bestWork = work;
            }
        }
        if (bestNode < 0) {
            return false;
        }
        occ.place(i, bestNode, bestStart);
        return true;
    }

    /** Ours: a random task, taken out and put back where it ends earliest (ties as in placeEarliestEnd). */
    boolean reposition() {
        int i = randomMovable();
        if (i < 0) {
            return false;
        }
        int n = occ.node[i];
        int s = occ.start[i];
        lift(i);
        if (!placeEarliestEnd(i)) {
            undo();
            return false;
        }
        return occ.node[i] != n || occ.start[i] != s;
    }

    /**
     * Ours, an ejection chain of one link: a task ending at the makespan, or a random task running slower than it
     * could, goes to a node where it runs fastest (a random one among them), as early as its job allows; the tasks of
     * other jobs in its way on that node are taken out and put back where they end earliest. Frees capacity when
     * the ejected tasks run as fast elsewhere (a map of one step on any node) and the moved one does not.
     */
    boolean eject() {
        int i = random.nextBoolean() ? criticalTask() : -1;
        if (i < 0) {
            i = randomMovable();
            if (i < 0 || instance.te(i, occ.node[i]) == instance.minTe(i)) {
                return false;
            }
        }
        int job = instance.jobOf(i);
        int target = instance.minTe(i);
        int nodes = instance.nodeCount();
        int offset = random.nextInt(nodes);
        int n = -1;
        for (int k = 0; k < nodes && n < 0; k++) {
            int candidate = (offset + k) % nodes;
            int te = instance.te(i, candidate);
            if (candidate != occ.node[i] && te == target) {
                n = candidate;
            }
        }
        if (n < 0) {
            return false;
        }
        int te = instance.te(i, n);
        int from = instance.isReduce(i) ? occ.mapsEnd(job) : 0;
        int endBy = instance.isReduce(i) ? Math.min(instance.steps(), occ.end(i)) : Math.min(occ.end(i),
                occ.reducesStart(job));
        int latest = endBy - te;
        if (latest < from) {
            return false;
        }
        int s = from + (random.nextInt(4) == 0 ? random.nextInt(latest - from + 1) : 0);
        lift(i);
        // the tasks of other jobs on n overlapping [s, s + te), in random order
        int size = 0;
        for (int q = 0; q < instance.taskCount(); q++) {
            if (occ.node[q] == n && !instance.isPinned(q) && instance.jobOf(q) != job && occ.start[q] < s + te
                    && occ.end(q) > s) {
                scratch[size++] = q;
            }
        }
        for (int k = size - 1; k > 0; k--) {
            int swap = random.nextInt(k + 1);
            int t = scratch[k];
            scratch[k] = scratch[swap];
            scratch[swap] = t;
        }
        int ejected = 0;
        for (int t = s; t < s + te; t++) {
            for (int k = ejected; k < size && !occ.fitsAt(i, n, t); k++) {
                int q = scratch[k];
                if (occ.start[q] <= t && occ.end(q) > t) {
                    lift(q);
                    scratch[k] = scratch[ejected];
                    scratch[ejected++] = q;
                }
            }
        }
        if (!tryPlace(i, n, s)) {
            undo();
            return false;
        }
        // put the ejected back: maps first, so that a reduce among them finds its maps placed
        for (int pass = 0; pass < 2; pass++) {
            for (int k = 0; k < ejected; k++) {
                int q = scratch[k];
                if (instance.isReduce(q) == (pass == 1) && !placeEarliestEnd(q)) {
                    undo();
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Ours: every job that is fully placed is taken out and put back, in Algorithm 1's job order, each task where it
     * ends earliest (a list schedule by earliest end); kept by the caller only if it scores better.
     */
    boolean rebuild() {
        var order = FirstFitDecreasing.jobOrder(instance);
        stamp++;
        for (int j : order) {
            if (hasUnplaced(j)) {
                continue;
            }
            jobStamp[j] = stamp;
            for (int[] phase : new int[][] {instance.jobMaps(j), instance.jobReduces(j)}) {
                for (int i : phase) {
                    if (!instance.isPinned(i)) {
                        lift(i);
                    }
                }
            }
        }
        for (int j : order) {
            if (jobStamp[j] == stamp && !recreate(j, 0)) {
                undo();
                return false;
            }
        }
        return true;
    }
}
