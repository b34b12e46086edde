package io.gleaner.classifier.topology;

import io.gleaner.runtime.Wire;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;

/**
 * One successful task of a running job as the {@link ClassifierStores#RUNS} store keeps it (the key, {@link RunKeys},
 * holds the job, phase and task index).
 *
 * @param nodeType   the type of node it ran on
 * @param startMs    start (epoch ms)
 * @param endMs      end (epoch ms)
 * @param inputBytes bytes read
 */
record TaskSample(String nodeType, long startMs, long endMs, long inputBytes) {

    TaskSample {
        Objects.requireNonNull(nodeType, "nodeType");
    }

    /** Format 2 writes the node type with {@link Wire#writeString}; format 1 (with {@code writeUTF}) is still read. */
    static Serde<TaskSample> serde() {
        return Wire.serde("TaskSample", 2, (out, t) -> {
            Wire.writeString(out, t.nodeType);
            out.writeLong(t.startMs);
            out.writeLong(t.endMs);
            out.writeLong(t.inputBytes);
        }, in -> read(in, Wire.TEXT), Map.of(1, in -> read(in, Wire.LEGACY_TEXT)));
    }

    private static TaskSample read(DataInputStream in, Wire.TextReader text) throws IOException {
        return new TaskSample(text.read(in), in.readLong(), in.readLong(), in.readLong());
    }
}
