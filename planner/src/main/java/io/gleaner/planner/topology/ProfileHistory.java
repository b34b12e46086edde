package io.gleaner.planner.topology;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.planner.core.JobHistory;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The planner core's {@link JobHistory} over the global store of the classifier's {@code jobs.profiles}. */
final class ProfileHistory implements JobHistory {

    private static final Logger log = LoggerFactory.getLogger(ProfileHistory.class);

    private final KeyValueStore<String, ValueAndTimestamp<io.gleaner.schemas.avro.JobProfile>> store;

    private ProfileHistory(KeyValueStore<String, ValueAndTimestamp<io.gleaner.schemas.avro.JobProfile>> store) {
        this.store = store;
    }

    /** The history of the global profiles store that {@link PlannerTopology} adds. */
    static ProfileHistory of(ProcessorContext<?, ?> context) {
        return new ProfileHistory(context.getStateStore(StoreNames.PROFILES_VIEW));
    }

    @Override
    public Optional<JobProfile> profile(String jobName) {
        var stored = store.get(jobName);
        if (stored == null || stored.value() == null) {
            return Optional.empty();
        }
        try {
            // The classifier's mapping, not this package's AvroMapping (the planner's store values).
            return Optional.of(io.gleaner.classifier.topology.AvroMapping.toCore(stored.value()));
        } catch (IllegalArgumentException e) {
            // Another writer's bad profile must not stop the planner: the job is estimated from its bytes instead.
            log.warn("ignoring the profile of job name {}: {}", jobName, e.getMessage());
            return Optional.empty();
        }
    }
}
