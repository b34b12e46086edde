package io.gleaner.agent.host;

import io.gleaner.qos.core.CpuRam;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures the node and the agent's attempts from {@code /proc}, as rates over the time since the previous
 * measurement: the node's busy cores ({@code /proc/stat}) and used RAM ({@code /proc/meminfo}), and each attempt's
 * process tree ({@code /proc/<pid>/stat}, {@code status}). The owners' use is the node's less every Gleaner
 * attempt's on it ({@link NodeShare}); the agent's own JVM counts as the owners'. Not thread-safe.
 */
public final class NodeMeter {

    private final ProcFs proc;
    private final NodeShare share;
    private final String agent;
    private final int nodeCpus;
    private ProcFs.CpuTimes lastNode;
    private final Map<String, Double> lastCpuSeconds = new HashMap<>();
    private long lastNanos;

    /** One attempt's tree now: cores over the last interval, CPU seconds so far, resident bytes. */
    public record AttemptUse(double cores, double cpuSeconds, long rssBytes) {
    }

    /**
     * One measurement.
     *
     * @param node         the node's capacity (cores, RAM)
     * @param ownersOnNode what everything but Gleaner's attempts uses on the node
     * @param attempts     decision id to its tree's use
     */
    public record Measurement(CpuRam node, CpuRam ownersOnNode, Map<String, AttemptUse> attempts) {
        public Measurement {
            attempts = Map.copyOf(attempts);
        }

        /** This agent's attempts together. */
        public CpuRam tasks() {
            double cpus = 0;
            long ram = 0;
            for (var use : attempts.values()) {
                cpus += use.cores();
                ram += use.rssBytes();
            }
            return new CpuRam(cpus, ram);
        }
    }

    public NodeMeter(ProcFs proc, NodeShare share, String agent, int nodeCpus) {
        this.proc = proc;
        this.share = share;
        this.agent = agent;
        this.nodeCpus = nodeCpus;
    }

    /**
     * Measures now ({@code nanos}, {@link System#nanoTime()}) with each attempt's tree given as its pids; the
     * first measurement has no interval, so its rates are 0.
     */
    public Measurement measure(Map<String, List<Long>> trees, long nanos) {
        var node = proc.cpuTimes();
        var memory = proc.memory();
        double seconds = lastNanos == 0 ? 0 : (nanos - lastNanos) / 1e9;
        var attempts = new HashMap<String, AttemptUse>();
        for (var tree : trees.entrySet()) {
            double cpuSeconds = 0;
            long rss = 0;
            for (long pid : tree.getValue()) {
                var use = proc.process(pid);
                if (use.isPresent()) {
                    cpuSeconds += use.get().cpuSeconds();
                    rss += use.get().rssBytes();
                }
            }
            // A tree's sum can drop when a process leaves it before its parent waits for it: keep the highest.
            double before = lastCpuSeconds.getOrDefault(tree.getKey(), cpuSeconds);
            double total = Math.max(before, cpuSeconds);
            double cores = seconds > 0 ? (total - before) / seconds : 0;
            attempts.put(tree.getKey(), new AttemptUse(Math.min(nodeCpus, cores), total, rss));
            lastCpuSeconds.put(tree.getKey(), total);
        }
        lastCpuSeconds.keySet().retainAll(trees.keySet());
        double busyCores = 0;
        if (lastNode != null && node.totalSeconds() > lastNode.totalSeconds()) {
            busyCores = nodeCpus * (node.busySeconds() - lastNode.busySeconds())
                    / (node.totalSeconds() - lastNode.totalSeconds());
        }
        lastNode = node;
        lastNanos = nanos;
        var measurement = new Measurement(new CpuRam(nodeCpus, memory.totalBytes()), CpuRam.NONE, attempts);
        share.put(agent, measurement.tasks());
        var gleaner = share.total();
        var owners = new CpuRam(Math.max(0, busyCores - gleaner.cpus()),
                Math.max(0, memory.usedBytes() - gleaner.ramBytes()));
        return new Measurement(measurement.node(), owners, attempts);
    }

    /** Forgets this agent's attempts in the share (the agent stops). */
    public void close() {
        share.remove(agent);
    }
}
