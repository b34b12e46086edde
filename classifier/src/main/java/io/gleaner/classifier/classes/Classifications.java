package io.gleaner.classifier.classes;

import java.util.List;
import java.util.Optional;

/**
 * COSHH's two classifications (section 3.1): the primary one (ids "P-n") classifies only the jobs of users with a
 * min share &gt; 0, for min-share satisfaction; the secondary one ("S-n") classifies every job, for fairness. A job
 * of a user with a min share is in both.
 */
public final class Classifications {

    /** The prefix of primary class ids. */
    public static final String PRIMARY = "P";
    /** The prefix of secondary class ids. */
    public static final String SECONDARY = "S";

    private final JobClassifier primary;
    private final JobClassifier secondary;

    /**
     * Both classifications over {@code nodeTypes}; COSHH sets k to the number of users of each (users with a min
     * share for the primary one, all users for the secondary one).
     */
    public Classifications(List<String> nodeTypes, ClassifierSettings primarySettings,
            ClassifierSettings secondarySettings) {
        this.primary = new JobClassifier(PRIMARY, nodeTypes, primarySettings);
        this.secondary = new JobClassifier(SECONDARY, nodeTypes, secondarySettings);
    }

    /**
     * Where a job went in each classification.
     *
     * @param primary the primary class, empty when the user has no min share
     * @param secondary the secondary class
     */
    public record Assignment(Optional<Classified> primary, Classified secondary) {

        /** Whether either classification was re-run, so that both LPs must be solved again (Algorithm 1). */
        public boolean reclustered() {
            return secondary.reclustered() || primary.map(Classified::reclustered).orElse(false);
        }
    }

    /**
     * Classifies the job in the secondary classification, and in the primary one if its user has a min share.
     *
     * @throws IllegalArgumentException if the job is already in either classification or its rates do not cover
     *     the node types; then neither classification changes
     */
    public Assignment classify(JobFeatures job, boolean userHasMinShare) {
        if (job == null) {
            throw new IllegalArgumentException("job must not be null");
        }
        // Checked here for both, so that a job is never left in one classification only.
        if (secondary.contains(job.jobId()) || userHasMinShare && primary.contains(job.jobId())) {
            throw new IllegalArgumentException("job " + job.jobId() + " is already classified");
        }
        if (job.nodeTypes() != secondary.nodeTypes().size()) {
            throw new IllegalArgumentException("job " + job.jobId() + " has rates for " + job.nodeTypes()
                    + " node types, expected " + secondary.nodeTypes().size() + " " + secondary.nodeTypes());
        }
        Optional<Classified> inPrimary = userHasMinShare ? Optional.of(primary.classify(job)) : Optional.empty();
        return new Assignment(inPrimary, secondary.classify(job));
    }

    /** The primary classification. */
    public JobClassifier primary() {
        return primary;
    }

    /** The secondary classification. */
    public JobClassifier secondary() {
        return secondary;
    }
}
