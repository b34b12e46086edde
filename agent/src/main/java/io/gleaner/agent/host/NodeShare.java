package io.gleaner.agent.host;

import io.gleaner.qos.core.CpuRam;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the attempts of each agent on this node use now, so that agents that share a node (several in one JVM, as
 * {@code gleaner local} runs them) count one another's attempts as Gleaner's and not as the owners'. Agents in
 * separate processes cannot see each other's: each counts the others' attempts as owners' use (docs/agent.md).
 */
public final class NodeShare {

    private final Map<String, CpuRam> tasksByAgent = new ConcurrentHashMap<>();

    void put(String agent, CpuRam tasks) {
        tasksByAgent.put(agent, tasks);
    }

    void remove(String agent) {
        tasksByAgent.remove(agent);
    }

    /** What every agent's attempts use together. */
    CpuRam total() {
        double cpus = 0;
        long ram = 0;
        for (var use : tasksByAgent.values()) {
            cpus += use.cpus();
            ram += use.ramBytes();
        }
        return new CpuRam(cpus, ram);
    }
}
