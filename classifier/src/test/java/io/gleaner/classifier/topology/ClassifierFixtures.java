package io.gleaner.classifier.topology;

import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Heartbeats, submissions and reports that read like the scenario, at seconds after {@link #T0}. */
public final class ClassifierFixtures {

    /** Time zero of every scenario. */
    public static final Instant T0 = Instant.parse("2025-01-06T00:00:00Z");
    /** One GiB. */
    public static final long GIB = 1L << 30;

    private ClassifierFixtures() {
    }

    public static Instant at(double seconds) {
        return T0.plusMillis(Math.round(seconds * 1000));
    }

    /** {@code m} minutes, in the seconds every other helper here takes. */
    public static double minutes(double m) {
        return m * 60;
    }

    /** The epoch milliseconds of {@link #at}({@code second}), as stores and the driver keep times. */
    public static long ms(double second) {
        return at(second).toEpochMilli();
    }

    /** A heartbeat at {@code second} of a node with these slots, cores, GiB of RAM and core speed. */
    public static NodeHeartbeat heartbeat(String nodeId, int slots, double cpus, long ramGib, double speed,
                                          double second) {
        var capacity = new Resources(cpus, ramGib * GIB);
        return NodeHeartbeat.newBuilder().setNodeId(nodeId).setTime(at(second)).setCapacity(capacity)
                .setSpeedGflops(speed).setSlots(slots).setFree(capacity).setFreeSlots(slots).build();
    }

    /** A job submitted at {@code second} with {@code maps} maps and {@code reduces} reduces. */
    public static JobSubmitted job(String jobId, String jobName, int maps, int reduces, double second) {
        var groups = new ArrayList<TaskGroup>();
        if (maps > 0) {
            groups.add(group(TaskKind.MAP, maps));
        }
        if (reduces > 0) {
            groups.add(group(TaskKind.REDUCE, reduces));
        }
        return JobSubmitted.newBuilder().setJobId(jobId).setJobName(jobName).setSubmitTime(at(second))
                .setInputBytes(0).setShuffleBytes(0).setOutputBytes(0).setTasks(groups).build();
    }

    private static TaskGroup group(TaskKind kind, int count) {
        return TaskGroup.newBuilder().setKind(kind).setCount(count).setBytesPerTask(1).setLastTaskBytes(1)
                .setFlopPerByte(1).setDemand(new Resources(1.0, GIB)).build();
    }

    /** A SUCCEEDED report of an attempt that ran from {@code start} to {@code end} seconds. */
    public static TaskReport succeeded(String jobId, TaskKind kind, int index, String nodeId, double start,
                                       double end, long inputBytes) {
        return report(jobId, kind, index, nodeId, TaskState.SUCCEEDED, start, end, inputBytes);
    }

    /** A report of the given state at {@code end}, with the attempt's start. */
    public static TaskReport report(String jobId, TaskKind kind, int index, String nodeId, TaskState state,
                                    double start, double end, long inputBytes) {
        var letter = kind == TaskKind.MAP ? "m" : "r";
        return TaskReport.newBuilder().setDecisionId(jobId + "/" + letter + "/" + index + "/0").setJobId(jobId)
                .setKind(kind).setTaskIndex(index).setAttempt(0).setNodeId(nodeId).setState(state)
                .setTime(at(end)).setStartTime(state == TaskState.LAUNCHED ? null : at(start))
                .setInputBytes(inputBytes).build();
    }

    /** The reports of a whole run, in order. */
    public static List<TaskReport> reports(TaskReport... reports) {
        return List.of(reports);
    }
}
