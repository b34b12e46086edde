package io.gleaner.classifier.classes;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.commons.math3.ml.clustering.CentroidCluster;
import org.apache.commons.math3.ml.clustering.Clusterable;
import org.apache.commons.math3.ml.clustering.KMeansPlusPlusClusterer;
import org.apache.commons.math3.ml.distance.EuclideanDistance;
import org.apache.commons.math3.random.Well19937c;

/**
 * One classification of COSHH section 3.1 (the primary or the secondary one), kept up to date job by job as in the
 * classification half of Algorithm 1: a job that fits a class joins it; otherwise the classification is re-run by
 * k-means++ over the history and the job joins the class it lands in.
 *
 * <p><b>Features.</b> See {@link FeatureSpace}: log execution rate per node type (weighted 1/sqrt(M)) and the log
 * of the user's arrival rate over a trailing window ({@link UserArrivals}), both in jobs/s.
 *
 * <p><b>Priorities never mix.</b> "Each class C_i has a given priority, which is equal to the priority of the jobs
 * in this class": jobs are split by priority and each priority is clustered on its own, with a share k_p of k. Each
 * priority gets one class, and the remaining k - P classes go one at a time to the priority furthest below its
 * share k × (its users / all users), ties to the higher priority (P = priorities in the history); k_p never exceeds
 * the priority's distinct points. So with k = the number of users, a priority gets about one class per user.
 *
 * <p><b>Clustering.</b> Commons Math's {@link KMeansPlusPlusClusterer}, Euclidean distance, at most
 * {@link ClassifierSettings#maxIterations()} iterations, and a fresh {@link Well19937c} seeded with
 * {@link ClassifierSettings#seed()} for each priority, over that priority's jobs sorted by (arrival, job id). So the
 * classes depend only on the history's contents and the seed: the same jobs in the same order give the same
 * classes.
 *
 * <p><b>Fits.</b> A job fits a class of its own priority when its distance d to that class's centroid is at most
 * {@code fitTolerance × max(radius, minRadius)}; radius is the largest member distance to the centroid at the last
 * re-clustering, and minRadius gives a singleton class some room. Only the nearest class of the job's priority is
 * tried (ties to the lower index). A job that fits joins without moving the centroid or the radius: the class's
 * boundary stays what k-means drew until the next re-clustering; α and µ follow the members.
 *
 * <p><b>Ids.</b> After each re-clustering the classes are ordered by priority (highest first) and then by their
 * earliest member (arrival, job id), and numbered from 1: {@code prefix + "-" + n}. Ids are reassigned at every
 * re-clustering ({@link Classified#generation()} tells generations apart) and never change between two. A class
 * whose members have all left the history is dropped; the others keep their ids.
 *
 * <p><b>History.</b> The {@link ClassifierSettings#historySize()} most recently classified jobs; the oldest leaves
 * when a new one comes, and leaves its class. Re-clustering costs O(historySize × k × M) per iteration whatever
 * the run's length.
 *
 * <p><b>Arrival rate α_i.</b> The number of members of class i in the history divided by T, the span of the whole
 * history: latest minus earliest arrival, at least {@link ClassifierSettings#minSpan()} (which guards a span of 0).
 * Using one T for every class of a classification keeps the α_i comparable, which is all the LP's δ depends on.
 * <b>Execution rate µ_i,t:</b> the arithmetic mean of the members' rates on node type t, jobs/s.
 *
 * <p>Not thread-safe: one classifier per classification, driven by one thread.
 */
public final class JobClassifier {

    /** Jobs by (arrival, job id): the order k-means sees a priority's jobs in, and the order of classes. */
    private static final Comparator<Entry> BY_ARRIVAL =
            Comparator.comparing((Entry e) -> e.job.arrival()).thenComparing(e -> e.job.jobId());

    private final String prefix;
    private final List<String> nodeTypes;
    private final ClassifierSettings settings;
    private final FeatureSpace space;
    private final UserArrivals userArrivals;
    private final ArrayDeque<Entry> history = new ArrayDeque<>();
    private final Map<String, Entry> byJobId = new HashMap<>();
    /** Arrival millis of the jobs in the history, with their counts, for the span. */
    private final TreeMap<Long, Integer> arrivals = new TreeMap<>();
    private final List<ClassState> classes = new ArrayList<>();
    private int generation;

