package io.gleaner.classifier.estimate;

import java.util.Collection;
import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * COSHH §2.1–2.2's mean execution time of a job on each resource, mean_execTime(J, R), and its execution rate
 * 1 / mean_execTime(J, R), for a catalogue of node types. COSHH takes these from a task-duration predictor
 * (Chronos); Gleaner takes them from the job name's history where it has some, and from a work model otherwise.
 *
 * <p>mean_execTime(J, R) = N_maps · t_map(R) + N_reduces · t_reduce(R): the job's work on one slot of R. Each
 * phase's task time t(R) is the first of:
 * <ol>
 *   <li>{@link ExecutionTime.Source#HISTORY}: the profile's µ for that phase on R (seed 003 §3.3.1, which
 *       the thesis ignored per TaskTracker but heterogeneous nodes need).</li>
 *   <li>{@link ExecutionTime.Source#SCALED_HISTORY}: µ on the other node types of the catalogue that ran the
 *       phase, each scaled by speed(R') / speed(R), averaged weighted by their task counts. Time is taken to be
 *       inversely proportional to core speed, which holds for compute and over-states a reduce's copy time on
 *       a faster node. Node types in the profile but not in the catalogue are skipped (their speed is
 *       unknown).</li>
 *   <li>{@link ExecutionTime.Source#WORK_MODEL}: the mean bytes per task of the phase through
 *       {@link WorkRates#taskMillis}, the simulator's formula.</li>
 * </ol>
 * History is used as it is, whatever the new run's input size; seed 002 §3.3's scaling of shuffle and reduce
 * with input size is not applied.
 */
public final class ExecutionTimes {

    private final SortedMap<String, NodeType> nodeTypes;
    private final WorkRates rates;

    /**
     * @param nodeTypes the catalogue of node types, names distinct, not empty
     * @param rates     constants of the work model
     */
    public ExecutionTimes(Collection<NodeType> nodeTypes, WorkRates rates) {
        Objects.requireNonNull(nodeTypes, "nodeTypes");
        this.rates = Objects.requireNonNull(rates, "rates");
        var byName = new TreeMap<String, NodeType>();
        for (var t : nodeTypes) {
            if (byName.put(t.name(), t) != null) {
                throw new IllegalArgumentException("node type names must be distinct, '" + t.name()
                        + "' appears twice");
            }
        }
        if (byName.isEmpty()) {
            throw new IllegalArgumentException("the catalogue needs at least one node type, was empty");
        }
        this.nodeTypes = Collections.unmodifiableSortedMap(byName);
    }

    /**
     * mean_execTime(J, R) of a job of shape {@code job}, whose job name has {@code history} (empty for a name
     * never seen), on node type {@code nodeType}.
     *
     * @throws IllegalArgumentException if {@code nodeType} is not in the catalogue
     */
    public ExecutionTime meanExecTime(Optional<JobProfile> history, JobShape job, String nodeType) {
        Objects.requireNonNull(history, "history");
        Objects.requireNonNull(job, "job");
        var on = nodeType(nodeType);
        var map = taskTime(history, job, Phase.MAP, on);
        var reduce = taskTime(history, job, Phase.REDUCE, on);
        double total = job.mapTasks() * map.millis() + job.reduceTasks() * reduce.millis();
        return new ExecutionTime(total, map.millis(), reduce.millis(), map.source(), reduce.source());
    }

    /** mean_execRate(J, R) = 1 / mean_execTime(J, R), jobs per second per slot; see {@link ExecutionTime#rate()}. */
    public double rate(Optional<JobProfile> history, JobShape job, String nodeType) {
        return meanExecTime(history, job, nodeType).rate();
    }

    /** The rate on every node type of the catalogue, by name: the per-resource features of COSHH §3.1. */
    public SortedMap<String, Double> rates(Optional<JobProfile> history, JobShape job) {
        var out = new TreeMap<String, Double>();
        for (var name : nodeTypes.keySet()) {
            out.put(name, rate(history, job, name));
        }
        return Collections.unmodifiableSortedMap(out);
    }

    private NodeType nodeType(String name) {
        Objects.requireNonNull(name, "nodeType");
        var t = nodeTypes.get(name);
        if (t == null) {
            throw new IllegalArgumentException("unknown node type '" + name + "'; expected one of "
                    + String.join(", ", nodeTypes.keySet()));
        }
        return t;
    }

    private TaskTime taskTime(Optional<JobProfile> history, JobShape job, Phase phase, NodeType on) {
        if (job.tasks(phase) == 0) {
            return new TaskTime(0, ExecutionTime.Source.NONE);
        }
        if (history.isPresent()) {
            var profile = history.get();
            var own = profile.meanTaskMillis(phase, on.name());
            if (own.isPresent()) {
                return new TaskTime(own.get().mean(), ExecutionTime.Source.HISTORY);
            }
            double weighted = 0;
            long count = 0;
            for (var e : profile.meanTaskMillis().entrySet()) {
                var other = nodeTypes.get(e.getKey().nodeType());
                if (e.getKey().phase() != phase || other == null) {
                    continue;
                }
                double scaled = e.getValue().mean() * other.speedGflops() / on.speedGflops();
                weighted += scaled * e.getValue().count();
                count += e.getValue().count();
            }
            if (count > 0) {
                return new TaskTime(weighted / count, ExecutionTime.Source.SCALED_HISTORY);
            }
        }
        return new TaskTime(rates.taskMillis(phase, job.bytesPerTask(phase), on.speedGflops()),
                ExecutionTime.Source.WORK_MODEL);
    }

    private record TaskTime(double millis, ExecutionTime.Source source) {
    }
}
