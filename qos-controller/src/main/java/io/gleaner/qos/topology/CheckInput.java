package io.gleaner.qos.topology;

import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.Decoded;
import java.util.Objects;
import java.util.function.BiFunction;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorSupplier;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks a decoded input record with one of {@link Inputs}' checks, in the step that still sees the record's source
 * topic, partition and offset: a record the check rejects becomes a dead letter of its original bytes, a record the
 * decoder already dead-lettered passes on as that dead letter, a valid record the stage has no use for is dropped
 * (the check logged it).
 */
final class CheckInput<V> implements FixedKeyProcessorSupplier<String, Decoded<V>, Checked> {

    private static final Logger log = LoggerFactory.getLogger(CheckInput.class);

    private final String topic;
    private final BiFunction<String, V, NodeEvent> check;

    CheckInput(String topic, BiFunction<String, V, NodeEvent> check) {
        this.topic = Objects.requireNonNull(topic, "topic");
        this.check = Objects.requireNonNull(check, "check");
    }

    @Override
    public FixedKeyProcessor<String, Decoded<V>, Checked> get() {
        return new FixedKeyProcessor<>() {
            private FixedKeyProcessorContext<String, Checked> context;

            @Override
            public void init(FixedKeyProcessorContext<String, Checked> context) {
                this.context = context;
            }

            @Override
            public void process(FixedKeyRecord<String, Decoded<V>> record) {
                var decoded = record.value();
                if (decoded.isDeadLetter()) {
                    context.forward(record.withValue(Checked.dead(decoded.deadLetter())));
                    return;
                }
                NodeEvent event;
                try {
                    event = check.apply(record.key(), decoded.value());
                } catch (IllegalArgumentException e) {
                    var deadLetter = DeadLetters.of(context.recordMetadata(), topic, record.key(), decoded.raw(),
                            record.timestamp(), e.getMessage(), QosTopology.STAGE);
                    log.warn("dead letter from {} partition {} offset {}: {}", deadLetter.getSourceTopic(),
                            deadLetter.getPartition(), deadLetter.getOffset(), deadLetter.getReason());
                    context.forward(record.withValue(Checked.dead(deadLetter)));
                    return;
                }
                if (event != null) {
                    context.forward(record.withValue(Checked.of(event)));
                }
            }
        };
    }
}
