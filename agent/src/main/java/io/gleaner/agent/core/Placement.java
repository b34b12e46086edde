package io.gleaner.agent.core;

import io.gleaner.qos.core.CpuRam;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One placement as the agent uses it: the {@code PlacementDecision} fields it reads, with the task spec flattened
 * and a reduce's map outputs already resolved to locations (docs/executor-protocol.md §6).
 *
 * @param decisionId         the attempt, {@code jobId/m|r/task/attempt}
 * @param jobId              the job; reports are keyed by it
 * @param kind               {@code MAP} or {@code REDUCE}
 * @param nodeId             the node the planner placed it on
 * @param epoch              event time of the heartbeat it answers
 * @param notBefore          not to be started before
 * @param demand             what it holds while it runs
 * @param command            program and arguments, run without a shell; empty when the job gave none
 * @param image              a container image, which this agent does not run; null when none
 * @param env                the spec's environment
 * @param inputLocation      the resolved input location, or null
 * @param outputLocation     the resolved output location, or null
 * @param mapOutputLocations for a reduce: each succeeded map's output location, in (task, attempt) order
 * @param inputBytes         bytes the task reads, echoed on its end report
 */
public record Placement(String decisionId, String jobId, String kind, int taskIndex, int attempt, String nodeId,
                        Instant epoch, Instant notBefore, CpuRam demand, List<String> command, String image,
                        Map<String, String> env, String inputLocation, String outputLocation,
                        List<String> mapOutputLocations, long inputBytes) {

    public Placement {
        Objects.requireNonNull(decisionId, "decisionId");
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(epoch, "epoch");
        Objects.requireNonNull(notBefore, "notBefore");
        Objects.requireNonNull(demand, "demand");
        command = List.copyOf(command);
        env = Map.copyOf(env);
        mapOutputLocations = List.copyOf(mapOutputLocations);
    }
}
