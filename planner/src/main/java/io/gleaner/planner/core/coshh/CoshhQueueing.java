package io.gleaner.planner.core.coshh;

import io.gleaner.classifier.classes.Classifications;
import io.gleaner.classifier.classes.ClassifierSettings;
import io.gleaner.classifier.classes.JobClass;
import io.gleaner.classifier.classes.JobClassifier;
import io.gleaner.classifier.classes.JobFeatures;
import io.gleaner.classifier.estimate.ExecutionTimes;
import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.JobShape;
import io.gleaner.classifier.estimate.NodeType;
import io.gleaner.classifier.estimate.WorkRates;
import io.gleaner.planner.core.ClassesAndPlans;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.JobOrder;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.SuggestedClasses;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.DeferredPlan;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.Executor;

/**
 * COSHH's queuing process (Rasooli and Down, section 3, Algorithm 1), driven by the planner's heartbeats.
 *
 * <p>CpuMemory are the nodes that have sent a heartbeat, each of a {@link NodeType} (same slots, cores, RAM and core
 * speed: same rates). Jobs are taken in, in the order they arrived ({@link #onJob}), on the next heartbeat that can
 * place, which is Algorithm 1's "when a new job arrives" because only heartbeats place. A job's features (section 3.1):
 * its user's priority, for which the user's weight stands (section 2.1 derives the weight from the priority; the
 * workload files give Table 5's priorities as weights); its user's arrival rate; and its mean execution rate on each
 * node type, mean_execRate(J, R) = 1 / mean_execTime(J, R) (section 2.1) from {@link ExecutionTimes}: the job's work on
 * one slot of R by the simulator's formula, with the job's own FLOP per byte and cores per task. It joins both
 * classifications ({@link Classifications}: the primary one only when its user has a min share). When a classification
 * had to be re-run, or a node joined, both LPs are solved again ({@link ClassMatching}) over µ_ij = µ_i,type(j) ×
 * slots_j, a node with s slots running s jobs of the class at once, and α_i of the class.
 *
 * <p>A new node <i>type</i> changes the features' coordinates, so the classifications are rebuilt over the jobs
 * of the history (the most recent {@link CoshhSettings#historyJobs()}) in their order. On the simulator's grid every
 * node beats in the first round, so this happens once per node type at the start.
 *
 * <p>The LPs may be solved off the caller's thread ({@link DeferredPlan}): what the solve reads is copied when it is
 * asked for, and the worker touches nothing else but the {@link ClassMatching}, which only the worker then uses.
 *
 * <p>Not thread-safe; one per planner cell. Its state is derived from the jobs and nodes it has seen, in memory: a
 * restarted planner rebuilds it from the queue it finds ({@link CoshhPolicy} hands it the queue on its first
 * heartbeat; the jobs that already left are not in it), so its classes may differ from an uninterrupted run's.
 */
final class CoshhQueueing implements CoshhPolicy.QueuingProcess {

    /** The plan id of the primary classification's matching (SC). */
    public static final String PRIMARY = Classifications.PRIMARY;
    /** The plan id of the secondary classification's matching (SC'). */
    public static final String SECONDARY = Classifications.SECONDARY;

    private final Map<String, Pool> pools;
    private final CoshhSettings settings;
    private final int primaryUsers;
    private final int allUsers;
    private final ClassMatching matching = new ClassMatching();

    private final SortedMap<String, NodeType> typeByNode = new TreeMap<>();
    /** slots_j of µ_ij ({@link NodeSlots#rate}). */
    private final NodeSlots slots = new NodeSlots();
    private final List<NodeType> types = new ArrayList<>();
    private final ArrayDeque<Job> history = new ArrayDeque<>();
    /** Jobs that arrived since the last heartbeat that could place, in arrival order. */
    private final ArrayDeque<Job> arrived = new ArrayDeque<>();
    /** The profile each job of the history was classified with, so that a rebuild classifies it the same way. */
    private final Map<String, Optional<JobProfile>> profiles = new HashMap<>();
    private Classifications classifications;
    /** Both matchings, solved off the stream thread when the planner gives a worker and a delay. */
    private final DeferredPlan<Solved> plans;
    /** SC and SC' of each node as sets: the routing process asks for every queued job on every heartbeat. */
    private Map<String, Set<String>> primarySets = Map.of();
    private Map<String, Set<String>> secondarySets = Map.of();
    private boolean resolve;
    private boolean changed;

