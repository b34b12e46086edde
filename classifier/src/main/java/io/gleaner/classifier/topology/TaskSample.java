package io.gleaner.classifier.topology;

import io.gleaner.schemas.streams.Wire;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;

/**
 * One successful task of a running job as the {@link StoreNames#RUNS} store keeps it (the key, {@link RunKeys},
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

    static Serde<TaskSample> serde() {
        return Wire.serde("TaskSample", 1, (out, t) -> {
            out.writeUTF(t.nodeType);
            out.writeLong(t.startMs);
            out.writeLong(t.endMs);
            out.writeLong(t.inputBytes);
        }, in -> new TaskSample(in.readUTF(), in.readLong(), in.readLong(), in.readLong()));
    }
}
