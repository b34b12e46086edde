package io.gleaner.planner.core.mdasa;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.OnlineMean;
import io.gleaner.classifier.estimate.Phase;
import io.gleaner.classifier.estimate.PhaseNode;
import io.gleaner.classifier.estimate.SampleCounts;
import io.gleaner.classifier.estimate.WorkRates;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.TaskKind;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The job profile (seed 002 §3.2.2) the deadline-aware policies size a job by: its name's past runs when the
 * classifier has them, else one made from the job's bytes. The thesis fetches profiles from its database and has no
 * job without one; a job seen for the first time here gets min = avg = max = its mean task's work at the slowest
 * known node's per-core speed ({@link WorkRates#taskMillis}), and no shuffle time (seed 002 §1.4 assumes the network
 * is no bottleneck). The slowest node, because a task may land on any node and the goal is a promise.
 */
final class JobEstimate {

    /** The node type the made-up profile names: not a node type any cluster has. */
    static final String ESTIMATED = "estimated-from-bytes";

    private JobEstimate() {
    }

    /** The profile to size {@code job} by, or the one made from its bytes at {@code slowestGflops} per core. */
    static JobProfile profile(Job job, JobHistory history, double slowestGflops) {
        var past = history.profile(job.jobName())
                .filter(p -> p.hasMaps() || job.count(TaskKind.MAP) == 0)
                .filter(p -> p.hasReduces() || job.count(TaskKind.REDUCE) == 0);
        return past.orElseGet(() -> fromBytes(job, slowestGflops));
    }

    static JobProfile fromBytes(Job job, double speedGflops) {
        return flat(job.jobName(), job.count(TaskKind.MAP) > 0, taskMillis(job.group(TaskKind.MAP), Phase.MAP,
                speedGflops), job.count(TaskKind.REDUCE) > 0, taskMillis(job.group(TaskKind.REDUCE), Phase.REDUCE,
                speedGflops));
    }

    /** A profile whose every map takes {@code map} ms and every reduce {@code reduce} ms, with no shuffle. */
    static JobProfile flat(String jobName, boolean maps, double map, boolean reduces, double reduce) {
        var means = new TreeMap<PhaseNode, OnlineMean>();
        if (maps) {
            means.put(new PhaseNode(Phase.MAP, ESTIMATED), new OnlineMean(1, map));
        }
        if (reduces) {
            means.put(new PhaseNode(Phase.REDUCE, ESTIMATED), new OnlineMean(1, reduce));
        }
        var counts = new SampleCounts(maps ? 1 : 0, reduces ? 1 : 0, 0, reduces ? 1 : 0);
        double m = maps ? map : 0;
        double r = reduces ? reduce : 0;
        return new JobProfile(jobName, 1, m, m, m, 0, 0, 0, 0, 0, 0, 0, r, r, r, means, counts);
    }

    /**
     * The mean task of a group at {@code speedGflops} per core ({@link WorkRates#taskMillis}: a reduce also copies
     * its input over one link), with the group's own flop per byte and cores where it gives them.
     */
    private static double taskMillis(Optional<PhaseTasks> group, Phase phase, double speedGflops) {
        if (group.isEmpty()) {
            return 0;
        }
        var g = group.get();
        var d = WorkRates.DEFAULTS;
        double flopPerByte = g.flopPerByte() > 0 ? g.flopPerByte()
                : phase == Phase.MAP ? d.mapFlopPerByte() : d.reduceFlopPerByte();
        double cpus = g.demand().cpus() > 0 ? g.demand().cpus() : d.cpusPerTask();
        var rates = new WorkRates(flopPerByte, flopPerByte, cpus, d.shuffleBitsPerSecond());
        double bytes = ((double) g.bytesPerTask() * (g.count() - 1) + g.lastTaskBytes()) / g.count();
        return rates.taskMillis(phase, bytes, speedGflops);
    }
}
