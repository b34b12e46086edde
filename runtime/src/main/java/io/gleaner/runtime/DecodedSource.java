package io.gleaner.runtime;

import io.gleaner.schemas.Topic;
import java.time.Instant;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;

/**
 * A stage's input topic as a stream of decoded values: read as raw bytes with the value's event time as the record
 * timestamp, then decoded, what cannot be decoded becoming a dead letter (CONVENTIONS §4), so that bad input never
 * stops a stage. Each record's value is decoded once, for its event time and its processing both
 * ({@link SharedDecoder}). What every stage's sources are built with:
 *
 * <pre>{@code
 * var branches = DecodedSource.stream(builder, topics.jobsSubmitted(), serdes.jobSubmitted(),
 *                 JobSubmitted::getSubmitTime, settings.eventTimeBound(), "jobs", "planner")
 *         .split(Named.as("jobs-"))
 *         .branch((key, decoded) -> decoded.isDeadLetter(), Branched.as("dead"))
 *         .defaultBranch(Branched.as("ok"));
 * }</pre>
 */
public final class DecodedSource {

    /**
     * The largest value a stage takes, in bytes: half the broker's default record limit (1 MiB). A stage writes
     * what it derives from a record (a store's changelog entry, a repartitioned copy) with more around it; a value
     * near the limit would make a write the broker refuses, which stops the stage. A valid Gleaner record is far
     * smaller: a heartbeat listing 10,240 running attempts with 40-character ids is about 410 KiB.
     */
    public static final int MAX_VALUE_BYTES = 512 * 1024;
    /** The longest key a stage takes, in UTF-8 bytes: keys are ids, and a store keeps one per entry. */
    public static final int MAX_KEY_BYTES = 4 * 1024;

    private DecodedSource() {
    }

    /**
     * The decoded values of {@code topic}: its source node is named {@code name + "-source"} and its decode step
     * {@code "decode-" + name}.
     *
     * @param serde     decodes the values (only its deserializer is used)
     * @param eventTime the value's event time, the record's timestamp; a record with a null key, or whose event time
     *                  {@code bound} does not take, becomes a dead letter (and does not move stream time, see
     *                  {@link EventTimeExtractor})
     * @param stage     the stage named in dead letters, e.g. {@code planner}
     */
    public static <V> KStream<String, Decoded<V>> stream(StreamsBuilder builder, Topic<String, V> topic, Serde<V> serde,
                                                         Function<V, Instant> eventTime, EventTimeBound bound,
                                                         String name, String stage) {
        return stream(builder, topic.name(), new SharedDecoder<>(serde.deserializer()), eventTime, bound, name,
                stage);
    }

    /**
     * As {@link #stream(StreamsBuilder, Topic, Serde, Function, EventTimeBound, String, String)}, decoding with
     * {@code decoder}.
     */
    static <V> KStream<String, Decoded<V>> stream(StreamsBuilder builder, String topic, SharedDecoder<V> decoder,
                                                  Function<V, Instant> eventTime, EventTimeBound bound, String name,
                                                  String stage) {
        return builder.stream(topic, Consumed.with(Serdes.String(), Serdes.ByteArray())
                        .withTimestampExtractor(new EventTimeExtractor<>(decoder, eventTime, bound))
                        .withName(name + "-source"))
                .processValues(new DecodeOrDeadLetter<>(decoder, eventTime, bound, topic, stage),
                        Named.as("decode-" + name));
    }
}
