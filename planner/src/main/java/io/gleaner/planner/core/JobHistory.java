package io.gleaner.planner.core;

import io.gleaner.classifier.estimate.JobProfile;
import java.util.Optional;

/**
 * What the planner knows of past runs of a job name: the classifier's profiles (seed 002 section 3.2, seed 003
 * section 3.3), from which COSHH takes a job's execution rate on each node type when the name has history (COSHH
 * section 2.2).
 */
public interface JobHistory {

    /** No history: every job is estimated from its bytes. */
    JobHistory NONE = jobName -> Optional.empty();

    /** The merged profile of {@code jobName}'s past runs, if any. */
    Optional<JobProfile> profile(String jobName);
}
