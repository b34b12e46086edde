package io.gleaner.planner.bench;

import io.gleaner.classifier.classes.Classifications;
import io.gleaner.classifier.classes.ClassifierSettings;
import io.gleaner.classifier.classes.JobClass;
import io.gleaner.classifier.classes.JobClassifier;
import io.gleaner.classifier.classes.JobFeatures;
import io.gleaner.planner.core.coshh.ClassMatching;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What COSHH's queuing process (Algorithm 1) costs when a job fits no class: the job is classified in both
 * classifications, both re-cluster (k-means++ over a full history of 2,000 jobs, k = 60 primary users and 100 users),
 * and both LPs of section 3.2 are solved for the classes (about 60 and 100) on 1,000 nodes. {@code columns}:
 * {@code types}, 100 nodes of each of 10 node types (10 distinct µ columns, merged); {@code scaled}, the same nodes
 * each with its own speed factor in [0.5, 1.5] (1,000 distinct columns, proportional within a type, so merged to 10);
 * {@code general}, each µ_ij of {@code scaled} also multiplied by its own factor in [0.7, 1.3] (1,000 columns that do
 * not merge; solved to the optimum, as by default). Synthetic jobs, seeded: 100 users over 3 priorities, 60 of
 * them with a min share; each user's jobs have a size log-uniform over 6 decades (10^-5 to 10 jobs/s) jittered by a
 * factor of 2, and rates per node type scaled by the type's speed (0.5 to 2) and by up to ±30% per job; each user
 * submits as a Poisson stream with a mean gap of 10 s to 1 h. Each invocation starts from the same 2,000-job
 * history (rebuilt outside the measurement) and classifies one job whose rates are 10^4 times the fastest seen.
 * Numbers only, never pass/fail.
 *
 * <p>Run: {@code mvn -o -q -pl planner -am test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * -Dmdep.includeScope=test}, then {@code java -cp planner/target/test-classes:planner/target/classes:$(cat
 * planner/target/cp.txt) org.openjdk.jmh.Main CoshhQueueingBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
public class CoshhQueueingBenchmark {

    private static final int USERS = 100;
    private static final int USERS_WITH_MIN_SHARE = 60;
    private static final int PRIORITIES = 3;
    private static final int NODE_TYPES = 10;
    private static final int NODES = 1_000;
    private static final int HISTORY = 2_000;
    private static final long SEED = 2009;
    private static final Instant T0 = Instant.parse("2009-10-01T00:00:00Z");

    /** The history, the nodes and the classifications, rebuilt before each invocation. */
    @State(Scope.Benchmark)
    public static class Queue {

        @Param({"types", "scaled", "general"})
        String columns;

        List<String> nodeTypes;
        List<JobFeatures> history;
        JobFeatures outlier;
        /** Node j's type and speed factor (1 for every node under {@code types}). */
        int[] typeOf;
        double[] speed;
        /** A factor per class slot and node (1 unless {@code general}); class i uses row i mod its length. */
        double[][] noise;
        ClassMatching matching;
        Classifications classifications;
        ClassMatching.Matching lastPrimary;
        ClassMatching.Matching lastSecondary;

        @Setup(Level.Trial)
        public void generate() {
            var random = new Random(SEED);
            nodeTypes = new ArrayList<>();
            double[] typeSpeed = new double[NODE_TYPES];
            for (int t = 0; t < NODE_TYPES; t++) {
                nodeTypes.add("type-" + t);
                typeSpeed[t] = 0.5 + 1.5 * random.nextDouble();
            }
            typeOf = new int[NODES];
            speed = new double[NODES];
            for (int j = 0; j < NODES; j++) {
                typeOf[j] = j % NODE_TYPES;
                speed[j] = columns.equals("types") ? 1 : 0.5 + random.nextDouble();
            }
            noise = new double[USERS][NODES];
            for (double[] row : noise) {
                for (int j = 0; j < NODES; j++) {
                    row[j] = columns.equals("general") ? 0.7 + 0.6 * random.nextDouble() : 1;
                }
            }
            double[] userSize = new double[USERS];
            double[] userGap = new double[USERS];
            double[] nextArrival = new double[USERS];
            for (int u = 0; u < USERS; u++) {
                userSize[u] = Math.pow(10, -5 + 6 * random.nextDouble());
                userGap[u] = Math.pow(10, 1 + Math.log10(360) * random.nextDouble());
                nextArrival[u] = -userGap[u] * Math.log(1 - random.nextDouble());
            }
            history = new ArrayList<>(HISTORY);
            double fastest = 0;
            for (int n = 0; n < HISTORY; n++) {
                int u = 0;
                for (int v = 1; v < USERS; v++) {
                    if (nextArrival[v] < nextArrival[u]) {
                        u = v;
                    }
                }
                double size = userSize[u] * Math.pow(2, 2 * random.nextDouble() - 1);
                double[] rates = new double[NODE_TYPES];
                for (int t = 0; t < NODE_TYPES; t++) {
                    rates[t] = size * typeSpeed[t] * (0.7 + 0.6 * random.nextDouble());
                    fastest = Math.max(fastest, rates[t]);
                }
                history.add(new JobFeatures("job-" + n, "user-" + u, 1 + u % PRIORITIES,
                        T0.plusMillis((long) (nextArrival[u] * 1000)), rates));
                nextArrival[u] += -userGap[u] * Math.log(1 - random.nextDouble());
            }
            double[] outlierRates = new double[NODE_TYPES];
            Arrays.fill(outlierRates, fastest * 1e4);
            JobFeatures last = history.get(HISTORY - 1);
            outlier = new JobFeatures("outlier", "user-0", 1, last.arrival().plusSeconds(1), outlierRates);
            matching = new ClassMatching();
        }

        @Setup(Level.Invocation)
        public void fill() {
            classifications = new Classifications(nodeTypes, ClassifierSettings.defaults(USERS_WITH_MIN_SHARE, SEED),
                    ClassifierSettings.defaults(USERS, SEED));
            for (JobFeatures job : history) {
                int u = Integer.parseInt(job.user().substring("user-".length()));
                classifications.classify(job, u < USERS_WITH_MIN_SHARE);
            }
        }

        @TearDown(Level.Trial)
        public void report() {
            System.err.printf("%ncolumns=%s primary: %s; secondary: %s%n", columns, lastPrimary, lastSecondary);
        }

        ClassMatching.Matching solve(JobClassifier classifier) {
            List<JobClass> classes = classifier.classes();
            double[] alpha = new double[classes.size()];
            double[][] mu = new double[classes.size()][NODES];
            for (int i = 0; i < classes.size(); i++) {
                JobClass c = classes.get(i);
                alpha[i] = c.arrivalRate();
                double[] byType = c.meanRateArray();
                for (int j = 0; j < NODES; j++) {
                    mu[i][j] = byType[typeOf[j]] * speed[j] * noise[i % USERS][j];
                }
            }
            return matching.solve(alpha, mu, NODES);
        }
    }

    /** Algorithm 1 for a job that fits no class: both classifications re-cluster, then both LPs are solved. */
    @Benchmark
    public Object classifyAndMatch(Queue queue) {
        var assignment = queue.classifications.classify(queue.outlier, true);
        if (!assignment.reclustered()) {
            throw new IllegalStateException("the outlier fitted a class; the benchmark measures re-clustering");
        }
        queue.lastPrimary = queue.solve(queue.classifications.primary());
        queue.lastSecondary = queue.solve(queue.classifications.secondary());
        return queue.lastSecondary;
    }

    /** Only the classification half: the outlier re-clusters both classifications. */
    @Benchmark
    public Object classifyOnly(Queue queue) {
        return queue.classifications.classify(queue.outlier, true);
    }
}
