package io.gleaner.forecaster.topology;

import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/**
 * What the stage remembers of one series besides its samples.
 *
 * @param lastSampleMs event time of the newest sample seen
 * @param nextRefitMs  the next refit boundary: the series is refit when a sample at or after it arrives
 * @param stale        whether a stale forecast was published and no sample has arrived since
 */
record SeriesState(long lastSampleMs, long nextRefitMs, boolean stale) {

    private static final int SIZE = Long.BYTES * 2 + 1;

    SeriesState withLastSample(long value) {
        return new SeriesState(value, nextRefitMs, stale);
    }

    /** A fixed 17-byte serde: last sample time, next refit time, stale flag. */
    static Serde<SeriesState> serde() {
        Serializer<SeriesState> serializer = (topic, state) -> state == null ? null
                : ByteBuffer.allocate(SIZE).putLong(state.lastSampleMs).putLong(state.nextRefitMs)
                        .put((byte) (state.stale ? 1 : 0)).array();
        Deserializer<SeriesState> deserializer = (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            if (bytes.length != SIZE) {
                throw new IllegalArgumentException("series state must be " + SIZE + " bytes, was " + bytes.length);
            }
            var buffer = ByteBuffer.wrap(bytes);
            return new SeriesState(buffer.getLong(), buffer.getLong(), buffer.get() == 1);
        };
        return Serdes.serdeFrom(serializer, deserializer);
    }
}
