package io.gleaner.forecaster.topology;

import io.gleaner.forecaster.core.RecentMisses;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A series' published forecast and its misses, what a stage that reacts to misses
 * ({@link io.gleaner.forecaster.core.MissReaction}) checks each sample against.
 *
 * @param startMs  event time of the forecast's first step; its steps are the stage's
 * @param values   the forecast use per step, as published (the reaction applied)
 * @param misses   the series' misses of the last day, each at the start of its step, in epoch milliseconds
 * @param reserved whether the forecast is the whole capacity because the misses reached the budget
 */
record ForecastInForce(long startMs, double[] values, RecentMisses misses, boolean reserved) {

    /** The forecast use at {@code time}, on steps of {@code stepMs}, or NaN outside the forecast. */
    double at(long time, long stepMs) {
        long index = Math.floorDiv(time - startMs, stepMs);
        return index < 0 || index >= values.length ? Double.NaN : values[(int) index];
    }

    /** This forecast with other misses. */
    ForecastInForce withMisses(RecentMisses value) {
        return new ForecastInForce(startMs, values, value, reserved);
    }

    /** Start, the values, the misses' times, and the flag, in that order. */
    static Serde<ForecastInForce> serde() {
        Serializer<ForecastInForce> serializer = (topic, state) -> {
            if (state == null) {
                return null;
            }
            long[] times = state.misses.times();
            var buffer = ByteBuffer.allocate(Long.BYTES + Integer.BYTES * 2 + Double.BYTES * state.values.length
                    + Long.BYTES * times.length + 1);
            buffer.putLong(state.startMs).putInt(state.values.length);
            for (double v : state.values) {
                buffer.putDouble(v);
            }
            buffer.putInt(times.length);
            for (long t : times) {
                buffer.putLong(t);
            }
            return buffer.put((byte) (state.reserved ? 1 : 0)).array();
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
