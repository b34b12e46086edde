package io.gleaner.planner.topology;

import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeStanding;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PhaseProgress;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.SucceededMaps;
import io.gleaner.planner.core.TaskSet;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlannerJobState;
import io.gleaner.schemas.avro.PlannerNodeState;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
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
 *
 * <p>Fields added since keep what a state written before them means: no failures, no backoff, no lost attempts, and no
 * map's node known (a reduce placed for such a job names only the maps that succeed after the upgrade).
 */
final class PlannerRecords {

    private PlannerRecords() {
    }

    static PlannerJobState toAvro(JobProgress progress) {
        return PlannerJobState.newBuilder()
                .setJob(EventMapping.jobSubmitted(progress.job()))
                .setMaps(toAvro(progress.maps()))
                .setReduces(toAvro(progress.reduces()))
                .setLocalityWaitSince(progress.localityWaitSince().orElse(null))
                .setLostAttempts(progress.lostAttempts())
                .setMapNodes(progress.succeededMaps().nodes())
                .setMapNodeOfTask(mapNodeOfTask(progress.succeededMaps().numbers()))
                .build();
    }

    static PlannerNodeState toAvro(NodeStanding standing) {
        return PlannerNodeState.newBuilder()
                .setNodeId(standing.nodeId())
                .setReserved(standing.reserved())
                .setJobsInARow(standing.jobsInARow())
                .setExcludedUntil(standing.excludedUntil().orElse(null))
                .build();
    }

    static NodeStanding toStanding(PlannerNodeState stored) {
        return new NodeStanding(stored.getNodeId(), stored.getReserved(), stored.getJobsInARow(),
                Optional.ofNullable(stored.getExcludedUntil()));
    }

    /** Node numbers as unsigned LEB128 varints, one after another; null when there are none. */
    private static ByteBuffer mapNodeOfTask(int[] numbers) {
        if (numbers.length == 0) {
            return null;
        }
        var bytes = new ByteArrayOutputStream(numbers.length);
        for (int number : numbers) {
            int rest = number;
            while ((rest & ~0x7F) != 0) {
                bytes.write((rest & 0x7F) | 0x80);
                rest >>>= 7;
            }
            bytes.write(rest);
        }
        return ByteBuffer.wrap(bytes.toByteArray());
    }

    private static int[] mapNodeOfTask(ByteBuffer stored) {
        if (stored == null) {
            return new int[0];
        }
        var buffer = stored.duplicate();
        var numbers = new ArrayList<Integer>();
        while (buffer.hasRemaining()) {
            int number = 0;
            int shift = 0;
            int b;
            do {
                b = buffer.get() & 0xFF;
                number |= (b & 0x7F) << shift;
                shift += 7;
            } while ((b & 0x80) != 0);
            numbers.add(number);
        }
        return numbers.stream().mapToInt(Integer::intValue).toArray();
    }

    static JobProgress toProgress(PlannerJobState stored) {
        var job = EventMapping.storedJob(stored.getJob()).orElseThrow(reason -> new IllegalStateException(
                "stored job " + stored.getJob().getJobId() + " is invalid: " + reason));
        int maps = job.count(TaskKind.MAP);
        return new JobProgress(job, toPhase(stored.getMaps(), maps),
                toPhase(stored.getReduces(), job.count(TaskKind.REDUCE)),
                Optional.ofNullable(stored.getLocalityWaitSince()), stored.getLostAttempts(),
                SucceededMaps.of(maps, stored.getMapNodes(), mapNodeOfTask(stored.getMapNodeOfTask())));
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
        var failures = new LinkedHashMap<String, Integer>();
        new TreeMap<>(phase.failures()).forEach((index, count) -> failures.put(Integer.toString(index), count));
        var backoff = new LinkedHashMap<String, Instant>();
        new TreeMap<>(phase.backoff()).forEach((index, until) -> backoff.put(Integer.toString(index), until));
        int prefix = phase.launchedPrefix();
        var beyond = phase.launched().toBitSet().get(prefix, phase.count());
        return io.gleaner.schemas.avro.PhaseProgress.newBuilder()
                .setLaunched(prefix)
                .setLaunchedBeyond(beyond.isEmpty() ? null : ByteBuffer.wrap(beyond.toByteArray()))
                .setSucceeded(ByteBuffer.wrap(phase.succeeded().toByteArray()))
                .setRelaunch(phase.relaunch())
                .setAttempts(byDecimal)
                .setFailures(failures)
                .setBackoff(backoff)
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
        var failures = new TreeMap<Integer, Integer>();
        stored.getFailures().forEach((index, failed) -> failures.put(Integer.parseInt(index), failed));
        var backoff = new TreeMap<Integer, Instant>();
        stored.getBackoff().forEach((index, until) -> backoff.put(Integer.parseInt(index), until));
        return new PhaseProgress(count, TaskSet.of(launched),
                TaskSet.of(BitSet.valueOf(stored.getSucceeded().duplicate())), stored.getRelaunch(), attempts,
                failures, backoff);
    }
}
