package io.gleaner.planner.topology;

import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PhaseProgress;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskSet;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlannerJobState;
import java.nio.ByteBuffer;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The planner's store values to core records and back: a job's progress ({@link PlannerJobState}) and a node's
 * latest heartbeat. The events inside them map through {@link EventMapping}. Store values are the planner's own
 * and trusted: one that does not map is a bug (an {@link IllegalStateException}).
 *
 * <p>The launched tasks of a phase are stored as the length of their leading run ({@code launched}, the only form
 * before out-of-order launches) plus a bit set of the tasks launched past it ({@code launchedBeyond}, null when
 * there are none): FIFO's state keeps its old form and size, and a state written before the field existed reads
 * as the prefix alone.
 */
final class AvroMapping {

    private AvroMapping() {
    }

    static PlannerJobState toAvro(JobProgress progress) {
        return PlannerJobState.newBuilder()
                .setJob(EventMapping.jobSubmitted(progress.job()))
                .setMaps(toAvro(progress.maps()))
                .setReduces(toAvro(progress.reduces()))
                .setLocalityWaitSince(progress.localityWaitSince().orElse(null))
                .build();
    }

    static JobProgress toProgress(PlannerJobState stored) {
        var job = EventMapping.storedJob(stored.getJob()).orElseThrow(reason -> new IllegalStateException(
                "stored job " + stored.getJob().getJobId() + " is invalid: " + reason));
        return new JobProgress(job, toPhase(stored.getMaps(), job.count(TaskKind.MAP)),
                toPhase(stored.getReduces(), job.count(TaskKind.REDUCE)),
                Optional.ofNullable(stored.getLocalityWaitSince()));
    }

    static NodeState nodeFromStore(NodeHeartbeat stored) {
        return EventMapping.storedNodeState(stored).orElseThrow(reason -> new IllegalStateException(
                "stored heartbeat of node " + stored.getNodeId() + " is invalid: " + reason));
    }

    private static io.gleaner.schemas.avro.PhaseProgress toAvro(PhaseProgress phase) {
        // Sorted by task index so that equal progress gives equal bytes in the changelog.
        var attempts = new TreeMap<Integer, Integer>(phase.attempts());
        var byDecimal = new LinkedHashMap<String, Integer>();
        attempts.forEach((index, attempt) -> byDecimal.put(Integer.toString(index), attempt));
        int prefix = phase.launchedPrefix();
        var beyond = phase.launched().toBitSet().get(prefix, phase.count());
        return io.gleaner.schemas.avro.PhaseProgress.newBuilder()
                .setLaunched(prefix)
                .setLaunchedBeyond(beyond.isEmpty() ? null : ByteBuffer.wrap(beyond.toByteArray()))
                .setSucceeded(ByteBuffer.wrap(phase.succeeded().toByteArray()))
                .setRelaunch(phase.relaunch())
                .setAttempts(byDecimal)
                .build();
    }

    private static PhaseProgress toPhase(io.gleaner.schemas.avro.PhaseProgress stored, int count) {
        var attempts = new TreeMap<Integer, Integer>();
        for (Map.Entry<String, Integer> entry : stored.getAttempts().entrySet()) {
            attempts.put(Integer.parseInt(entry.getKey()), entry.getValue());
        }
        int prefix = stored.getLaunched();
        var launched = new BitSet();
        launched.set(0, prefix);
        if (stored.getLaunchedBeyond() != null) {
            var beyond = BitSet.valueOf(stored.getLaunchedBeyond().duplicate());
            for (int i = beyond.nextSetBit(0); i >= 0; i = beyond.nextSetBit(i + 1)) {
                launched.set(prefix + i);
            }
        }
        return new PhaseProgress(count, TaskSet.of(launched),
                TaskSet.of(BitSet.valueOf(stored.getSucceeded().duplicate())), stored.getRelaunch(), attempts);
    }
}
