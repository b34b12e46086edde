package io.gleaner.classifier.topology;

import io.gleaner.classifier.estimate.Phase;
import io.gleaner.schemas.streams.Wire;
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

    static Serde<ReportEnvelope> serde() {
        return Wire.serde("ReportEnvelope", 1, (out, r) -> {
            var o = r.origin;
            out.writeUTF(o.topic());
            out.writeInt(o.partition());
            out.writeLong(o.offset());
            Wire.writeNullable(out, o.key());
            Wire.writeBytes(out, o.raw());
            out.writeLong(o.timestamp());
            out.writeUTF(r.jobId);
            out.writeUTF(r.phase.name());
            out.writeInt(r.taskIndex);
            out.writeUTF(r.nodeId);
            out.writeLong(r.startMs);
            out.writeLong(r.endMs);
            out.writeLong(r.inputBytes);
            Wire.writeNullable(out, r.nodeType);
        }, in -> new ReportEnvelope(
                new Origin(in.readUTF(), in.readInt(), in.readLong(), Wire.readNullable(in), Wire.readBytes(in),
                        in.readLong()),
                in.readUTF(), Phase.valueOf(in.readUTF()), in.readInt(), in.readUTF(), in.readLong(), in.readLong(),
                in.readLong(), Wire.readNullable(in)));
    }
}
