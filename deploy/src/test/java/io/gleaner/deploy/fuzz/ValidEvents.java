package io.gleaner.deploy.fuzz;

import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Plausible, valid events of every payload, drawn from one seeded generator: small jobs (1 to 3 maps, at most one
 * reduce, 1 or 2 cores, no dataset, so no locality wait), nodes of 8 to 32 cores, shares in [0, 1]. Their event times
 * rise from {@link #START_BEFORE_NOW} before {@code now} towards {@code now} in even steps, so a node's heartbeats and
 * a series' samples never go back in time and no valid event is in the future.
 */
final class ValidEvents {

    /** How long before {@code now} the first valid event is dated. */
    static final Duration START_BEFORE_NOW = Duration.ofHours(5);
    /** The fuzzer's nodes (heartbeats, samples, forecasts, placements and telemetry name them). */
    static final List<String> NODES = List.of("fz-node-0", "fz-node-1", "fz-node-2", "fz-node-3", "fz-node-4",
            "fz-node-5", "fz-node-6", "fz-node-7");

    private static final long GIB = 1L << 30;

    private final RandomGenerator random;
    private final long startMillis;
    private final long stepMillis;
    private long events;
    private int jobs;
    private int reports;

    /** Valid events dated before {@code now}, in steps that leave room for {@code plannedEvents} of them. */
    ValidEvents(RandomGenerator random, Instant now, int plannedEvents) {
        this.random = Objects.requireNonNull(random, "random");
        this.startMillis = now.minus(START_BEFORE_NOW).toEpochMilli();
        // Four hours for the planned events (sentinels and the valid job come after them).
        this.stepMillis = Math.max(1, Duration.ofHours(4).toMillis() / Math.max(1, plannedEvents));
    }

    /** The next valid event time: later than every earlier one. */
    Instant nextTime() {
        return Instant.ofEpochMilli(startMillis + stepMillis * ++events);
    }

    String node() {
        return NODES.get(random.nextInt(NODES.size()));
    }

    String jobName() {
        return "fz-name-" + random.nextInt(12);
    }

    /** A new job id, never used before in this run. */
    String newJobId() {
        return "fz-job-" + ++jobs;
    }

    JobSubmitted job() {
        var jobId = newJobId();
        int maps = 1 + random.nextInt(3);
        var groups = new ArrayList<TaskGroup>();
        groups.add(TaskGroup.newBuilder().setKind(TaskKind.MAP).setCount(maps).setBytesPerTask(64L << 20)
                .setLastTaskBytes(64L << 20).setFlopPerByte(3100).setDemand(resources(1 + random.nextInt(2), 2))
                .build());
        boolean reduce = random.nextBoolean();
        if (reduce) {
            groups.add(TaskGroup.newBuilder().setKind(TaskKind.REDUCE).setCount(1).setBytesPerTask(32L << 20)
                    .setLastTaskBytes(32L << 20).setFlopPerByte(6300).setDemand(resources(1, 2)).build());
        }
        var submit = nextTime();
        return JobSubmitted.newBuilder().setJobId(jobId).setJobName(jobName()).setUser("fz-user-" + random.nextInt(3))
                .setSubmitTime(submit)
                .setDeadline(random.nextInt(4) == 0 ? submit.plus(Duration.ofHours(1 + random.nextInt(24))) : null)
                .setInputBytes(maps * (64L << 20)).setShuffleBytes(reduce ? 32L << 20 : 0).setOutputBytes(1 << 20)
                .setTasks(groups).build();
    }

    NodeHeartbeat heartbeat(String nodeId) {
        int cores = 8 << random.nextInt(3);
        int slots = cores / 2;
        int freeSlots = random.nextInt(slots + 1);
        return NodeHeartbeat.newBuilder().setNodeId(nodeId).setTime(nextTime()).setRack("fz-rack-" + Math.floorMod(nodeId.hashCode(), 2))
                .setCapacity(resources(cores, 4L * cores)).setSpeedGflops(1 + random.nextInt(4))
                .setSlots(slots).setFree(resources(freeSlots * 2.0, 8L * freeSlots)).setFreeSlots(freeSlots)
                .build();
    }

    UtilizationSample sample(String nodeId) {
        return UtilizationSample.newBuilder().setNodeId(nodeId).setTime(nextTime())
                .setMetric(random.nextBoolean() ? Metric.CPU : Metric.MEMORY)
                .setSource(random.nextInt(4) == 0 ? UsageSource.EPHEMERAL : UsageSource.REGULAR)
                .setValue(random.nextDouble()).build();
    }

    /** A well-formed report about an attempt of a job that is never submitted (so it can never be placed). */
    TaskReport report() {
        var jobId = "fz-unsubmitted-" + ++reports;
        int index = random.nextInt(4);
        var end = nextTime();
        var start = end.minusMillis(1 + random.nextInt(60_000));
        return TaskReport.newBuilder().setDecisionId(jobId + "/m/" + index + "/0").setJobId(jobId)
                .setKind(TaskKind.MAP).setTaskIndex(index).setAttempt(0).setNodeId(node())
                .setState(TaskState.SUCCEEDED).setTime(end).setStartTime(start).setInputBytes(64L << 20)
                .setCpuSeconds(random.nextDouble() * 60).setMemoryBytes(GIB).build();
    }

    /** A forecast of {@code nodeId}'s {@code metric}: twelve one-minute steps, spare = max(0, 1 - (u + margin)). */
    CapacityForecast forecast(String nodeId, Metric metric) {
        var time = nextTime();
        var utilization = new ArrayList<Double>();
        var spare = new ArrayList<Double>();
        double margin = 0.05;
        for (int i = 0; i < 12; i++) {
            double u = random.nextDouble() * 0.9;
            utilization.add(u);
            spare.add(Math.max(0, 1 - (u + margin)));
        }
        return CapacityForecast.newBuilder().setNodeId(nodeId).setMetric(metric).setQuantile(0.9).setIssuedAt(time)
                .setStart(time).setStepMillis(60_000).setUtilization(utilization).setSafetyMargin(margin)
                .setSpare(spare).setStale(false).build();
    }

    /** A profile with maps only, as the classifier publishes one (counts and means agree; see its ClassifierRecords). */
    JobProfile profile(String jobName) {
        long maps = 1 + random.nextInt(20);
        double min = 1_000 + random.nextInt(10_000);
        double max = min + random.nextInt(50_000);
        double avg = (min + max) / 2;
        var key = "MAP/fz-type-" + random.nextInt(3);
        return JobProfile.newBuilder().setJobName(jobName).setRuns(1 + random.nextInt(5))
                .setMapMin(min).setMapMax(max).setMapAvg(avg).setMapInputBytes(maps * (64L << 20))
                .setFirstShuffleMin(0).setFirstShuffleMax(0).setFirstShuffleAvg(0)
                .setOtherShuffleMin(0).setOtherShuffleMax(0).setOtherShuffleAvg(0)
                .setReduceMin(0).setReduceMax(0).setReduceAvg(0)
                .setMeanTaskMillisByNode(Map.of(key, avg)).setMeanTaskCountByNode(Map.of(key, maps))
                .setMapCount(maps).build();
    }

    PlacementDecision placement(String nodeId) {
        var jobId = "fz-placed-" + random.nextInt(1_000);
        int index = random.nextInt(8);
        var time = nextTime();
        return PlacementDecision.newBuilder().setDecisionId(jobId + "/m/" + index + "/0").setEpoch(time.toEpochMilli())
                .setJobId(jobId).setKind(TaskKind.MAP).setTaskIndex(index).setAttempt(0).setNodeId(nodeId)
                .setNotBefore(time).setPolicy("fifo").setInputBytes(64L << 20).setFlopPerByte(3100)
                .setDemand(resources(1, 2)).build();
    }

    /** A Telegraf JSON document of {@code host}: the cpu-total series or the mem measurement. */
    String telemetry(String host) {
        long seconds = Math.floorDiv(nextTime().toEpochMilli(), 1000);
        return random.nextBoolean()
                ? Telemetry.cpu(host, seconds, Double.toString(Math.round(random.nextDouble() * 1000) / 10.0))
                : Telemetry.mem(host, seconds, Double.toString(Math.round(random.nextDouble() * 1000) / 10.0));
    }

    private static Resources resources(double cores, long gib) {
        return new Resources(cores, gib * GIB);
    }
}
