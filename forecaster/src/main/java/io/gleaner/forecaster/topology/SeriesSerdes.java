package io.gleaner.forecaster.topology;

import io.gleaner.forecaster.core.ForecastInForce;
import io.gleaner.forecaster.core.RecentMisses;
import io.gleaner.forecaster.core.SeriesState;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/** The serdes of the per-series stores: {@link SeriesState} and {@link ForecastInForce}. */
final class SeriesSerdes {

    private static final int STATE_SIZE = Long.BYTES * 2 + 1;

    private SeriesSerdes() {
    }

    /** A fixed 17-byte serde: last sample time, next refit time, stale flag. */
    static Serde<SeriesState> seriesState() {
        Serializer<SeriesState> serializer = (topic, state) -> state == null ? null
                : ByteBuffer.allocate(STATE_SIZE).putLong(state.lastSampleMs()).putLong(state.nextRefitMs())
                        .put((byte) (state.stale() ? 1 : 0)).array();
        Deserializer<SeriesState> deserializer = (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            if (bytes.length != STATE_SIZE) {
                throw new IllegalArgumentException("series state must be " + STATE_SIZE + " bytes, was "
                        + bytes.length);
            }
            var buffer = ByteBuffer.wrap(bytes);
            return new SeriesState(buffer.getLong(), buffer.getLong(), buffer.get() == 1);
        };
        return Serdes.serdeFrom(serializer, deserializer);
    }

    /** Start, the values, the misses' times, and the flag, in that order. */
    static Serde<ForecastInForce> forecastInForce() {
        Serializer<ForecastInForce> serializer = (topic, state) -> {
            if (state == null) {
                return null;
            }
            long[] times = state.misses().times();
            double[] values = state.values();
            var buffer = ByteBuffer.allocate(Long.BYTES + Integer.BYTES * 2 + Double.BYTES * values.length
                    + Long.BYTES * times.length + 1);
            buffer.putLong(state.startMs()).putInt(values.length);
            for (double v : values) {
                buffer.putDouble(v);
            }
            buffer.putInt(times.length);
            for (long t : times) {
                buffer.putLong(t);
            }
            return buffer.put((byte) (state.reserved() ? 1 : 0)).array();
        };
        Deserializer<ForecastInForce> deserializer = (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            var buffer = ByteBuffer.wrap(bytes);
            long start = buffer.getLong();
            double[] values = new double[buffer.getInt()];
            for (int h = 0; h < values.length; h++) {
                values[h] = buffer.getDouble();
            }
            long[] times = new long[buffer.getInt()];
            for (int i = 0; i < times.length; i++) {
                times[i] = buffer.getLong();
            }
            boolean reserved = buffer.get() == 1;
            if (buffer.hasRemaining()) {
                throw new IllegalArgumentException("forecast in force has " + buffer.remaining() + " bytes too many");
            }
            return new ForecastInForce(start, values, RecentMisses.of(times), reserved);
        };
        return Serdes.serdeFrom(serializer, deserializer);
    }
}