    /**
     * A classification whose class ids start with {@code prefix} ("P" for primary, "S" for secondary), over jobs
     * whose rates are given for {@code nodeTypes} in this order.
     */
    public JobClassifier(String prefix, List<String> nodeTypes, ClassifierSettings settings) {
        if (prefix == null || prefix.isEmpty()) {
            throw new IllegalArgumentException("prefix must not be null or empty, was " + prefix);
        }
        if (nodeTypes == null || nodeTypes.isEmpty()) {
            throw new IllegalArgumentException("nodeTypes must name at least one node type, was " + nodeTypes);
        }
        if (settings == null) {
            throw new IllegalArgumentException("settings must not be null");
        }
        this.prefix = prefix;
        this.nodeTypes = List.copyOf(nodeTypes);
        this.settings = settings;
        this.space = new FeatureSpace(this.nodeTypes);
        this.userArrivals = new UserArrivals(settings.arrivalWindow());
    }

    /**
     * Classifies a job (COSHH Algorithm 1, the classification half): if it fits a class it joins it, otherwise the
     * classification is re-run over the history and the job joins the class k-means gives it.
     *
     * @throws IllegalArgumentException if the job's rates do not cover this classifier's node types, or a job of
     *     the same id is still in the history
     */
    public Classified classify(JobFeatures job) {
        if (job == null) {
            throw new IllegalArgumentException("job must not be null");
        }
        if (job.nodeTypes() != nodeTypes.size()) {
            throw new IllegalArgumentException("job " + job.jobId() + " has rates for " + job.nodeTypes()
                    + " node types, expected " + nodeTypes.size() + " " + nodeTypes);
        }
        if (byJobId.containsKey(job.jobId())) {
            throw new IllegalArgumentException("job " + job.jobId() + " is already classified");
        }
        var entry = new Entry(job, space.point(job, userArrivals.arrive(job.user(), job.arrival())));
        add(entry);
        ClassState nearest = nearest(entry);
        if (nearest != null && fits(entry, nearest)) {
            nearest.members.put(job.jobId(), entry);
            entry.jobClass = nearest;
            return new Classified(snapshot(nearest), false, generation);
        }
        recluster();
        return new Classified(snapshot(entry.jobClass), true, generation);
    }

    /** The classes as they stand, in id order. */
    public List<JobClass> classes() {
        var list = new ArrayList<JobClass>(classes.size());
        for (ClassState c : classes) {
            list.add(snapshot(c));
        }
        return List.copyOf(list);
    }

    /** Whether a job of this id is in the history. */
    public boolean contains(String jobId) {
        return byJobId.containsKey(jobId);
    }

    /** The id of the job's class, while the job is in the history; empty for a job that is not. */
    public Optional<String> classOf(String jobId) {
        Entry entry = byJobId.get(jobId);
        return entry == null || entry.jobClass == null ? Optional.empty() : Optional.of(entry.jobClass.id);
    }

