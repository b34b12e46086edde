package io.gleaner.classifier.topology;

import io.gleaner.classifier.estimate.JobProfile;
import io.gleaner.classifier.estimate.ProfileBuilder;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Merges the profile of one finished run into the profile of its job name ({@link ProfileBuilder#merge}: min of
 * mins, max of maxes, averages weighted by task count, runs and counts added), stores it in
 * {@link ClassifierStores#PROFILES} and forwards the merged profile. Runs in the task of the job name's partition, so every
 * run of a name meets the stored profile here whatever partition its job id had.
 */
final class ProfileMerger implements FixedKeyProcessor<String, JobProfile, JobProfile> {

    private static final Logger log = LoggerFactory.getLogger(ProfileMerger.class);

    private FixedKeyProcessorContext<String, JobProfile> context;
    private KeyValueStore<String, JobProfile> profiles;

    @Override
    public void init(FixedKeyProcessorContext<String, JobProfile> context) {
        this.context = context;
        this.profiles = context.getStateStore(ClassifierStores.PROFILES);
    }

    @Override
    public void process(FixedKeyRecord<String, JobProfile> record) {
        var run = record.value();
        var stored = profiles.get(run.jobName());
        var merged = stored == null ? run : ProfileBuilder.merge(stored, run);
        profiles.put(run.jobName(), merged);
        log.debug("profile of {} now merges {} runs", run.jobName(), merged.runs());
        context.forward(record.withValue(merged));
    }
}
