package io.gleaner.schemas.serde;

import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.ChunkLayout;
import io.gleaner.schemas.avro.DataPlacement;
import io.gleaner.schemas.avro.ChunkMove;
import io.gleaner.schemas.avro.ChunkRef;
import io.gleaner.schemas.avro.ClassAllocation;
import io.gleaner.schemas.avro.ClassPlan;
import io.gleaner.schemas.avro.Classification;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.CellStatus;
import io.gleaner.schemas.avro.JobAdmission;
import io.gleaner.schemas.avro.JobRoute;
import io.gleaner.schemas.avro.JobClass;
import io.gleaner.schemas.avro.JobEvent;
import io.gleaner.schemas.avro.JobEventType;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.MapOutput;
import io.gleaner.schemas.avro.MapOutputs;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PhaseProgress;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.PlannerJobState;
import io.gleaner.schemas.avro.PlannerNodeState;
import io.gleaner.schemas.avro.QosAction;
import io.gleaner.schemas.avro.QosActionKind;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskSpec;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** One filled-in record of every Avro type of {@code io.gleaner.schemas.avro}, with no field left at its default. */
public final class SerdeFixtures {

    private static final Instant T0 = Instant.parse("2009-10-01T00:00:00Z");

    private SerdeFixtures() {
    }

    public static Resources resources(double cpus, long memoryBytes) {
        return Resources.newBuilder().setCpus(cpus).setMemoryBytes(memoryBytes).build();
    }

    public static JobSubmitted jobSubmitted() {
        return JobSubmitted.newBuilder()
                .setJobId("job-1").setJobName("wordcount").setUser("alice").setQueue("prod").setPriority(3)
                .setSubmitTime(T0).setDeadline(T0.plusSeconds(3600))
                .setInputBytes(64L << 20).setShuffleBytes(8L << 20).setOutputBytes(1L << 20)
                .setTasks(List.of(
                        TaskGroup.newBuilder().setKind(TaskKind.MAP).setCount(2).setBytesPerTask(32L << 20)
                                .setLastTaskBytes(32L << 20).setFlopPerByte(3100.0).setDemand(resources(1.0, 1L << 30))
                                .setDataset("swim/fb2009").setFirstChunk(10)
                                .setLayout(ChunkLayout.newBuilder().setNodes(List.of("n1", "n2", "n7")).setStart(2)
                                        .setReplication(3).build())
                                .build(),
                        TaskGroup.newBuilder().setKind(TaskKind.REDUCE).setCount(1).setBytesPerTask(8L << 20)
                                .setLastTaskBytes(8L << 20).setFlopPerByte(6300.0).setDemand(resources(2.0, 2L << 30))
                                .setDataset(null).setFirstChunk(0).build()))
                .build();
    }

    public static NodeHeartbeat nodeHeartbeat() {
        return NodeHeartbeat.newBuilder()
                .setNodeId("n7").setTime(T0).setRack("rack-2").setLabels(List.of("gpu=a100"))
                .setCapacity(resources(16.0, 64L << 30)).setSpeedGflops(12.5).setSlots(8)
                .setFree(resources(3.5, 10L << 30)).setFreeSlots(2).setRunningAttempts(List.of("job-1/m/0/0"))
                .build();
    }

    public static UtilizationSample utilizationSample() {
        return UtilizationSample.newBuilder()
                .setNodeId("n1").setTime(Instant.ofEpochMilli(1000)).setMetric(Metric.CPU)
                .setSource(UsageSource.REGULAR).setValue(0.5)
                .build();
    }

    public static TaskReport taskReport() {
        return TaskReport.newBuilder()
                .setDecisionId("job-1/m/0/1").setJobId("job-1").setKind(TaskKind.MAP).setTaskIndex(0).setAttempt(1)
                .setNodeId("n7").setState(TaskState.KILLED).setTime(T0.plusSeconds(90))
                .setStartTime(T0.plusSeconds(30)).setLocal(false).setInputBytes(32L << 20).setCpuSeconds(41.5)
                .setMemoryBytes(1L << 30).setReason("owner needed the RAM")
                .build();
    }

