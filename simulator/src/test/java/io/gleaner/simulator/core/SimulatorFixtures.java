package io.gleaner.simulator.core;

import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.TaskAttempt;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.simulator.ClusterPresets;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Clusters, jobs and planner links for the simulator's tests. */
public final class SimulatorFixtures {

    public static final long MIB = 1L << 20;
    public static final long GIB = 1L << 30;
    /** Salamander section IV-A: 3100 FLOP per byte for maps, 6300 for reduces; 3 GB and 4 GB of RAM. */
    public static final double MAP_FLOP_PER_BYTE = 3100;
    public static final double REDUCE_FLOP_PER_BYTE = 6300;
    public static final CpuMemory MAP_DEMAND = new CpuMemory(1, 3 * GIB);
    public static final CpuMemory REDUCE_DEMAND = new CpuMemory(1, 4 * GIB);
    /** Start of the trace's day; any grid-aligned instant would do. */
    public static final Instant T0 = Instant.parse("2009-10-01T00:00:00Z");

    private SimulatorFixtures() {
    }

    /** A scenario under {@code src/test/resources/scenarios/}. */
    public static ClusterSpec scenario(String name) {
        var resource = "scenarios/" + name + ".yaml";
        var in = SimulatorFixtures.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalArgumentException("no scenario " + resource);
        }
        return ClusterPresets.parse(new InputStreamReader(in, StandardCharsets.UTF_8), resource);
    }

    /** One node with {@code slots} slots and cores, {@code speedGflops} per core and 64 GiB. */
    public static NodeSpec node(String id, int slots, double speedGflops) {
        return new NodeSpec(id, "rack-a", slots, speedGflops, 64 * GIB, slots, List.of());
    }

    /** {@code n} nodes n1..nN with 4 slots at 8 GFLOP/s. */
    public static ClusterSpec nodes(int n) {
        var nodes = new ArrayList<NodeSpec>();
        for (int i = 1; i <= n; i++) {
            nodes.add(node("n" + i, 4, 8.0));
        }
        return ClusterSpec.of(n + "-nodes", nodes);
    }

    /**
     * A job submitted {@code at} after {@link #T0} with {@code maps} maps of 128 MiB chunks of dataset
     * {@code ds-<id>} and {@code reduces} reduces of 64 MiB each.
     */
    public static Job job(String id, Duration at, int maps, int reduces) {
        var groups = new ArrayList<PhaseTasks>();
        groups.add(new PhaseTasks(TaskKind.MAP, maps, 128 * MIB, 128 * MIB, MAP_FLOP_PER_BYTE, MAP_DEMAND,
                Optional.of("ds-" + id), 0));
        if (reduces > 0) {
            groups.add(new PhaseTasks(TaskKind.REDUCE, reduces, 64 * MIB, 64 * MIB, REDUCE_FLOP_PER_BYTE,
                    REDUCE_DEMAND, Optional.empty(), 0));
        }
        return new Job(id, "name-" + id, "user", "default", 0, T0.plus(at), Optional.empty(), maps * 128 * MIB,
                reduces * 64 * MIB, reduces * 64 * MIB, groups);
    }

    /** Five jobs over two minutes, 1 to 12 maps and 0 to 3 reduces: more than the three-node cluster runs at once. */
    public static List<Job> smallWorkload() {
        return List.of(
                job("job-1", Duration.ofSeconds(0), 4, 1),
                job("job-2", Duration.ofSeconds(1), 12, 2),
                job("job-3", Duration.ofSeconds(20), 1, 0),
                job("job-4", Duration.ofSeconds(61), 6, 3),
                job("job-5", Duration.ofSeconds(120), 8, 1));
    }

    /**
     * {@code n} jobs, job-01 .. job-NN, one every 7 s, with 1 to 7 maps and 0 to 2 reduces in a fixed pattern:
     * several waves on the three-node cluster, some jobs waiting for others.
     */
    public static List<Job> workload(int n) {
        var jobs = new ArrayList<Job>();
        for (int i = 0; i < n; i++) {
            jobs.add(job(String.format("job-%02d", i + 1), Duration.ofSeconds(7L * i), 1 + (5 * i) % 7, i % 3));
        }
        return List.copyOf(jobs);
    }

    /** Placement of map {@code index} (attempt 0) of {@code job} on {@code nodeId}, decided at {@code time}. */
    public static Placement mapOn(Job job, int index, String nodeId, Instant time) {
        return Placement.of(job, new TaskAttempt(job.jobId(), TaskKind.MAP, index, 0), nodeId,
                time, "test");
    }

    /**
     * The first {@code n} jobs of the SWIM Facebook 2009 day (the trace in {@code data/}, bundled by ingest), made
     * by the SWIM reader's default rule and mapped as the planner maps {@code jobs.submitted}.
     *
     * @throws IllegalStateException if the reader rejects a row or the mapping refuses a job
     */
    public static List<Job> fb2009(int n) {
        var jobs = new ArrayList<Job>();
        try (var reader = SwimTraceReader.fb2009(SwimJobRule.defaults(), n)) {
            while (reader.hasNext()) {
                var row = reader.next();
                if (!(row instanceof TraceRow.Parsed<JobSubmitted> parsed)) {
                    throw new IllegalStateException("FB-2009 line " + row.line() + " was rejected: " + row);
                }
                jobs.add(EventMapping.job(parsed.value()).orElseThrow(IllegalStateException::new));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the FB-2009 trace", e);
        }
        return List.copyOf(jobs);
    }
}
