package io.gleaner.classifier.topology;

import io.gleaner.schemas.InputChecks;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import java.util.EnumMap;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The checks of the classifier's three inputs ({@link CheckValues.Input}s): what of each record the stage keeps, and
 * which records are invalid (an {@link IllegalArgumentException} whose message is the dead letter's reason).
 */
final class Inputs {

    private static final Logger log = LoggerFactory.getLogger(Inputs.class);

    /** The input topics' field rules, the same in every stage. */
    private static final InputChecks CHECKS = InputChecks.DEFAULT;

    private Inputs() {
    }

    /** Throws the violation as the dead letter's reason, if there is one. */
    private static void require(Optional<String> violation) {
        if (violation.isPresent()) {
            throw new IllegalArgumentException(violation.get());
        }
    }

    /**
     * A heartbeat gives its node's type. Invalid: a key that is not the node id (the node-type table is keyed,
     * and partitioned, by it), or a heartbeat that breaks the topic's field rules ({@link InputChecks}), which the
     * planner and the QoS stage apply too: among them cores, RAM and slots not negative and no larger than a sane
     * node, a speed finite and positive. Valid but skipped (logged at debug): a node without slots or cores, e.g. one
     * removed from the cluster.
     */
    static String heartbeat(String key, NodeHeartbeat heartbeat, Origin origin) {
        if (!heartbeat.getNodeId().equals(key)) {
            throw new IllegalArgumentException("record key '" + key + "' is not the heartbeat's node id '"
                    + heartbeat.getNodeId() + "'");
        }
        require(CHECKS.nodeHeartbeat(heartbeat));
        if (heartbeat.getSlots() == 0 || heartbeat.getCapacity().getCpus() == 0) {
            // Valid (a node removed from the cluster), but no type: its earlier attempts keep the type it had.
            log.debug("skipping a heartbeat of node {} without slots or cores: it runs no task", key);
            return null;
        }
        return ClassifierRecords.nodeType(heartbeat);
    }

    /**
     * A submission gives the job's name and task counts. Invalid: a key that is not the job id, or a job that breaks
     * the topic's field rules ({@link InputChecks}), as the planner refuses it: among them a blank or too long job
     * name, a task group of kind UNKNOWN, a count out of range, two groups of one kind.
     */
    static JobEntry job(String key, JobSubmitted job, Origin origin) {
        if (!job.getJobId().equals(key)) {
            throw new IllegalArgumentException("record key '" + key + "' is not the job id '" + job.getJobId() + "'");
        }
        require(CHECKS.jobSubmitted(job));
        var counts = new EnumMap<TaskKind, Integer>(TaskKind.class);
        for (var group : job.getTasks()) {
            counts.put(group.getKind(), group.getCount());
        }
        return new JobEntry(job.getJobName(), counts.getOrDefault(TaskKind.MAP, 0),
                counts.getOrDefault(TaskKind.REDUCE, 0));
    }

    /**
     * A SUCCEEDED report is a sample; LAUNCHED, FAILED, KILLED and PREEMPTED reports are valid but no sample (only
     * successful attempts count toward a profile, seed 002 notes §7.1): skipped, logged at debug. Invalid: a report
     * that breaks the topic's field rules ({@link InputChecks}), whatever its state, as the planner refuses it (among
     * them state or kind UNKNOWN, a start after the time, a negative task index or input bytes, a blank node id);
     * and a SUCCEEDED report without a startTime, which only this stage needs (a sample is a duration: the planner
     * reads no times of a report but its own).
     */
    static ReportEnvelope report(String key, TaskReport report, Origin origin) {
        require(CHECKS.taskReport(report));
        if (report.getState() != TaskState.SUCCEEDED) {
            log.debug("skipping a {} report of job {} {} {}: only successful attempts are samples",
                    report.getState(), report.getJobId(), report.getKind(), report.getTaskIndex());
            return null;
        }
        var task = report.getJobId() + " " + report.getKind() + " " + report.getTaskIndex();
        // The field rules refused kind UNKNOWN, a start after the time, negative indexes and bytes, blank ids.
        var phase = ClassifierRecords.phase(report.getKind());
        if (report.getStartTime() == null) {
            throw new IllegalArgumentException("SUCCEEDED report of " + task + " has no startTime");
        }
        long start = report.getStartTime().toEpochMilli();
        long end = report.getTime().toEpochMilli();
        return new ReportEnvelope(origin, report.getJobId(), phase, report.getTaskIndex(), report.getNodeId(),
                start, end, report.getInputBytes(), null);
    }
}