    public static CapacityForecast capacityForecast() {
        return CapacityForecast.newBuilder()
                .setNodeId("n7").setMetric(Metric.MEMORY).setQuantile(0.99).setIssuedAt(T0)
                .setStart(T0.plusSeconds(180)).setStepMillis(180_000).setUtilization(List.of(0.25, 0.5))
                .setSafetyMargin(0.05).setSpare(List.of(0.7, 0.45)).setStale(true)
                .build();
    }

    public static JobClass jobClass() {
        return JobClass.newBuilder()
                .setClassId("c2").setClassification(Classification.PRIMARY)
                .setFeatureNames(List.of("priority", "cpuRate")).setCentroid(List.of(1.0, 0.3))
                .setMemberJobIds(List.of("job-1", "job-9")).setArrivalRate(0.02)
                .setRatesByNode(Map.of("n7", 0.4)).setIssuedAt(T0)
                .build();
    }

    public static JobProfile jobProfile() {
        return JobProfile.newBuilder()
                .setJobName("wordcount").setRuns(4)
                .setMapMin(1000).setMapMax(3000).setMapAvg(2000).setMapInputBytes(64L << 20)
                .setFirstShuffleMin(100).setFirstShuffleMax(300).setFirstShuffleAvg(200)
                .setOtherShuffleMin(50).setOtherShuffleMax(150).setOtherShuffleAvg(100)
                .setReduceMin(4000).setReduceMax(6000).setReduceAvg(5000)
                .setMeanTaskMillisByNode(Map.of("MAP/big", 1800.0, "REDUCE/big", 4700.0))
                .build();
    }

    public static ClassPlan classPlan() {
        return ClassPlan.newBuilder()
                .setPlanId("plan-3").setIssuedAt(T0).setLambda(0.75)
                .setAllocations(List.of(ClassAllocation.newBuilder().setClassId("c2").setNodeId("n7").setShare(0.5)
                        .build()))
                .setSuggestedClasses(Map.of("n7", List.of("c2", "c3")))
                .build();
    }

    public static PlacementDecision placementDecision() {
        var chunk = ChunkRef.newBuilder().setDataset("swim/fb2009").setIndex(10).build();
        return PlacementDecision.newBuilder()
                .setDecisionId("job-1/m/0/0").setEpoch(T0.toEpochMilli()).setJobId("job-1").setKind(TaskKind.MAP)
                .setTaskIndex(0).setAttempt(0).setNodeId("n7").setNotBefore(T0.plusSeconds(5)).setPolicy("salamander")
                .setInputBytes(32L << 20).setFlopPerByte(3100.0).setDemand(resources(1.0, 1L << 30))
                .setChunk(chunk)
                .setChunkMoves(List.of(ChunkMove.newBuilder().setChunk(chunk).setFromNode("n3").setToNode("n7")
                        .build()))
                .build();
    }

    /** A spec with every field set, locations still templates (as on jobs.submitted). */
    public static TaskSpec taskSpec() {
        return TaskSpec.newBuilder().setCommand(List.of("/opt/wc/map", "--lines")).setImage("ghcr.io/acme/wc:1")
                .setEnv(Map.of("LANG", "C")).setInputLocation("s3://data/{dataset}/part-{chunk}")
                .setOutputLocation("s3://tmp/{job}/{kind}-{task}-{attempt}").build();
    }

    /** Where a reduce of job-1 finds two map outputs held by n7. */
    public static MapOutputs mapOutputs() {
        return MapOutputs.newBuilder().setNodeId("n7").setMaps(List.of(
                MapOutput.newBuilder().setTaskIndex(0).setAttempt(0).build(),
                MapOutput.newBuilder().setTaskIndex(3).setAttempt(1).build())).build();
    }

    public static JobEvent jobEvent() {
        return JobEvent.newBuilder().setJobId("job-1").setType(JobEventType.ATTEMPT_LOST).setTime(T0.plusSeconds(60))
                .setReason("node n7 lost").setTasks(12).setSucceededTasks(4).setFailedAttempts(1).setLostAttempts(1)
                .setDecisionId("job-1/m/5/0").setNodeId("n7").build();
    }

