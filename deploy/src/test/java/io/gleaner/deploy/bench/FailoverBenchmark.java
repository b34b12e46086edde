package io.gleaner.deploy.bench;

import io.gleaner.deploy.demo.PlannerFailover;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistry;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistryConfig;
import io.gleaner.schemas.testing.TestKafka;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;

/**
 * The planner's failover time on this machine (issue 29's goal: placements resume within 10 s, none lost or
 * doubled): {@code runs} failovers of {@link PlannerFailover} (three planner processes, the active one killed with
 * SIGKILL halfway through a lockstep run of {@code jobs} FB-2009 jobs) on an in-JVM broker and registry. For each it
 * prints the wall time from the last round answered with placements before the kill to the first after it, and the
 * decisions lost (handed to the nodes, not on {@code placements} read committed) and doubled (on the topic twice). A
 * benchmark, not a test. Run it from the repository root:
 *
 * <pre>
 * mvn -q -B -o -pl deploy -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=test
 * java -cp deploy/target/test-classes:deploy/target/classes:$(cat deploy/target/classpath.txt) \
 *     io.gleaner.deploy.bench.FailoverBenchmark runs=5 jobs=12
 * </pre>
 */
public final class FailoverBenchmark {

    private FailoverBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        var options = new java.util.HashMap<String, String>(Map.of("runs", "5", "jobs", "12"));
        for (var arg : args) {
            var pair = arg.split("=", 2);
            options.put(pair[0], pair[1]);
        }
        int runs = Integer.parseInt(options.get("runs"));
        int jobs = Integer.parseInt(options.get("jobs"));
        var dir = Files.createTempDirectory("gleaner-failover");
        try (var kafka = TestKafka.start();
             var registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of(kafka.bootstrapServers())
                     .withTopic("bench.failover._schemas")).start()) {
            var failover = new PlannerFailover(kafka.bootstrapServers(), registry.url());
            var gaps = new ArrayList<Long>();
            System.out.printf("run  killed      resumed-ms  decisions  lost  doubled  digest-as-uninterrupted%n");
            for (int run = 1; run <= runs; run++) {
                var outcome = failover.run("failover-" + run, jobs, dir.resolve("run-" + run));
                var onTopic = new HashSet<>(outcome.onTopic());
                long lost = outcome.answeredByLink().stream().filter(id -> !onTopic.contains(id)).count();
                int doubled = outcome.onTopic().size() - onTopic.size();
                long gap = outcome.placementsResumeIn().toMillis();
                gaps.add(gap);
                System.out.printf(Locale.ROOT, "%3d  %-10s  %10d  %9d  %4d  %7d  %s%n", run, outcome.killed(), gap,
                        outcome.answeredByLink().size(), lost, doubled,
                        outcome.report().decisionDigest().equals(outcome.uninterrupted()));
            }
            gaps.sort(null);
            System.out.printf(Locale.ROOT, "resumed-ms: min %d, median %d, max %d over %d runs%n", gaps.get(0),
                    gaps.get(gaps.size() / 2), gaps.get(gaps.size() - 1), gaps.size());
        }
    }
}
