package io.gleaner.simulator.core;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.OnlineMean;
import io.gleaner.classifier.estimate.Phase;
import io.gleaner.classifier.estimate.PhaseNode;
import io.gleaner.classifier.estimate.SampleCounts;
import io.gleaner.classifier.estimate.WaveBoundModel;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.TaskKind;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A job's estimated stand-alone time on a cluster (docs/simulator.md#deadlines): the 2015 thesis's wave model (seed
 * 002 §3.4, Eqs. 3.1-3.14; its midpoint, notes §3.3) through {@link WaveBoundModel}, with every slot of the cluster
 * for the maps and then for the reduces (Gleaner starts reduces after the maps). The profile is not measured but read
 * off the simulator's task model ({@link TaskModel}): the shortest task reads its group's smallest input on the
 * fastest node, the longest its largest input on the slowest node; a reduce's first shuffle is its input over one
 * link. No run had later-wave shuffles, so the model takes the first wave's for them (notes §8.4 item 3). Not in the
 * thesis: one heartbeat period per phase, since the bench starts a phase's tasks only at a round of its grid (the maps
 * at the first round after the submission, the reduces at the first after the maps' reports), which for the trace's
 * many jobs of a few milliseconds of work is nearly all of their time alone.
 */
public final class StandAloneTime {

    private static final String NODE_TYPE = "task-model";

    private final ClusterSpec cluster;
    private final long heartbeatMillis;
    private final int slots;
    private final double fastestFlops;
    private final double slowestFlops;

    /** The estimate on {@code cluster}, whose rounds come every {@code heartbeat}. */
    public StandAloneTime(ClusterSpec cluster, Duration heartbeat) {
        this.cluster = Objects.requireNonNull(cluster, "cluster");
        this.heartbeatMillis = heartbeat.toMillis();
        this.slots = cluster.nodes().stream().mapToInt(NodeSpec::slots).sum();
        this.fastestFlops = cluster.nodes().stream().mapToDouble(NodeSpec::speedGflops).max().orElseThrow() * 1e9;
        this.slowestFlops = cluster.nodes().stream().mapToDouble(NodeSpec::speedGflops).min().orElseThrow() * 1e9;
    }

    /**
     * The job's stand-alone time on the cluster in milliseconds: the wave model's midpoint T_job (Eq. 3.14) plus a
     * heartbeat period per phase.
     */
    public double millis(Job job) {
        var maps = group(job, TaskKind.MAP);
        var reduces = group(job, TaskKind.REDUCE);
        int mapTasks = maps.map(PhaseTasks::count).orElse(0);
        int reduceTasks = reduces.map(PhaseTasks::count).orElse(0);
        if (mapTasks + reduceTasks == 0) {
            return 0;
        }
        double[] map = maps.map(this::computeBounds).orElse(new double[3]);
        double[] reduce = reduces.map(this::computeBounds).orElse(new double[3]);
        double shuffle = reduces.map(g -> (double) TaskModel.transferMillis(g.bytesPerTask(), cluster)).orElse(0.0);
        var means = new TreeMap<PhaseNode, OnlineMean>();
        if (mapTasks > 0) {
            means.put(new PhaseNode(Phase.MAP, NODE_TYPE), new OnlineMean(mapTasks, map[1]));
        }
        if (reduceTasks > 0) {
            means.put(new PhaseNode(Phase.REDUCE, NODE_TYPE), new OnlineMean(reduceTasks, reduce[1]));
        }
        long mapInput = maps.map(g -> Math.max(g.bytesPerTask(), g.lastTaskBytes())).orElse(0L);
        var profile = new JobProfile(job.jobName(), 1, map[0], map[1], map[2], mapInput,
                shuffle, shuffle, shuffle, 0, 0, 0, reduce[0], reduce[1], reduce[2], means,
                new SampleCounts(mapTasks, reduceTasks, 0, reduceTasks));
        int phases = (mapTasks > 0 ? 1 : 0) + (reduceTasks > 0 ? 1 : 0);
        return WaveBoundModel.estimate(profile, mapTasks, reduceTasks, slots, slots).job() + phases * heartbeatMillis;
    }

    private static Optional<PhaseTasks> group(Job job, TaskKind kind) {
        return job.taskGroups().stream().filter(g -> g.kind() == kind).findFirst();
    }

    /** {min, avg, max} task time of a group: smallest input on the fastest node to largest on the slowest. */
    private double[] computeBounds(PhaseTasks group) {
        double cpus = Math.max(group.demand().cpus(), Double.MIN_NORMAL);
        long small = Math.min(group.bytesPerTask(), group.lastTaskBytes());
        long large = Math.max(group.bytesPerTask(), group.lastTaskBytes());
        double min = TaskModel.computeMillis(small * group.flopPerByte(), fastestFlops * cpus);
        double max = TaskModel.computeMillis(large * group.flopPerByte(), slowestFlops * cpus);
        return new double[] {min, (min + max) / 2, max};
    }
}
