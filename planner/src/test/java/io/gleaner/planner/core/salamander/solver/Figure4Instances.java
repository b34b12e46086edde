package io.gleaner.planner.core.salamander.solver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded instances in the setting of Salamander's Fig. 4 (§IV, RQ2: solving time and makespan from 500 to 2,500 map
 * and reduce tasks), on the 42 nodes of issue 7's solver goal. What the paper fixes is taken from it; what it leaves
 * open is chosen here and said so.
 *
 * <ul>
 * <li><b>Nodes</b> (§IV-A, Table II): the three data centres together, PC-1 (9 hosts, 6 configurations, 2,208 GFLOP/s,
 * 1.2 TB), PC-2 (27, 13, 3,552 GFLOP/s, 3.8 TB) and University (6, 6, 1,363 GFLOP/s, 1.5 TB): 42 hosts. Table II gives
 * totals only; they are split over hosts by the simulator's rule ({@code ClusterPresets.dataCenterNodes}, repeated
 * here since the planner does not depend on the simulator): configuration k of K has weight 4^(k/(K−1)), the largest
 * is one host and the others share the rest, GFLOP/s and RAM in proportion to weight. Every host has 20 cores (20
 * slots, §IV-A) and its RAM in whole GB. Fig. 4 itself is for PC-1 alone; the issue asks for the three together.
 * <li><b>Owners' load</b> (not in the paper, whose traces are private): per node, CPU around 40% and RAM around 40%
 * with a daily wave of ±15% (±7.5% for RAM) in a random phase and ±5% (±2.5%) noise, as {@link InstanceGenerator};
 * safety margin 5% on both (the setting of the paper's Table III). A step is 3 minutes, 480 steps (Table I).
 * <li><b>Tasks</b> (§IV-A): a map reads one 128 MB chunk at 3,100 FLOP per byte, 1 core, 3 GB; a reduce runs 6,300
 * FLOP per byte of its input, 1 core, 4 GB. Te(i, n) = ⌈FLOP / (host GFLOP/s / 20) / 180 s⌉ steps: a map takes one
 * step on every node (34–136 s), a reduce of 1 GB takes 2 steps on the fastest host and 13 on the slowest.
 * <li><b>Jobs</b> (not in the paper beyond RQ1's 640 maps for 40 reduces, 16 to 1): job sizes shaped like FB-2009
 * as {@link InstanceGenerator} draws them (60% with 1–2 maps, 30% with 3–10, 10% with 11–60); 30% have no reduce,
 * the others one reduce per 16 maps (at least one), each reading a share of the shuffle drawn from 128 MB to 1 GB
 * (the repository's SWIM mapping splits shuffle into reduces of at most 1 GB).
 * </ul>
 * Every task fits in the day on these instances, so they compare makespans, as Fig. 4b does. Same tasks and seed,
 * same instance.
 */
public final class Figure4Instances {

    /** Steps of 3 minutes in the day (Table I). */
    public static final int STEPS = 480;

    private static final double STEP_SECONDS = 180;
    private static final int CORES = 20;
    private static final double MAP_FLOP = 3100.0 * 128e6;
    private static final double REDUCE_FLOP_PER_BYTE = 6300.0;

    /** A data centre of Table II. */
    private record DataCentre(String name, int hosts, int configurations, double gflops, double ramTb) {
    }

    private static final List<DataCentre> TABLE_II = List.of(
            new DataCentre("pc1", 9, 6, 2208, 1.2),
            new DataCentre("pc2", 27, 13, 3552, 3.8),
            new DataCentre("university", 6, 6, 1363, 1.5));

    private Figure4Instances() {
    }

    /** An instance of {@code tasks} tasks on the 42 hosts over 480 steps. */
    public static Instance generate(int tasks, long seed) {
        var random = new SplittableRandom(seed);
        var nodes = new ArrayList<Node>();
        var coreGflops = new ArrayList<Double>();
        for (var dc : TABLE_II) {
            int largest = dc.configurations() - 1;
            int[] counts = new int[dc.configurations()];
            double[] weights = new double[dc.configurations()];
            double weightSum = 0;
            for (int k = 0; k < counts.length; k++) {
                counts[k] = k == largest ? 1 : (dc.hosts() - 1) / largest + (k < (dc.hosts() - 1) % largest ? 1 : 0);
                weights[k] = Math.pow(4, (double) k / largest);
                weightSum += counts[k] * weights[k];
            }
            for (int k = 0; k < counts.length; k++) {
                for (int h = 0; h < counts[k]; h++) {
                    double gflops = dc.gflops() * weights[k] / weightSum;
                    long ramGb = (long) Math.floor(dc.ramTb() * 1000 * weights[k] / weightSum);
                    nodes.add(owners(dc.name() + "-c" + (k + 1) + "-" + (h + 1), ramGb, random));
                    coreGflops.add(gflops / CORES);
                }
            }
        }
        var jobs = new ArrayList<Job>();
        int made = 0;
        while (made < tasks) {
            int left = tasks - made;
            double size = random.nextDouble();
            int maps = size < 0.6 ? 1 + random.nextInt(2)
                    : size < 0.9 ? 3 + random.nextInt(8) : 11 + random.nextInt(50);
            int reduces = random.nextDouble() < 0.3 ? 0 : Math.max(1, maps / 16);
            if (maps + reduces > left) {
                maps = Math.max(1, left - (left > 1 ? 1 : 0));
                reduces = left - maps;
            }
            String id = "j" + jobs.size();
            var mapTasks = new ArrayList<Task>();
            for (int q = 0; q < maps; q++) {
                mapTasks.add(new Task(id + "-m" + q, 1, 3, steps(MAP_FLOP, coreGflops)));
            }
            var reduceTasks = new ArrayList<Task>();
            for (int q = 0; q < reduces; q++) {
                double bytes = 128e6 + random.nextDouble() * (1e9 - 128e6);
                reduceTasks.add(new Task(id + "-r" + q, 1, 4, steps(REDUCE_FLOP_PER_BYTE * bytes, coreGflops)));
            }
            jobs.add(new Job(id, mapTasks, reduceTasks));
            made += maps + reduces;
        }
        return new Instance(new Window(STEPS, Duration.ofMinutes(3)), nodes, jobs, new SafetyMargin(0.05, 0.05));
    }

    private static Node owners(String id, long ramGb, SplittableRandom random) {
        double phase = random.nextDouble() * 2 * Math.PI;
        double[] cpu = new double[STEPS];
        double[] ram = new double[STEPS];
        for (int t = 0; t < STEPS; t++) {
            double wave = Math.sin(2 * Math.PI * t / STEPS + phase) * 0.15;
            cpu[t] = clamp(0.4 + wave + (random.nextDouble() - 0.5) * 0.1);
            ram[t] = clamp(0.4 + wave / 2 + (random.nextDouble() - 0.5) * 0.05);
        }
        return new Node(id, CORES, ramGb, cpu, ram);
    }

    private static int[] steps(double flop, List<Double> coreGflops) {
        int[] te = new int[coreGflops.size()];
        for (int n = 0; n < te.length; n++) {
            te[n] = Math.max(1, (int) Math.ceil(flop / (coreGflops.get(n) * 1e9) / STEP_SECONDS));
        }
        return te;
    }

    private static double clamp(double u) {
        return Math.max(0, Math.min(1, u));
    }
}
