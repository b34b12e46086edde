package io.gleaner.planner.core.salamander.solver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded synthetic instances, shaped loosely like the FB-2009 SWIM workload: most jobs are small (one or two maps),
 * some medium, a few large; about a third have no reduce, the rest one reduce per eight maps or so. Nodes are
 * heterogeneous (a speed factor in [0.5, 1.5] scales each task's Te), and their regular workload follows a daily
 * wave plus noise. Same spec and seed, same instance. Not the paper's setting (see {@link Figure4Instances}): nodes
 * are small (4–16 cores) and tasks long (up to 20 steps for a map, 40 for a reduce, before the speed factor), so
 * makespans run to hundreds of steps and capacity fragments.
 */
public final class InstanceGenerator {

    /** What to generate. */
    public record Spec(int nodes, int steps, int tasks, int minCores, int maxCores, int maxMapSteps,
            int maxReduceSteps, double meanUtilization, SafetyMargin margin) {

        /** The benchmark's mixed family: 42 nodes (the paper's three data centres together), 480 steps of 3 minutes. */
        public static Spec paperScale(int tasks) {
            return new Spec(42, 480, tasks, 4, 16, 20, 40, 0.4, new SafetyMargin(0.05, 0.05));
        }

        /** A tiny instance the MIP solves: cramped nodes so that not everything fits. */
        public static Spec tiny(int nodes, int steps, int tasks) {
            return new Spec(nodes, steps, tasks, 2, 4, 5, 5, 0.2, SafetyMargin.NONE);
        }
    }

    private InstanceGenerator() {
    }

    public static Instance generate(Spec spec, long seed) {
        var random = new SplittableRandom(seed);
        var nodes = new ArrayList<Node>();
        double[] speed = new double[spec.nodes()];
        for (int n = 0; n < spec.nodes(); n++) {
            int cores = spec.minCores() + random.nextInt(spec.maxCores() - spec.minCores() + 1);
            long ramGb = cores * 4L;
            speed[n] = 0.5 + random.nextDouble();
            double phase = random.nextDouble() * 2 * Math.PI;
            double[] cpu = new double[spec.steps()];
            double[] ram = new double[spec.steps()];
            for (int t = 0; t < spec.steps(); t++) {
                double wave = Math.sin(2 * Math.PI * t / 480.0 + phase) * 0.15;
                cpu[t] = clamp(spec.meanUtilization() + wave + (random.nextDouble() - 0.5) * 0.1);
                ram[t] = clamp(spec.meanUtilization() + wave / 2 + (random.nextDouble() - 0.5) * 0.05);
            }
            nodes.add(new Node("n" + n, cores, ramGb, cpu, ram));
        }
        var jobs = new ArrayList<Job>();
        int made = 0;
        while (made < spec.tasks()) {
            int left = spec.tasks() - made;
            double size = random.nextDouble();
            int maps = size < 0.6 ? 1 + random.nextInt(2) : size < 0.9 ? 3 + random.nextInt(8) : 11 + random.nextInt(50);
            int reduces = random.nextDouble() < 0.3 ? 0 : Math.max(1, maps / 8);
            if (maps + reduces > left) {
                maps = Math.max(1, left - (left > 1 ? 1 : 0));
                reduces = left - maps;
            }
            String job = "j" + jobs.size();
            jobs.add(new Job(job, tasks(job + "-m", maps, 1, spec.maxMapSteps(), speed, random),
                    tasks(job + "-r", reduces, 1, spec.maxReduceSteps(), speed, random)));
            made += maps + reduces;
        }
        return new Instance(new Window(spec.steps(), Duration.ofMinutes(3)), nodes, jobs, spec.margin());
    }

    private static List<Task> tasks(String prefix, int count, int minSteps, int maxSteps, double[] speed,
            SplittableRandom random) {
        var out = new ArrayList<Task>();
        for (int q = 0; q < count; q++) {
            int base = minSteps + random.nextInt(maxSteps - minSteps + 1);
            int[] te = new int[speed.length];
            for (int n = 0; n < speed.length; n++) {
                te[n] = Math.max(1, (int) Math.ceil(base / speed[n]));
            }
            out.add(new Task(prefix + q, 1 + random.nextInt(2), 3 + random.nextInt(2), te));
        }
        return out;
    }

    private static double clamp(double u) {
        return Math.max(0, Math.min(1, u));
    }
}
