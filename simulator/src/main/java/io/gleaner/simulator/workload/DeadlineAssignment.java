package io.gleaner.simulator.workload;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.OnlineMean;
import io.gleaner.classifier.estimate.Phase;
import io.gleaner.classifier.estimate.PhaseNode;
import io.gleaner.classifier.estimate.SampleCounts;
import io.gleaner.classifier.estimate.WaveBoundModel;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.SeededHash;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.NodeSpec;
import io.gleaner.simulator.core.TaskModel;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Gives each job a deadline: its submission plus a factor times its estimated stand-alone time on the cluster
 * (issue 28, "deadlines on the bench"; docs/simulator.md#deadlines).
 *
 * <p><b>Stand-alone time.</b> The 2015 thesis's wave model (seed 002 §3.4, Eqs. 3.1-3.14; its midpoint, notes §3.3)
 * through {@link WaveBoundModel}, with every slot of the cluster for the maps and then for the reduces (Gleaner
 * starts reduces after the maps). The profile is not measured but read off the simulator's task model
 * ({@link TaskModel}): the shortest task reads its group's smallest input on the fastest node, the longest its
 * largest input on the slowest node; a reduce's first shuffle is its input over one link. No run had later-wave
 * shuffles, so the model takes the first wave's for them (notes §8.4 item 3). Not in the thesis: one heartbeat
 * period per phase, since the bench starts a phase's tasks only at a round of its grid (the maps at the first round
 * after the submission, the reduces at the first after the maps' reports), which for the trace's many jobs of a
 * few milliseconds of work is nearly all of their time alone.
 *
 * <p><b>Factor.</b> Drawn uniformly from [low, high] per job from the seed and the job id alone
 * ({@link SeededHash}), so a job keeps its factor when other jobs are added or left out. A deadline the job
 * already had is replaced.
 */
public final class DeadlineAssignment {

    private static final String NODE_TYPE = "task-model";

    private final double low;
    private final double high;
    private final long seed;
    private final int slots;
    private final double fastestFlops;
    private final double slowestFlops;
    private final ClusterSpec cluster;
    private final long heartbeatMillis;

    /**
     * The rule for factors in [{@code low}, {@code high}] on {@code cluster}, whose rounds come every
     * {@code heartbeat}.
     *
     * @throws IllegalArgumentException if a bound is not &gt; 0 and finite, or low &gt; high
     */
    public DeadlineAssignment(double low, double high, long seed, ClusterSpec cluster, Duration heartbeat) {
        this.cluster = Objects.requireNonNull(cluster, "cluster");
        this.heartbeatMillis = heartbeat.toMillis();
        if (!(low > 0) || !(high > 0) || Double.isInfinite(high)) {
            throw new IllegalArgumentException("deadline factors must be > 0 and finite, were " + low + ".." + high);
        }
        if (low > high) {
            throw new IllegalArgumentException("the low deadline factor must be <= the high one, were "
                    + low + ".." + high);
        }
        this.low = low;
        this.high = high;
        this.seed = seed;
        this.slots = cluster.nodes().stream().mapToInt(NodeSpec::slots).sum();
        this.fastestFlops = cluster.nodes().stream().mapToDouble(NodeSpec::speedGflops).max().orElseThrow() * 1e9;
        this.slowestFlops = cluster.nodes().stream().mapToDouble(NodeSpec::speedGflops).min().orElseThrow() * 1e9;
    }

    /** The factor of the job with this id, in [low, high]. */
    public double factor(String jobId) {
        long h = SeededHash.mix(SeededHash.mix(seed) ^ SeededHash.mix(jobId.hashCode()));
        double u = (h >>> 11) * 0x1.0p-53;
        return low + u * (high - low);
    }

    /**
     * The job's stand-alone time on the cluster in milliseconds: the wave model's midpoint T_job (Eq. 3.14) plus a
     * heartbeat period per phase.
     */
    public double standAloneMillis(Job job) {
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

    /** A copy of {@code job} with its deadline: submission + factor x stand-alone time, to the millisecond. */
    public Job assign(Job job) {
        long millis = (long) Math.ceil(factor(job.jobId()) * standAloneMillis(job));
        return job.withDeadline(Optional.of(job.submitTime().plusMillis(millis)));
    }

    /** {@link #assign} over each job, in the same order. */
    public List<Job> assignAll(List<Job> jobs) {
        return jobs.stream().map(this::assign).toList();
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
