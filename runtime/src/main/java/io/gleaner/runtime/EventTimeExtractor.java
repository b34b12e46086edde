package io.gleaner.runtime;

import io.gleaner.schemas.serde.SchemaRegistryException;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.processor.TimestampExtractor;

/**
 * Takes a record's timestamp from its value's event-time field (a job's submitTime, a heartbeat's, report's or
 * sample's time), decoding the raw bytes for it: what every stage's sources use, so stages run on event time.
 *
 * <p>When the value cannot be decoded, or its time is one the stage does not take ({@link EventTimeBound}: before
 * 1970, or too far after the wall clock), the record takes the partition time (0 before the partition has one), so
 * that it still reaches the decode step and becomes a dead letter there instead of being dropped by Kafka Streams for
 * a negative timestamp, and so that it cannot move stream time: the producer's own timestamp of a stray record is
 * wall-clock time, years ahead of a replayed trace, a wrong clock's time may be decades ahead, and stream time drives
 * the stages' windows, staleness and retention purges and stamps what they write. The decode step knows such a
 * record by its timestamp, which is then not its value's event time.
 *
 * <p>A schema registry that does not answer is not an undecodable record: that failure propagates and stops the
 * stage, after one retry loop of the registry client, as it would in the decode step.
 *
 * <p>What it decodes it keeps in the source's {@link SharedDecoder} for the source's decode step, which then does not
 * decode the record again.
 */
final class EventTimeExtractor<V> implements TimestampExtractor {

    private final SharedDecoder<V> decoder;
    private final Function<V, Instant> eventTime;
    private final EventTimeBound bound;

    EventTimeExtractor(SharedDecoder<V> decoder, Function<V, Instant> eventTime, EventTimeBound bound) {
        this.decoder = Objects.requireNonNull(decoder, "decoder");
        this.eventTime = Objects.requireNonNull(eventTime, "eventTime");
        this.bound = Objects.requireNonNull(bound, "bound");
    }

    @Override
    public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
        if (record.value() instanceof byte[] bytes) {
            try {
                var value = decoder.decodeAndKeep(record.topic(), record.headers(), bytes);
                var time = value == null ? null : eventTime.apply(value);
                if (bound.problem(time).isEmpty()) {
                    return time.toEpochMilli();
                }
            } catch (SchemaRegistryException e) {
                if (e.isTransient()) {
                    // The registry did not answer, through the client's whole retry loop: the record may be good, and
                    // swallowed here the decode step would look its schema up again, a second loop and a second
                    // deadline. Thrown, it stops the stage (StreamsStage) with the record uncommitted.
                    throw e;
                }
            } catch (RuntimeException e) {
                // Undecodable: the decode step dead-letters it with the deserializer's message.
            }
        }
        return Math.max(0, partitionTime);
    }
}
