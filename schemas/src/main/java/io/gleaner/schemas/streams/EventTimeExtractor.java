package io.gleaner.schemas.streams;

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
 * <p>When the value cannot be decoded, or its time is before 1970, the record takes the partition time (0 before the
 * partition has one), so that it still reaches the decode step and becomes a dead letter there instead of being
 * dropped by Kafka Streams for a negative timestamp, and so that it cannot move stream time: the producer's own
 * timestamp of a stray record is wall-clock time, years ahead of a replayed trace, and stream time drives the
 * stages' windows, staleness and retention purges.
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

    EventTimeExtractor(SharedDecoder<V> decoder, Function<V, Instant> eventTime) {
        this.decoder = Objects.requireNonNull(decoder, "decoder");
        this.eventTime = Objects.requireNonNull(eventTime, "eventTime");
    }

    @Override
    public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
        if (record.value() instanceof byte[] bytes) {
            try {
                var value = decoder.decodeAndKeep(record.topic(), record.headers(), bytes);
                var time = value == null ? null : eventTime.apply(value);
                if (time != null && !time.isBefore(Instant.EPOCH)) {
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
