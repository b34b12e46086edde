package io.gleaner.classifier.topology;

import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import java.util.EnumMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The checks of the classifier's three inputs ({@link CheckValues.Input}s): what of each record the stage keeps, and
 * which records are invalid (an {@link IllegalArgumentException} whose message is the dead letter's reason).
 */
final class Inputs {

    private static final Logger log = LoggerFactory.getLogger(Inputs.class);

    private Inputs() {
    }

    /**
     * A heartbeat gives its node's type. Invalid: a key that is not the node id (the node-type table is keyed,
     * and partitioned, by it), fewer than one slot, cores not finite and positive, negative RAM, a speed not finite
     * and positive.
     */
    static String heartbeat(String key, NodeHeartbeat heartbeat, Origin origin) {
        if (!heartbeat.getNodeId().equals(key)) {
            throw new IllegalArgumentException("record key '" + key + "' is not the heartbeat's node id '"
                    + heartbeat.getNodeId() + "'");
        }
        if (heartbeat.getSlots() < 1) {
            throw new IllegalArgumentException("slots must be >= 1, was " + heartbeat.getSlots() + " for node "
                    + key);
        }
        double cpus = heartbeat.getCapacity().getCpus();
        if (!(cpus > 0) || Double.isInfinite(cpus)) {
            throw new IllegalArgumentException("capacity.cpus must be finite and > 0, was " + cpus + " for node "
                    + key);
        }
        if (heartbeat.getCapacity().getMemoryBytes() < 0) {
            throw new IllegalArgumentException("capacity.memoryBytes must be >= 0, was "
                    + heartbeat.getCapacity().getMemoryBytes() + " for node " + key);
        }
        return AvroMapping.nodeType(heartbeat);
    }

    /**
     * A submission gives the job's name and task counts. Invalid: a key that is not the job id, a blank job name, a
     * task group of kind UNKNOWN, a negative count, two groups of one kind.
     */
    static JobEntry job(String key, JobSubmitted job, Origin origin) {
        if (!job.getJobId().equals(key)) {
            throw new IllegalArgumentException("record key '" + key + "' is not the job id '" + job.getJobId() + "'");
        }
        if (job.getJobName().isBlank()) {
            throw new IllegalArgumentException("job " + key + " has a blank jobName");
        }
        var counts = new EnumMap<TaskKind, Integer>(TaskKind.class);
        for (var group : job.getTasks()) {
            if (group.getKind() == TaskKind.UNKNOWN) {
                throw new IllegalArgumentException("job " + key + " has a task group of kind UNKNOWN");
            }
            if (group.getCount() < 0) {
                throw new IllegalArgumentException("job " + key + " has a " + group.getKind()
                        + " group with count " + group.getCount());
            }
            if (counts.put(group.getKind(), group.getCount()) != null) {
                throw new IllegalArgumentException("job " + key + " has two " + group.getKind() + " groups");
            }
        }
        return new JobEntry(job.getJobName(), counts.getOrDefault(TaskKind.MAP, 0),
                counts.getOrDefault(TaskKind.REDUCE, 0));
    }

    /**
     * A SUCCEEDED report is a sample; LAUNCHED, FAILED, KILLED, PREEMPTED and UNKNOWN reports are valid but no
     * sample (only successful attempts count toward a profile, seed 002 notes §7.1): skipped, logged at debug.
     * Invalid SUCCEEDED reports: kind UNKNOWN, no startTime, a startTime after the time, a negative task index or
     * input bytes, a blank node id.
     */
    static ReportEnvelope report(String key, TaskReport report, Origin origin) {
        if (report.getState() != TaskState.SUCCEEDED) {
            log.debug("skipping a {} report of job {} {} {}: only successful attempts are samples",
                    report.getState(), report.getJobId(), report.getKind(), report.getTaskIndex());
            return null;
        }
        var task = report.getJobId() + " " + report.getKind() + " " + report.getTaskIndex();
        var phase = AvroMapping.phase(report.getKind());
        if (phase == null) {
            throw new IllegalArgumentException("SUCCEEDED report of " + task + " has kind UNKNOWN");
        }
        if (report.getStartTime() == null) {
            throw new IllegalArgumentException("SUCCEEDED report of " + task + " has no startTime");
        }
        long start = report.getStartTime().toEpochMilli();
        long end = report.getTime().toEpochMilli();
        if (end < start) {
            throw new IllegalArgumentException("SUCCEEDED report of " + task + " has startTime "
                    + report.getStartTime() + " after its time " + report.getTime());
        }
        if (report.getTaskIndex() < 0) {
            throw new IllegalArgumentException("SUCCEEDED report of " + task + " has a negative taskIndex");
        }
        if (report.getInputBytes() < 0) {
            throw new IllegalArgumentException("SUCCEEDED report of " + task + " has inputBytes "
                    + report.getInputBytes());
        }
        if (report.getNodeId().isBlank()) {
            throw new IllegalArgumentException("SUCCEEDED report of " + task + " has a blank nodeId");
        }
        return new ReportEnvelope(origin, report.getJobId(), phase, report.getTaskIndex(), report.getNodeId(),
                start, end, report.getInputBytes(), null);
    }
}
