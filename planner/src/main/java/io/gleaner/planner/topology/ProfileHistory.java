package io.gleaner.planner.topology;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.profiles.ProfileRecords;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.schemas.InputChecks;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;

/** The planner core's {@link JobHistory} over the global store of the classifier's {@code jobs.profiles}. */
final class ProfileHistory implements JobHistory {

    private final KeyValueStore<String, io.gleaner.schemas.avro.JobProfile> store;

    private ProfileHistory(KeyValueStore<String, io.gleaner.schemas.avro.JobProfile> store) {
        this.store = store;
    }

    /** The history of the global profiles store that {@link PlannerTopology} adds. */
    static ProfileHistory of(ProcessorContext<?, ?> context) {
        return new ProfileHistory(context.getStateStore(PlannerStores.PROFILES_VIEW));
    }

    @Override
    public Optional<JobProfile> profile(String jobName) {
        var stored = store.get(jobName);
        // The view holds only profiles the classifier's mapping takes (PlannerTopology checks them on the way in).
        return stored == null ? Optional.empty()
                : Optional.of(ProfileRecords.toCore(stored));
    }

    /**
     * Why a profile read from {@code jobs.profiles} under {@code key} cannot be used, or empty when it can: the
     * topic's field rules, a key that is its job name, and the classifier's mapping.
     */
    static Optional<String> problem(String key, io.gleaner.schemas.avro.JobProfile profile) {
        var violation = InputChecks.DEFAULT.jobProfile(profile);
        if (violation.isPresent()) {
            return violation;
        }
        if (!key.equals(profile.getJobName())) {
            return Optional.of("record key '" + key + "' is not the profile's job name '" + profile.getJobName() + "'");
        }
        try {
            ProfileRecords.toCore(profile);
            return Optional.empty();
        } catch (IllegalArgumentException | NullPointerException e) {
            return Optional.of(String.valueOf(e.getMessage()));
        }
    }
}
