package io.gleaner.classifier.topology;

import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.Decoded;
import java.util.Objects;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorSupplier;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.processor.api.RecordMetadata;

/**
 * Checks a decoded input record and turns it into what the next step needs: an {@link Input} returns the value,
 * null to skip a valid record the stage has no use for, or throws {@link IllegalArgumentException} whose message
 * becomes the reason of a dead letter of the original record. A record the decoder already dead-lettered passes on
 * as that dead letter.
 */
final class CheckValues<V, R> implements FixedKeyProcessorSupplier<String, Decoded<V>, Routed<R>> {

    /** The check of one input. */
    @FunctionalInterface
    interface Input<V, R> {
        /**
         * @param key    the record's key
         * @param value  the decoded value
         * @param origin where the record came from
         * @return what the next step needs, or null to skip the record
         * @throws IllegalArgumentException naming the bad value, when the record is invalid
         */
        R check(String key, V value, Origin origin);
    }

    private final String topic;
    private final Input<V, R> input;

    CheckValues(String topic, Input<V, R> input) {
        this.topic = Objects.requireNonNull(topic, "topic");
        this.input = Objects.requireNonNull(input, "input");
    }

    @Override
    public FixedKeyProcessor<String, Decoded<V>, Routed<R>> get() {
        return new FixedKeyProcessor<>() {
            private FixedKeyProcessorContext<String, Routed<R>> context;

            @Override
            public void init(FixedKeyProcessorContext<String, Routed<R>> context) {
                this.context = context;
            }

            @Override
            public void process(FixedKeyRecord<String, Decoded<V>> record) {
                var decoded = record.value();
                if (decoded.isDeadLetter()) {
                    context.forward(record.withValue(Routed.dead(decoded.deadLetter())));
                    return;
                }
                var metadata = context.recordMetadata();
                var origin = new Origin(metadata.map(RecordMetadata::topic).orElse(topic),
                        metadata.map(RecordMetadata::partition).orElse(-1),
                        metadata.map(RecordMetadata::offset).orElse(-1L), DeadLetters.Raw.key(record.key()),
                        DeadLetters.Raw.value(decoded.raw()), record.timestamp());
                R checked;
                try {
                    checked = input.check(record.key(), decoded.value(), origin);
                } catch (IllegalArgumentException e) {
                    context.forward(record.withValue(Routed.dead(origin.deadLetter(e.getMessage()))));
                    return;
                }
                if (checked != null) {
                    context.forward(record.withValue(Routed.of(checked)));
                }
            }
        };
    }
}
