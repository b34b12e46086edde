package io.gleaner.ingest.replay;

import java.util.Objects;

/**
 * Where a replayed record came from: the replay's source (the trace's name) and the record's position in
 * it, the ordinal of its row among all the rows the trace reader yielded (parsed and rejected), from 1.
 *
 * <p>Positions are strictly increasing in trace order, even where one line yields several rows (cpu and
 * memory of one node row), which a line number is not. They are the same on every run over the same trace
 * with the same reader settings, which is what lets a replay resume (see {@link ReplayedPositions}).
 *
 * @param source the trace's name, {@link io.gleaner.ingest.trace.TraceReader#sourceName()}
 * @param position the row's ordinal in the trace, from 1
 */
public record TracePosition(String source, long position) {

    /** Header that carries {@link #source()} on every record the replayer sends. */
    public static final String SOURCE_HEADER = "gleaner.source";

    /** Header that carries {@link #position()}, in decimal ASCII, on every record the replayer sends. */
    public static final String POSITION_HEADER = "gleaner.position";

    /**
     * Header that carries the replay's id, when the sink was given one ({@link KafkaRecordSink#open(String,
     * java.util.Map, org.apache.kafka.common.serialization.Serializer, String)}): a digest of the options
     * that decide which rows are sent and what they become, so that a resume with other options is refused
     * ({@link KafkaReplayedPositions#read(java.util.Map, String, String, String)}).
     */
    public static final String REPLAY_HEADER = "gleaner.replay";

    public TracePosition {
        Objects.requireNonNull(source, "source");
        if (position < 1) {
            throw new IllegalArgumentException("position must be >= 1, was " + position);
        }
    }
}
