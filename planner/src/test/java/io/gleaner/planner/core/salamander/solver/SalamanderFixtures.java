package io.gleaner.planner.core.salamander.solver;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Small hand-built instances: nodes with constant spare capacity, tasks by requirement and Te per node. */
final class SalamanderFixtures {

    private SalamanderFixtures() {
    }

    /** A window of {@code steps} 3-minute steps. */
    static Window steps(int steps) {
        return new Window(steps, Duration.ofMinutes(3));
    }

    /** A node with {@code cpu} cores and {@code ram} GB, idle on every step (A = C without margin). */
    static Node idleNode(String id, long cpu, long ram, int steps) {
        return Node.constant(id, cpu, ram, 0, 0, steps);
    }

    static Task task(String id, long cpu, int... te) {
        return new Task(id, cpu, 1, te);
    }

    static Job job(String id, List<Task> maps, List<Task> reduces) {
        return new Job(id, maps, reduces);
    }

    static Instance instance(int steps, List<Node> nodes, List<Job> jobs) {
        return new Instance(steps(steps), nodes, jobs, SafetyMargin.NONE);
    }

    static Instance instance(int steps, List<Node> nodes, List<Job> jobs, Map<String, Assignment> pins) {
        return new Instance(steps(steps), nodes, jobs, SafetyMargin.NONE, pins);
    }

    static Schedule schedule(Object... taskNodeStart) {
        var map = new java.util.TreeMap<String, Assignment>();
        for (int k = 0; k < taskNodeStart.length; k += 3) {
            map.put((String) taskNodeStart[k], new Assignment((String) taskNodeStart[k + 1],
                    (Integer) taskNodeStart[k + 2]));
        }
        return new Schedule(map);
    }

    /**
     * The hand-solved instance (see {@code TimeIndexedMipTest}): T = 6, nodes n1 and n2 with 2 spare cores each;
     * job A has maps a1, a2 (2 cores, Te 2 on n1, 3 on n2) and reduce ar (2 cores, Te 1 on n1, 2 on n2); job B has
     * map b1 (2 cores, Te 4 on both).
     */
    static Instance handSolved() {
        int t = 6;
        return instance(t, List.of(idleNode("n1", 2, 8, t), idleNode("n2", 2, 8, t)), List.of(
                job("A", List.of(task("a1", 2, 2, 3), task("a2", 2, 2, 3)), List.of(task("ar", 2, 1, 2))),
                job("B", List.of(task("b1", 2, 4, 4)), List.of())));
    }
}
