package io.gleaner.classifier.topology;

import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Stamps each checked submission with the stream time at which it goes into {@link ClassifierStores#JOBS}, the time from
 * which {@link ProgressRetention} counts a job that never reports a success. Stream time, not the submit time: a
 * submission that arrives late (its submit time long before what its task has already seen) still gets a whole
 * retention from its arrival, as a progress entry counts from the stream time of its last success.
 */
final class JobStamper implements FixedKeyProcessor<String, JobEntry, JobEntry> {

    private FixedKeyProcessorContext<String, JobEntry> context;

    @Override
    public void init(FixedKeyProcessorContext<String, JobEntry> context) {
        this.context = context;
    }

    @Override
    public void process(FixedKeyRecord<String, JobEntry> record) {
        context.forward(record.withValue(record.value().at(context.currentStreamTimeMs())));
    }
}
