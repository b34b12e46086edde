package io.gleaner.classifier.topology;

import io.gleaner.classifier.estimate.Phase;
import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.Wire;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;

/**
 * A successful task attempt on its way through the repartition topics: what the profile needs of its
 * {@code TaskReport}, the record it came from (for dead letters), and, once the node-type join has run, the type of
 * the node it ran on.
 *
 * @param origin     the {@code tasks.reports} record
 * @param jobId      the job
 * @param phase      map or reduce
 * @param taskIndex  index of the task in its group
 * @param nodeId     node the attempt ran on
 * @param startMs    when the attempt started (epoch ms)
 * @param endMs      when it succeeded (epoch ms), not before {@code startMs}
 * @param inputBytes bytes it read, &gt;= 0
 * @param nodeType   the node's type, or null before the node-type join
 */
record ReportEnvelope(Origin origin, String jobId, Phase phase, int taskIndex, String nodeId, long startMs,
                      long endMs, long inputBytes, String nodeType) {

    ReportEnvelope {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(nodeId, "nodeId");
    }

    ReportEnvelope withNodeType(String value) {
        return new ReportEnvelope(origin, jobId, phase, taskIndex, nodeId, startMs, endMs, inputBytes,
                Objects.requireNonNull(value, "nodeType"));
    }

    /** The task, e.g. {@code job7 MAP 3}, for log lines and dead-letter reasons. */
    String task() {
        return jobId + " " + phase + " " + taskIndex;
    }

    /**
     * Format 2 writes strings with {@link Wire#writeString} and the origin's key and value as a dead letter keeps
     * them; format 1 (strings by {@code writeUTF}, the whole key and value) is still read, so that records in the
     * repartition topics when the classifier is upgraded are processed.
     */
    static Serde<ReportEnvelope> serde() {
        return Wire.serde("ReportEnvelope", 2, (out, r) -> {
            var o = r.origin;
            Wire.writeString(out, o.topic());
            out.writeInt(o.partition());
            out.writeLong(o.offset());
            out.writeBoolean(o.key() != null);
            if (o.key() != null) {
                o.key().write(out);
            }
            o.raw().write(out);
            out.writeLong(o.timestamp());
            Wire.writeString(out, r.jobId);
            Wire.writeString(out, r.phase.name());
            out.writeInt(r.taskIndex);
            Wire.writeString(out, r.nodeId);
            out.writeLong(r.startMs);
            out.writeLong(r.endMs);
            out.writeLong(r.inputBytes);
            Wire.writeNullable(out, r.nodeType);
        }, in -> new ReportEnvelope(
                new Origin(Wire.readString(in), in.readInt(), in.readLong(),
                        in.readBoolean() ? DeadLetters.Raw.read(in) : null, DeadLetters.Raw.read(in), in.readLong()),
                Wire.readString(in), Phase.valueOf(Wire.readString(in)), in.readInt(), Wire.readString(in),
                in.readLong(), in.readLong(), in.readLong(), Wire.readNullable(in, Wire.TEXT)),
                Map.of(1, in -> new ReportEnvelope(
                        new Origin(in.readUTF(), in.readInt(), in.readLong(),
                                DeadLetters.Raw.key(Wire.readNullable(in, Wire.LEGACY_TEXT)),
                                DeadLetters.Raw.value(Wire.readBytes(in)), in.readLong()),
                        in.readUTF(), Phase.valueOf(in.readUTF()), in.readInt(), in.readUTF(), in.readLong(),
                        in.readLong(), in.readLong(), Wire.readNullable(in, Wire.LEGACY_TEXT))));
    }
}
