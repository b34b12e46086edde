package io.gleaner.planner.bench;

import io.gleaner.planner.core.makespan.BalancedPools;
import io.gleaner.planner.core.makespan.BatchJob;
import io.gleaner.planner.core.makespan.FlowShop;
import io.gleaner.planner.core.makespan.JohnsonRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The 2015 thesis's §5.7 comparison rebuilt (seed-002-notes §5.3): one day of a Yahoo! M45-like production workload,
 * 24 batches of 6 jobs, map and reduce task counts and task lengths drawn per job from the chapter's 𝒩(150, 550),
 * 𝒩(19, 145), 𝒩(50, 200) s and 𝒩(100, 300) s, each batch ordered by Johnson's rule on the whole pool and by
 * BalancedPools, the average makespan of each on pools of several sizes (as many map as reduce slots). The
 * chapter's "𝒩(a, b)" is ambiguous (notes §8.4 item 12), so both readings run: a normal of mean a and standard
 * deviation b clipped to at least 1, and a uniform draw in [a, b]. Stage lengths are the job-level model (the
 * notes' {@code Simulate}, §4.A item 6): waves × task length. Numbers only, never pass/fail; the table is in
 * docs/results/2026-11-28-makespan.md.
 *
 * <p>Run: {@code mvn -o -q -pl planner -am test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * -Dmdep.includeScope=test}, then {@code java -cp planner/target/test-classes:planner/target/classes:$(cat
 * planner/target/cp.txt) io.gleaner.planner.bench.MakespanM45Experiment [seed [swim-file]]}. With a file, it also
 * writes the day's task counts under the normal reading as a SWIM trace for {@code gleaner evaluate --trace}: batch h
 * submitted at h hours, a job's input its maps x 128 MiB (one chunk a map) and its shuffle and output its reduces x
 * 1 GiB (one reduce per GiB, the SWIM rule's), so that the simulator runs the same counts with its own task lengths.
 */
public final class MakespanM45Experiment {

    private static final int BATCHES = 24;
    private static final int JOBS_PER_BATCH = 6;
    private static final long CHUNK = 128L << 20;
    private static final long GIB = 1L << 30;
    private static final int[] POOL_SLOTS = {50, 100, 200, 400, 800, 1600};

    private MakespanM45Experiment() {
    }

    public static void main(String[] args) throws IOException {
        long seed = args.length > 0 ? Long.parseLong(args[0]) : 2015;
        if (args.length > 1) {
            writeSwim(seed, Path.of(args[1]));
        }
        System.out.println("| reading of 𝒩(a, b) | slots | Johnson mean makespan (s) | BalancedPools (s) | lower by |"
                + " batches split |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        for (var reading : Reading.values()) {
            for (int slots : POOL_SLOTS) {
                var random = new SplittableRandom(seed);
                double johnson = 0;
                double balanced = 0;
                int split = 0;
                for (int b = 0; b < BATCHES; b++) {
                    var batch = batch(b, reading, random);
                    johnson += FlowShop.makespan(JohnsonRule.order(
                            batch.stream().map(job -> job.stageLengths(slots)).toList()));
                    var pools = BalancedPools.split(batch, slots);
                    balanced += pools.makespan();
                    split += pools.pools().size() == 2 ? 1 : 0;
                }
                johnson /= BATCHES;
                balanced /= BATCHES;
                System.out.printf(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.1f%% | %d of %d |%n", reading.label, slots,
                        johnson, balanced, 100 * (1 - balanced / johnson), split, BATCHES);
            }
        }
    }

    private static void writeSwim(long seed, Path file) throws IOException {
        var random = new SplittableRandom(seed);
        var lines = new ArrayList<String>();
        long previous = 0;
        for (int b = 0; b < BATCHES; b++) {
            long submit = b * 3600L;
            for (var job : batch(b, Reading.NORMAL, random)) {
                long shuffle = job.reduceTasks() * GIB;
                lines.add(String.join("\t", job.jobId(), Long.toString(submit), Long.toString(submit - previous),
                        Long.toString(job.mapTasks() * CHUNK), Long.toString(shuffle), Long.toString(shuffle)));
                previous = submit;
            }
        }
        Files.write(file, lines);
    }

    private static List<BatchJob> batch(int index, Reading reading, SplittableRandom random) {
        var jobs = new ArrayList<BatchJob>();
        for (int j = 0; j < JOBS_PER_BATCH; j++) {
            int maps = (int) Math.round(reading.draw(random, 150, 550));
            int reduces = (int) Math.round(reading.draw(random, 19, 145));
            double mapSeconds = reading.draw(random, 50, 200);
            double reduceSeconds = reading.draw(random, 100, 300);
            jobs.add(BatchJob.ofTaskLengths("b" + index + "-j" + j, maps, mapSeconds, reduces, reduceSeconds));
        }
        return jobs;
    }

    private enum Reading {
        NORMAL("normal, mean a, sd b, at least 1") {
            @Override
            double draw(SplittableRandom random, double a, double b) {
                return Math.max(1, a + b * random.nextGaussian());
            }
        },
        UNIFORM("uniform in [a, b]") {
            @Override
            double draw(SplittableRandom random, double a, double b) {
                return a + (b - a) * random.nextDouble();
            }
        };

        private final String label;

        Reading(String label) {
            this.label = label;
        }

        abstract double draw(SplittableRandom random, double a, double b);
    }
}