    /**
     * @param pools    the users' min shares and weights; k of each classification is its number of users (COSHH
     *                 section 3.1), the users listed here with a min share for the primary one and every listed user
     *                 for the secondary one (at least 1 each)
     * @param settings the seed of k-means++ and the history's length
     */
    public CoshhQueueing(List<Pool> pools, CoshhSettings settings) {
        this(pools, settings, Duration.ZERO, Runnable::run);
    }

    /**
     * The queuing process whose LPs {@code worker} solves, each in force {@code planDelay} of event time after it
     * was asked for ({@link DeferredPlan}); with a zero delay they are solved at once on the caller's thread.
     */
    public CoshhQueueing(List<Pool> pools, CoshhSettings settings, Duration planDelay, Executor worker) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.plans = new DeferredPlan<>(null, planDelay, worker);
        var byUser = new HashMap<String, Pool>();
        pools.forEach(pool -> byUser.put(pool.user(), pool));
        this.pools = Map.copyOf(byUser);
        this.primaryUsers = (int) Math.max(1, pools.stream().filter(pool -> pool.minShare() > 0).count());
        this.allUsers = Math.max(1, pools.size());
    }

    @Override
    public void onJob(Job job) {
        arrived.addLast(job);
    }

    @Override
    public CoshhPolicy.ClassSuggestions observe(NodeState node, JobHistory history, Instant now) {
        observeNode(node);
        takeInArrived(history);
        solveIfReclustered(now);
        return suggestions;
    }

    @Override
    public Optional<CoshhPolicy.SuggestedNodes> suggestedNodes(Job job, JobHistory history) {
        if (classifications == null) {
            return Optional.empty();
        }
        arrived.addLast(job);
        takeInArrived(history);
        solveIfReclustered(job.submitTime());
        var suggested = new ArrayList<String>();
        var others = new ArrayList<String>();
        var primaryClass = classifications.primary().classOf(job.jobId());
        var secondaryClass = classifications.secondary().classOf(job.jobId());
        for (var nodeId : typeByNode.keySet()) {
            boolean holds = suggests(primarySets, nodeId, primaryClass)
                    || suggests(secondarySets, nodeId, secondaryClass);
            (holds ? suggested : others).add(nodeId);
        }
        return Optional.of(new CoshhPolicy.SuggestedNodes(suggested, others));
    }

    private void takeInArrived(JobHistory history) {
        while (!arrived.isEmpty()) {
            var job = arrived.removeFirst();
            var profile = history.profile(job.jobName());
            profiles.put(job.jobId(), profile);
            classify(job);
        }
    }

    /**
     * Asks for both LPs over the classes and nodes of now when they changed, and puts in force the matchings that are
     * due ({@link DeferredPlan}): what was solved over the state of t answers from t + the plan delay on, the
     * matchings in force until then.
     */
    private void solveIfReclustered(Instant now) {
        if (resolve) {
            var primary = lp(PRIMARY, classifications.primary(), now);
            var secondary = lp(SECONDARY, classifications.secondary(), now);
            var classes = new ArrayList<JobClass>(classifications.primary().classes());
            classes.addAll(classifications.secondary().classes());
            var rates = rates(classes);
            var primaryClasses = classifications.primary().classes();
            var secondaryClasses = classifications.secondary().classes();
            plans.request(now, () -> {
                var primaryPlan = primary.solve(matching);
                var secondaryPlan = secondary.solve(matching);
                return new Solved(new ClassesAndPlans(secondaryPlan.issuedAt(), primaryClasses, secondaryClasses,
                        rates, primaryPlan, secondaryPlan), sets(primaryPlan), sets(secondaryPlan));
            });
            resolve = false;
        }
        if (plans.advance(now)) {
            primarySets = plans.inForce().primarySets();
            secondarySets = plans.inForce().secondarySets();
            changed = true;
        }
    }

    /** Both matchings as published, and SC, SC' of each node as sets. */
    private record Solved(ClassesAndPlans published, Map<String, Set<String>> primarySets,
                          Map<String, Set<String>> secondarySets) {
    }

    /** The routing process's view: whether a node's SC (SC') holds a job's primary (secondary) class. */
    private final CoshhPolicy.ClassSuggestions suggestions = CoshhPolicy.ClassSuggestions.of(
            (nodeId, jobId) -> classifications != null
                    && suggests(primarySets, nodeId, classifications.primary().classOf(jobId)),
            (nodeId, jobId) -> classifications != null
                    && suggests(secondarySets, nodeId, classifications.secondary().classOf(jobId)),
            () -> classifiedFrom(classifications == null ? null : classifications.primary()),
            () -> classifiedFrom(classifications == null ? null : classifications.secondary()));

    /** The least order key of a job arriving when the classification's earliest job did: no member is older. */
    private static String classifiedFrom(JobClassifier classification) {
        return classification == null ? "" : classification.earliestArrival()
                .map(arrival -> JobOrder.key(arrival, "")).orElse("");
    }

    /**
     * Whether the node's suggested set holds a job's class, as its classification gives it: a job has a class while
     * it is in that classification's history (the primary one holds only min-share users' jobs, so it reaches
     * further back), as the classes published on {@code jobs.classes} list it.
     */
    private static boolean suggests(Map<String, Set<String>> sets, String nodeId, Optional<String> jobClass) {
        var classes = sets.get(nodeId);
        return classes != null && jobClass.map(classes::contains).orElse(false);
    }

    private static Map<String, Set<String>> sets(SuggestedClasses plan) {
        var sets = new HashMap<String, Set<String>>();
        plan.suggested().forEach((nodeId, classIds) -> sets.put(nodeId, Set.copyOf(classIds)));
        return sets;
    }

    /**
     * The classes and plans as they stand, once after each re-solve (empty otherwise): what the planner publishes on
     * {@code jobs.classes} and {@code plans}.
     */
    Optional<ClassesAndPlans> takeChanges() {
        if (!changed) {
            return Optional.empty();
        }
        changed = false;
        return Optional.of(plans.inForce().published());
    }

    /** The rate of each class on each node: µ_ij as the LPs see it. */
    private SortedMap<String, SortedMap<String, Double>> rates(List<JobClass> classes) {
        var rates = new TreeMap<String, SortedMap<String, Double>>();
        for (var jobClass : classes) {
            var byNode = new TreeMap<String, Double>();
            var meanRates = jobClass.meanRateArray();
            typeByNode.forEach((nodeId, type) -> byNode.put(nodeId,
                    slots.rate(nodeId, meanRates[types.indexOf(type)])));
            rates.put(jobClass.id(), byNode);
        }
        return rates;
    }

    @Override
    public void observeNode(NodeState node) {
        var type = NodeType.of(node.slots(), node.capacity().cpus(), node.capacity().memoryBytes(), node.speedGflops());
        var previous = typeByNode.put(node.nodeId(), type);
        slots.observe(node);
        if (type.equals(previous)) {
            return;
        }
        resolve = true;
        if (!types.contains(type)) {
            types.add(type);
            reclassifyHistory();
        }
    }

    /**
     * Drops a lost node: it leaves the nodes of the LPs, which are solved again at {@code at} (the heartbeat that found
     * the loss), so that from then on no SC or SC' names it and the published plans do not either. Its type stays
     * among the features' coordinates: another node may have it, a returning node (a new incarnation) has it again,
     * and dropping it would rebuild both classifications and renumber every class for a column no LP reads.
     */
    @Override
    public void onNodeLost(String nodeId, Instant at) {
        if (typeByNode.remove(nodeId) == null) {
            return;
        }
        slots.forget(nodeId);
        resolve = true;
        solveIfReclustered(at);
    }

    /** New coordinates: both classifications again, over the history's jobs in their order. */
    private void reclassifyHistory() {
        var names = types.stream().map(NodeType::name).toList();
        classifications = new Classifications(names,
                ClassifierSettings.defaults(primaryUsers, settings.seed()).withHistorySize(settings.historyJobs()),
                ClassifierSettings.defaults(allUsers, settings.seed()).withHistorySize(settings.historyJobs()));
        var jobs = List.copyOf(history);
        history.clear();
        jobs.forEach(this::classify);
    }

    private void classify(Job job) {
        if (classifications != null && classifications.secondary().contains(job.jobId())) {
            // Taken in already (a job handed over twice must not stop the planner); its class stands.
            return;
        }
        if (classifications == null) {
            // No node has beaten yet; observe() always sees its node first, so this is unreachable from there.
            throw new IllegalStateException("no node type known to classify job " + job.jobId());
        }
        var pool = pools.getOrDefault(job.user(), Pool.unlisted(job.user()));
        var features = new JobFeatures(job.jobId(), job.user(), pool.weight(), job.submitTime(), rates(job));
        var assignment = classifications.classify(features, pool.minShare() > 0);
        history.addLast(job);
        while (history.size() > settings.historyJobs()) {
            profiles.remove(history.removeFirst().jobId());
        }
        if (assignment.reclustered()) {
            resolve = true;
        }
    }

    /**
     * mean_execRate(J, R) per node type, jobs/s on one slot: from the job name's profile where it has history on (or
     * near) that type, else from the job's bytes and work per byte ({@link ExecutionTimes}).
     */
    private double[] rates(Job job) {
        var maps = job.group(TaskKind.MAP);
        var reduces = job.group(TaskKind.REDUCE);
        var any = maps.or(() -> reduces).orElseThrow();
        var work = new WorkRates(
                maps.map(PhaseTasks::flopPerByte).filter(f -> f > 0).orElse(WorkRates.DEFAULTS.mapFlopPerByte()),
                reduces.map(PhaseTasks::flopPerByte).filter(f -> f > 0).orElse(WorkRates.DEFAULTS.reduceFlopPerByte()),
                any.demand().cpus() > 0 ? any.demand().cpus() : WorkRates.DEFAULTS.cpusPerTask(),
                WorkRates.DEFAULTS.shuffleBitsPerSecond());
        var shape = new JobShape(job.count(TaskKind.MAP), maps.map(CoshhQueueing::bytes).orElse(0L),
                job.count(TaskKind.REDUCE), reduces.map(CoshhQueueing::bytes).orElse(0L));
        var times = new ExecutionTimes(types, work);
        var rates = new double[types.size()];
        for (int t = 0; t < rates.length; t++) {
            rates[t] = times.rate(profiles.getOrDefault(job.jobId(), Optional.empty()), shape, types.get(t).name());
        }
        return rates;
    }

    /** What the tasks of a group read together, as the tasks themselves say (the job's totals may be rounded). */
    private static long bytes(PhaseTasks group) {
        return group.count() == 0 ? 0 : group.bytesPerTask() * (group.count() - 1L) + group.lastTaskBytes();
    }

    /** One LP over the classifier's classes and the nodes of now, to solve later (on the worker). */
    private Lp lp(String planId, JobClassifier classifier, Instant now) {
        var classes = classifier.classes();
        var nodeIds = List.copyOf(typeByNode.keySet());
        var typeIndex = new HashMap<NodeType, Integer>();
        for (int t = 0; t < types.size(); t++) {
            typeIndex.put(types.get(t), t);
        }
        var alpha = new double[classes.size()];
        var mu = new double[classes.size()][nodeIds.size()];
        for (int i = 0; i < classes.size(); i++) {
            alpha[i] = classes.get(i).arrivalRate();
            var rates = classes.get(i).meanRateArray();
            for (int j = 0; j < nodeIds.size(); j++) {
                var nodeId = nodeIds.get(j);
                mu[i][j] = slots.rate(nodeId, rates[typeIndex.get(typeByNode.get(nodeId))]);
            }
        }
        return new Lp(planId, now, classes.stream().map(JobClass::id).toList(), nodeIds, alpha, mu);
    }

    /** COSHH's LP (section 3.2) over a snapshot: α_i, µ_ij, the class ids i and node ids j they are of. */
    private record Lp(String planId, Instant issuedAt, List<String> classIds, List<String> nodeIds, double[] alpha,
                      double[][] mu) {

        /** SC_j of each node from the matching's solution. */
        SuggestedClasses solve(ClassMatching matching) {
            var result = matching.solve(alpha, mu, nodeIds.size());
            var allocations = new TreeMap<String, SortedMap<String, Double>>();
            var suggested = new TreeMap<String, List<String>>();
            for (int j = 0; j < nodeIds.size(); j++) {
                var ids = new ArrayList<String>();
                if (result.outcome().usable()) {
                    for (int i : result.suggested(j)) {
                        ids.add(classIds.get(i));
                        allocations.computeIfAbsent(classIds.get(i), id -> new TreeMap<>())
                                .put(nodeIds.get(j), result.delta(i, j));
                    }
                }
                ids.sort(null);
                suggested.put(nodeIds.get(j), ids);
            }
            return new SuggestedClasses(planId, issuedAt, result.lambda(), allocations, suggested);
        }
    }
}