    /** A reduce's placement with what to run and where its job's two maps' outputs are. */
    public static PlacementDecision reducePlacement() {
        return PlacementDecision.newBuilder(placementDecision())
                .setDecisionId("job-1/r/0/0").setKind(TaskKind.REDUCE).setChunk(null).setChunkMoves(List.of())
                .setSpec(TaskSpec.newBuilder().setCommand(List.of("reduce", "--part", "0")).setImage(null)
                        .setEnv(Map.of("JOB", "job-1")).setInputLocation(null)
                        .setOutputLocation("file:///out/job-1/reduce-0-0").build())
                .setMapOutputs(List.of(MapOutputs.newBuilder().setNodeId("n7")
                        .setMaps(List.of(new MapOutput(0, 0), new MapOutput(1, 2))).build()))
                .setMapOutputLocation("file:///out/job-1/map-{task}-{attempt}")
                .build();
    }

    public static PlannerNodeState plannerNodeState() {
        return PlannerNodeState.newBuilder()
                .setNodeId("n7").setReserved(List.of("job-1/m/0/0")).setJobsInARow(List.of("job-1", "job-2"))
                .setExcludedUntil(T0.plusSeconds(600))
                .build();
    }

    public static DataPlacement dataPlacement() {
        return DataPlacement.newBuilder()
                .setJobId("job-1").setDataset("job-1/input")
                .setLayout(ChunkLayout.newBuilder().setNodes(List.of("n1", "n7", "n1", "n2")).setStart(3)
                        .setReplication(2).build())
                .setTime(T0).setPolicy("cuckoo")
                .build();
    }

    public static JobAdmission jobAdmission() {
        return JobAdmission.newBuilder()
                .setJobId("job-1").setTime(T0).setAccepted(false).setEstimatedCompletion(T0.plusSeconds(7200))
                .setReason("past deadline")
                .build();
    }

    public static CellStatus cellStatus() {
        return CellStatus.newBuilder()
                .setCell(2).setTime(T0).setNodes(List.of("n1", "n7"))
                .setShapes(List.of(new Resources(8.0, 32L << 30), new Resources(4.0, 16L << 30)))
                .setCapacity(new Resources(12.0, 48L << 30)).setForecastCpus(5.5).setQueuedCpus(3.0)
                .build();
    }

    public static JobRoute jobRoute() {
        return JobRoute.newBuilder()
                .setJobId("job-1").setTime(T0).setCell(2).setReason("cell 2: score 0.5455, input local 1.00")
                .build();
    }

    public static QosAction qosAction() {
        return QosAction.newBuilder()
                .setNodeId("n7").setTime(T0).setAction(QosActionKind.KILL_TASK).setCpuLimit(2.5)
                .setDecisionId("job-1/m/0/0").setReason("free RAM below the safety margin")
                .build();
    }

    public static DeadLetter deadLetter() {
        return DeadLetter.newBuilder()
                .setSourceTopic("gleaner.jobs.submitted").setPartition(-1).setOffset(42)
                .setKey(ByteBuffer.wrap(new byte[] {1, 2})).setValue(ByteBuffer.wrap(new byte[] {7, 0, 0}))
                .setReason("unknown magic byte 0x07, expected 0x00").setStage("planner").setTime(T0)
                .build();
    }

    public static PlannerJobState plannerJobState() {
        return PlannerJobState.newBuilder()
                .setJob(jobSubmitted())
                // map 1 launched before map 0 (bit 1 past a prefix of 0), killed, waiting for attempt 1
                .setMaps(PhaseProgress.newBuilder().setLaunched(0).setLaunchedBeyond(ByteBuffer.wrap(new byte[] {0b10}))
                        .setSucceeded(ByteBuffer.allocate(0)).setRelaunch(List.of(1)).setAttempts(Map.of("1", 1))
                        .build())
                .setReduces(PhaseProgress.newBuilder().setLaunched(0).setSucceeded(ByteBuffer.allocate(0))
                        .setRelaunch(List.of()).setAttempts(Map.of()).build())
                .setLocalityWaitSince(T0.plusSeconds(6))
                .build();
    }
}
