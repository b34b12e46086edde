package io.gleaner.planner.core.makespan;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.OnlineMean;
import io.gleaner.classifier.estimate.Phase;
import io.gleaner.classifier.estimate.PhaseNode;
import io.gleaner.classifier.estimate.SampleCounts;
import io.gleaner.classifier.estimate.WaveBoundModel;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A job of a batch: the tasks it has left and the task lengths that size its stages.
 *
 * @param mapTasks    map tasks still to run, &gt;= 0
 * @param reduceTasks reduce tasks still to run, &gt;= 0
 * @param profile     its task lengths: the job name's past runs, or {@link #ofTaskLengths} from a work model
 */
public record BatchJob(String jobId, int mapTasks, int reduceTasks, JobProfile profile) {

    /** The node type under which {@link #ofTaskLengths} files its one sample of each phase. */
    static final String MODELLED = "modelled";

    public BatchJob {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(profile, "profile");
        if (mapTasks < 0 || reduceTasks < 0) {
            throw new IllegalArgumentException("task counts must be >= 0, were " + mapTasks + " maps and "
                    + reduceTasks + " reduces for job " + jobId);
        }
        if ((mapTasks > 0 && !profile.hasMaps()) || (reduceTasks > 0 && !profile.hasReduces())) {
            throw new IllegalArgumentException("the profile of job " + jobId + " lacks a phase it has to run: "
                    + mapTasks + " maps and " + reduceTasks + " reduces, profile counts " + profile.counts());
        }
    }

    /**
     * A job whose every map takes {@code mapMillis} and every reduce {@code reduceMillis}, its copy included (no
     * separate shuffle): the profile of one sample per phase that the wave model needs.
     */
    public static BatchJob ofTaskLengths(String jobId, int mapTasks, double mapMillis, int reduceTasks,
                                         double reduceMillis) {
        var means = new TreeMap<PhaseNode, OnlineMean>();
        means.put(new PhaseNode(Phase.MAP, MODELLED), OnlineMean.of(mapMillis));
        means.put(new PhaseNode(Phase.REDUCE, MODELLED), OnlineMean.of(reduceMillis));
        var profile = new JobProfile(jobId, 1, mapMillis, mapMillis, mapMillis, 0, 0, 0, 0, 0, 0, 0,
                reduceMillis, reduceMillis, reduceMillis, means, new SampleCounts(1, 1, 0, 1));
        return new BatchJob(jobId, mapTasks, reduceTasks, profile);
    }

    /**
     * (M_j, R_j) on a pool of {@code slots} map and {@code slots} reduce slots: the 2015 thesis §5.3's Completion
     * Time Estimator, which is ch. 3's model, {@link WaveBoundModel#estimate} (Eqs 3.1–3.14); M_j = T_map (Eq. 3.3)
     * and R_j = T_sh + T_reduce (Eqs 3.7, 3.10), the reading of seed-002-notes §4.A.
     */
    public StageLengths stageLengths(int slots) {
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be >= 1, was " + slots + " for job " + jobId);
        }
        var estimate = WaveBoundModel.estimate(profile, mapTasks, reduceTasks, slots, slots);
        return new StageLengths(jobId, estimate.map(), estimate.shuffle() + estimate.reduce());
    }
}