    /** The earliest arrival of a job in the history, so of any member of a class; empty while it is empty. */
    public Optional<Instant> earliestArrival() {
        return arrivals.isEmpty() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(arrivals.firstKey()));
    }

    /** The number of re-clusterings so far. */
    public int generation() {
        return generation;
    }

    /** The number of jobs in the history. */
    public int historySize() {
        return history.size();
    }

    /** The node types the rates are indexed by. */
    public List<String> nodeTypes() {
        return nodeTypes;
    }

    /** The names of the clustering coordinates. */
    public List<String> featureNames() {
        return space.names();
    }

    private void add(Entry entry) {
        history.addLast(entry);
        byJobId.put(entry.job.jobId(), entry);
        arrivals.merge(entry.job.arrival().toEpochMilli(), 1, Integer::sum);
        if (history.size() > settings.historySize()) {
            Entry oldest = history.pollFirst();
            byJobId.remove(oldest.job.jobId());
            arrivals.compute(oldest.job.arrival().toEpochMilli(), (t, n) -> n == 1 ? null : n - 1);
            ClassState c = oldest.jobClass;
            if (c != null) {
                c.members.remove(oldest.job.jobId());
                if (c.members.isEmpty()) {
                    classes.remove(c);
                }
            }
        }
    }

    private ClassState nearest(Entry entry) {
        ClassState best = null;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (ClassState c : classes) {
            if (Double.compare(c.priority, entry.job.priority()) != 0) {
                continue;
            }
            double d = distance(entry.point, c.centroid);
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return best;
    }

    private boolean fits(Entry entry, ClassState c) {
        return distance(entry.point, c.centroid) <= settings.fitTolerance() * Math.max(c.radius, settings.minRadius());
    }

    /** Re-runs k-means per priority over the history and rebuilds the classes and their ids. */
    private void recluster() {
        var byPriority = new TreeMap<Double, List<Entry>>(Comparator.reverseOrder());
        for (Entry e : history) {
            byPriority.computeIfAbsent(e.job.priority(), p -> new ArrayList<>()).add(e);
        }
        var partitions = new ArrayList<List<Entry>>(byPriority.values());
        for (List<Entry> partition : partitions) {
            partition.sort(BY_ARRIVAL);
        }
        int[] shares = ClassShares.split(settings.k(), users(partitions), distinctPoints(partitions));
        var built = new ArrayList<ClassState>();
        var assignment = new IdentityHashMap<Entry, ClassState>();
        for (int p = 0; p < partitions.size(); p++) {
            List<Entry> partition = partitions.get(p);
            var clusterer = new KMeansPlusPlusClusterer<Entry>(shares[p], settings.maxIterations(),
                    new EuclideanDistance(), new Well19937c(settings.seed()),
                    KMeansPlusPlusClusterer.EmptyClusterStrategy.FARTHEST_POINT);
            for (CentroidCluster<Entry> cluster : clusterer.cluster(partition)) {
                if (cluster.getPoints().isEmpty()) {
                    continue;
                }
                double[] centroid = cluster.getCenter().getPoint();
                var c = new ClassState(partition.get(0).job.priority(), centroid);
                for (Entry e : cluster.getPoints()) {
                    c.radius = Math.max(c.radius, distance(e.point, centroid));
                    assignment.put(e, c);
                    if (c.earliest == null || BY_ARRIVAL.compare(e, c.earliest) < 0) {
                        c.earliest = e;
                    }
                }
                built.add(c);
            }
        }
        // Members in order of classification; the earliest member by (arrival, job id) orders the classes.
        for (Entry e : history) {
            ClassState c = assignment.get(e);
            c.members.put(e.job.jobId(), e);
            e.jobClass = c;
        }
        built.sort(Comparator.comparing((ClassState c) -> c.priority, Comparator.reverseOrder())
                .thenComparing(c -> c.earliest, BY_ARRIVAL));
        for (int n = 0; n < built.size(); n++) {
            built.get(n).id = prefix + "-" + (n + 1);
        }
        classes.clear();
        classes.addAll(built);
        generation++;
    }

    private static int[] users(List<List<Entry>> partitions) {
        int[] users = new int[partitions.size()];
        for (int p = 0; p < partitions.size(); p++) {
            Set<String> names = new HashSet<>();
            for (Entry e : partitions.get(p)) {
                names.add(e.job.user());
            }
            users[p] = names.size();
        }
        return users;
    }

    private static int[] distinctPoints(List<List<Entry>> partitions) {
        int[] distinct = new int[partitions.size()];
        for (int p = 0; p < partitions.size(); p++) {
            Set<PointKey> points = new HashSet<>();
            for (Entry e : partitions.get(p)) {
                points.add(new PointKey(e.point));
            }
            distinct[p] = points.size();
        }
        return distinct;
    }

    private JobClass snapshot(ClassState c) {
        double span = arrivals.isEmpty() ? 0 : (arrivals.lastKey() - arrivals.firstKey()) / 1000.0;
        double t = Math.max(span, settings.minSpan().toMillis() / 1000.0);
        double[] sums = new double[nodeTypes.size()];
        for (Entry e : c.members.values()) {
            for (int k = 0; k < sums.length; k++) {
                sums[k] += e.job.rate(k);
            }
        }
        var meanRates = new ArrayList<Double>(sums.length);
        for (double sum : sums) {
            meanRates.add(sum / c.members.size());
        }
        var centroid = new ArrayList<Double>(c.centroid.length);
        for (double v : c.centroid) {
            centroid.add(v);
        }
        return new JobClass(c.id, c.priority, space.names(), centroid, c.radius, List.copyOf(c.members.keySet()),
                c.members.size() / t, meanRates);
    }

    private static double distance(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            sum += d * d;
        }
        return Math.sqrt(sum);
    }

    /** A job in the history: its features, its point, and its class (null until it has one). */
    private static final class Entry implements Clusterable {
        final JobFeatures job;
        final double[] point;
        ClassState jobClass;

        Entry(JobFeatures job, double[] point) {
            this.job = job;
            this.point = point;
        }

        @Override
        public double[] getPoint() {
            return point;
        }
    }

    /** A class between re-clusterings: centroid and radius fixed, members changing. */
    private static final class ClassState {
        final double priority;
        final double[] centroid;
        final LinkedHashMap<String, Entry> members = new LinkedHashMap<>();
        double radius;
        Entry earliest;
        String id;

        ClassState(double priority, double[] centroid) {
            this.priority = priority;
            this.centroid = centroid;
        }
    }

    /** A point compared by value. */
    private record PointKey(double[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof PointKey other && Arrays.equals(values, other.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }

        @Override
        public String toString() {
            return Arrays.toString(values);
        }
    }
}
