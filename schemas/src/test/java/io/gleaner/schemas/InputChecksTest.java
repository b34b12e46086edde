package io.gleaner.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.ChunkLayout;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskSpec;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every field rule of the four input topics at its bound: a value just inside is accepted, one just outside is
 * refused with a reason that starts with the field's name. The limits are the defaults, which the stages apply.
 */
class InputChecksTest {

    private static final InputLimits L = InputLimits.DEFAULTS;
    private static final InputChecks CHECKS = InputChecks.DEFAULT;
    private static final long GIB = 1L << 30;
    private static final Instant SUBMIT = Instant.parse("2009-05-01T00:00:00Z");

    /** A change to a valid record, and the field it breaks (null: the record stays valid). */
    record Change<V>(Consumer<V> change, String field) {
    }

    private static <V> Arguments accepted(String name, Consumer<V> change) {
        return Arguments.of(Named.of("accepts " + name, new Change<>(change, null)));
    }

    private static <V> Arguments refused(String name, String field, Consumer<V> change) {
        return Arguments.of(Named.of("refuses " + name, new Change<>(change, field)));
    }

    private static String chars(int n) {
        return "x".repeat(n);
    }

    static JobSubmitted validJob() {
        var maps = TaskGroup.newBuilder().setKind(TaskKind.MAP).setCount(10).setBytesPerTask(128L << 20)
                .setLastTaskBytes(1L << 20).setFlopPerByte(3100).setDemand(new Resources(1.0, 3 * GIB))
                .setDataset("j1/input").setFirstChunk(0).build();
        var reduces = TaskGroup.newBuilder().setKind(TaskKind.REDUCE).setCount(2).setBytesPerTask(GIB)
                .setLastTaskBytes(GIB).setFlopPerByte(6300).setDemand(new Resources(1.0, 4 * GIB)).build();
        return JobSubmitted.newBuilder().setJobId("j1").setJobName("wordcount").setSubmitTime(SUBMIT)
                .setInputBytes(10 * (128L << 20)).setShuffleBytes(2 * GIB).setOutputBytes(GIB)
                .setTasks(new ArrayList<>(List.of(maps, reduces))).build();
    }

    private static TaskGroup maps(JobSubmitted job) {
        return job.getTasks().get(0);
    }

    static Stream<Arguments> jobChanges() {
        return Stream.of(
                accepted("the valid job", (JobSubmitted j) -> { }),
                accepted("a job id of the longest length", (JobSubmitted j) -> j.setJobId(chars(L.maxIdChars()))),
                refused("a job id one character too long", "jobId",
                        (JobSubmitted j) -> j.setJobId(chars(L.maxIdChars() + 1))),
                refused("a blank job id", "jobId", (JobSubmitted j) -> j.setJobId(" ")),
                accepted("a job name of the longest length",
                        (JobSubmitted j) -> j.setJobName(chars(L.maxNameChars()))),
                refused("a job name of 70,000 characters", "jobName", (JobSubmitted j) -> j.setJobName(chars(70_000))),
                refused("a user one character too long", "user",
                        (JobSubmitted j) -> j.setUser(chars(L.maxIdChars() + 1))),
                refused("a blank queue", "queue", (JobSubmitted j) -> j.setQueue("")),
                accepted("the highest priority", (JobSubmitted j) -> j.setPriority(L.maxPriority())),
                refused("a priority above the range", "priority", (JobSubmitted j) -> j.setPriority(L.maxPriority() + 1)),
                accepted("the lowest priority", (JobSubmitted j) -> j.setPriority(L.minPriority())),
                refused("a priority below the range", "priority",
                        (JobSubmitted j) -> j.setPriority(L.minPriority() - 1)),
                refused("a submission before 1970", "submitTime",
                        (JobSubmitted j) -> j.setSubmitTime(Instant.EPOCH.minusMillis(1))),
                accepted("a deadline 1 ms after the submission", (JobSubmitted j) -> j.setDeadline(SUBMIT.plusMillis(1))),
                refused("a deadline at the submission", "deadline", (JobSubmitted j) -> j.setDeadline(SUBMIT)),
                refused("a deadline before the submission", "deadline",
                        (JobSubmitted j) -> j.setDeadline(SUBMIT.minusSeconds(3600))),
                accepted("the most input bytes", (JobSubmitted j) -> j.setInputBytes(L.maxJobBytes())),
                refused("input bytes over the limit", "inputBytes", (JobSubmitted j) -> j.setInputBytes(L.maxJobBytes() + 1)),
                refused("negative input bytes", "inputBytes", (JobSubmitted j) -> j.setInputBytes(-1)),
                refused("shuffle bytes of Long.MAX_VALUE", "shuffleBytes",
                        (JobSubmitted j) -> j.setShuffleBytes(Long.MAX_VALUE)),
                refused("negative output bytes", "outputBytes", (JobSubmitted j) -> j.setOutputBytes(-1)),
                refused("no task groups", "tasks", (JobSubmitted j) -> j.setTasks(new ArrayList<>())),
                refused("a task group of kind UNKNOWN", "tasks[0].kind",
                        (JobSubmitted j) -> maps(j).setKind(TaskKind.UNKNOWN)),
                refused("two map groups", "tasks[1].kind",
                        (JobSubmitted j) -> j.getTasks().get(1).setKind(TaskKind.MAP)),
                accepted("the most maps a group may have (and no reduces)", (JobSubmitted j) -> {
                    maps(j).setCount(L.maxTasksPerGroup());
                    j.getTasks().remove(1);
                }),
                refused("10 million maps", "tasks[0].count", (JobSubmitted j) -> maps(j).setCount(10_000_000)),
                refused("one map more than a group may have", "tasks[0].count",
                        (JobSubmitted j) -> maps(j).setCount(L.maxTasksPerGroup() + 1)),
                refused("zero maps", "tasks[0].count", (JobSubmitted j) -> maps(j).setCount(0)),
                refused("a negative reduce count", "tasks[1].count",
                        (JobSubmitted j) -> j.getTasks().get(1).setCount(-1)),
                refused("one task more than a job may have, over two groups", "tasks (all groups)",
                        (JobSubmitted j) -> maps(j).setCount(L.maxTasksPerJob() - 1)),
                accepted("a task reading the most bytes", (JobSubmitted j) -> maps(j).setBytesPerTask(L.maxTaskBytes())),
                refused("a task reading a byte too many", "tasks[0].bytesPerTask",
                        (JobSubmitted j) -> maps(j).setBytesPerTask(L.maxTaskBytes() + 1)),
                refused("a last task reading negative bytes", "tasks[0].lastTaskBytes",
                        (JobSubmitted j) -> maps(j).setLastTaskBytes(-1)),
                refused("NaN flop per byte", "tasks[0].flopPerByte",
                        (JobSubmitted j) -> maps(j).setFlopPerByte(Double.NaN)),
                refused("infinite flop per byte", "tasks[0].flopPerByte",
                        (JobSubmitted j) -> maps(j).setFlopPerByte(Double.POSITIVE_INFINITY)),
                refused("flop per byte over the limit", "tasks[0].flopPerByte",
                        (JobSubmitted j) -> maps(j).setFlopPerByte(L.maxFlopPerByte() * 1.01)),
                accepted("a task demanding a whole sane node",
                        (JobSubmitted j) -> maps(j).setDemand(new Resources(L.maxCpus(), L.maxMemoryBytes()))),
                refused("a task demanding 10^9 cores", "tasks[0].demand.cpus",
                        (JobSubmitted j) -> maps(j).setDemand(new Resources(1e9, GIB))),
                refused("a task demanding negative cores", "tasks[0].demand.cpus",
                        (JobSubmitted j) -> maps(j).setDemand(new Resources(-1.0, GIB))),
                refused("a task demanding NaN cores", "tasks[0].demand.cpus",
                        (JobSubmitted j) -> maps(j).setDemand(new Resources(Double.NaN, GIB))),
                refused("a task demanding a byte more RAM than a sane node", "tasks[0].demand.memoryBytes",
                        (JobSubmitted j) -> maps(j).setDemand(new Resources(1.0, L.maxMemoryBytes() + 1))),
                refused("a negative first chunk", "tasks[0].firstChunk", (JobSubmitted j) -> maps(j).setFirstChunk(-1)),
                refused("chunks past Long.MAX_VALUE", "tasks[0].firstChunk",
                        (JobSubmitted j) -> maps(j).setFirstChunk(Long.MAX_VALUE - 5)),
                refused("a dataset name one character too long", "tasks[0].dataset",
                        (JobSubmitted j) -> maps(j).setDataset(chars(L.maxIdChars() + 1))),
                accepted("a layout over two nodes", (JobSubmitted j) -> maps(j).setLayout(layout(List.of("a", "b"), 1, 2))),
                refused("a layout without a dataset", "tasks[1].layout",
                        (JobSubmitted j) -> j.getTasks().get(1).setLayout(layout(List.of("a"), 0, 1))),
                refused("a layout of no nodes", "tasks[0].layout.nodes",
                        (JobSubmitted j) -> maps(j).setLayout(layout(List.of(), 0, 1))),
                refused("a layout of too many positions", "tasks[0].layout.nodes",
                        (JobSubmitted j) -> maps(j).setLayout(layout(Collections.nCopies(L.maxLayoutNodes() + 1, "a"),
                                0, 1))),
                refused("a layout node id one character too long", "tasks[0].layout.nodes[1]",
                        (JobSubmitted j) -> maps(j).setLayout(layout(List.of("a", chars(L.maxIdChars() + 1)), 0, 1))),
                refused("a layout start past its nodes", "tasks[0].layout.start",
                        (JobSubmitted j) -> maps(j).setLayout(layout(List.of("a", "b"), 2, 1))),
                refused("a layout with more replicas than nodes", "tasks[0].layout.replication",
                        (JobSubmitted j) -> maps(j).setLayout(layout(List.of("a", "b"), 0, 3))));
    }

    private static TaskSpec spec() {
        return TaskSpec.newBuilder().setCommand(new ArrayList<>(List.of("/bin/wc", "-l")))
                .setEnv(new HashMap<>(Map.of("LANG", "C")))
                .setInputLocation("s3://in/{dataset}/{chunk}")
                .setOutputLocation("s3://out/{job}/{kind}-{task}-{attempt}").build();
    }

    private static TaskSpec mapSpec(JobSubmitted job) {
        if (maps(job).getSpec() == null) {
            maps(job).setSpec(spec());
        }
        return maps(job).getSpec();
    }

    static Stream<Arguments> specChanges() {
        return Stream.of(
                accepted("a map spec with every placeholder", (JobSubmitted j) -> mapSpec(j)),
                accepted("an image and no command", (JobSubmitted j) -> {
                    mapSpec(j).setCommand(List.of());
                    mapSpec(j).setImage("ghcr.io/acme/wc:1");
                }),
                refused("a spec with neither command nor image", "tasks[0].spec",
                        (JobSubmitted j) -> mapSpec(j).setCommand(List.of())),
                accepted("the most arguments",
                        (JobSubmitted j) -> mapSpec(j).setCommand(Collections.nCopies(L.maxSpecArgs(), "a"))),
                refused("one argument too many", "tasks[0].spec.command (count)",
                        (JobSubmitted j) -> mapSpec(j).setCommand(Collections.nCopies(L.maxSpecArgs() + 1, "a"))),
                refused("an argument one character too long", "tasks[0].spec.command[1]",
                        (JobSubmitted j) -> mapSpec(j).setCommand(List.of("wc", chars(L.maxNameChars() + 1)))),
                refused("a NUL in an argument", "tasks[0].spec.command[1]",
                        (JobSubmitted j) -> mapSpec(j).setCommand(List.of("wc", "a\0b"))),
                refused("a blank program", "tasks[0].spec.command[0]",
                        (JobSubmitted j) -> mapSpec(j).setCommand(List.of(" ", "-l"))),
                refused("a blank image", "tasks[0].spec.image", (JobSubmitted j) -> mapSpec(j).setImage("")),
                refused("one variable too many", "tasks[0].spec.env (count)", (JobSubmitted j) -> {
                    for (int i = 0; i < L.maxSpecEnv(); i++) {
                        mapSpec(j).getEnv().put("V" + i, "x");
                    }
                }),
                refused("a variable name with '='", "tasks[0].spec.env (a name)",
                        (JobSubmitted j) -> mapSpec(j).getEnv().put("A=B", "x")),
                refused("a blank variable name", "tasks[0].spec.env (a name)",
                        (JobSubmitted j) -> mapSpec(j).getEnv().put("", "x")),
                refused("a variable value one character too long", "tasks[0].spec.env[LANG]",
                        (JobSubmitted j) -> mapSpec(j).getEnv().put("LANG", chars(L.maxNameChars() + 1))),
                refused("a spec longer than the most characters in all", "tasks[0].spec (characters, all strings)",
                        (JobSubmitted j) -> mapSpec(j).setCommand(
                                Collections.nCopies(L.maxSpecChars() / L.maxNameChars() + 1, chars(L.maxNameChars())))),
                refused("a blank output location", "tasks[0].spec.outputLocation",
                        (JobSubmitted j) -> mapSpec(j).setOutputLocation(" ")),
                refused("an unknown placeholder", "tasks[0].spec.outputLocation",
                        (JobSubmitted j) -> mapSpec(j).setOutputLocation("s3://out/{job}/{part}")),
                refused("a placeholder in the wrong case", "tasks[0].spec.inputLocation",
                        (JobSubmitted j) -> mapSpec(j).setInputLocation("s3://in/{Dataset}")),
                accepted("braces in the command, passed as given",
                        (JobSubmitted j) -> mapSpec(j).setCommand(List.of("awk", "{print $1}"))),
                refused("{chunk} in a group without a dataset", "tasks[1].spec.inputLocation",
                        (JobSubmitted j) -> j.getTasks().get(1).setSpec(TaskSpec.newBuilder(spec()).build())),
                accepted("a reduce spec without dataset placeholders", (JobSubmitted j) -> j.getTasks().get(1)
                        .setSpec(TaskSpec.newBuilder(spec()).setInputLocation(null).build())));
    }

    @ParameterizedTest
    @MethodSource("specChanges")
    void shouldCheckATaskSpec(Change<JobSubmitted> change) {
        var job = validJob();
        change.change().accept(job);

        expect(CHECKS.jobSubmitted(job), change.field());
    }

    @Test
    void shouldNameTheUnknownPlaceholderAndTheOnesAllowed() {
        var job = validJob();
        mapSpec(job).setOutputLocation("s3://out/{job}/{part}");

        assertThat(CHECKS.jobSubmitted(job)).hasValue("tasks[0].spec.outputLocation must use only the placeholders "
                + "{job}, {kind}, {task}, {attempt}, {dataset}, {chunk}, was {part} (job j1)");
    }

    private static ChunkLayout layout(List<String> nodes, int start, int replication) {
        return ChunkLayout.newBuilder().setNodes(nodes).setStart(start).setReplication(replication).build();
    }

    @ParameterizedTest
    @MethodSource("jobChanges")
    void shouldCheckEveryFieldOfASubmittedJob(Change<JobSubmitted> change) {
        var job = validJob();
        change.change().accept(job);

        expect(CHECKS.jobSubmitted(job), change.field());
    }

    static NodeHeartbeat validHeartbeat() {
        return NodeHeartbeat.newBuilder().setNodeId("n1").setTime(SUBMIT).setLabels(new ArrayList<>(List.of("gpu=a100")))
                .setCapacity(new Resources(16.0, 64 * GIB)).setSpeedGflops(2.0).setSlots(8)
                .setFree(new Resources(8.0, 32 * GIB)).setFreeSlots(4)
                .setRunningAttempts(new ArrayList<>(List.of("j1/m/0/0", "j1/m/1/0"))).build();
    }

    static Stream<Arguments> heartbeatChanges() {
        return Stream.of(
                accepted("the valid heartbeat", (NodeHeartbeat h) -> { }),
                refused("a node id one character too long", "nodeId",
                        (NodeHeartbeat h) -> h.setNodeId(chars(L.maxIdChars() + 1))),
                refused("a blank node id", "nodeId", (NodeHeartbeat h) -> h.setNodeId("")),
                refused("a time before 1970", "time", (NodeHeartbeat h) -> h.setTime(Instant.EPOCH.minusMillis(1))),
                accepted("a rack of the longest length", (NodeHeartbeat h) -> h.setRack(chars(L.maxIdChars()))),
                refused("a rack one character too long", "rack", (NodeHeartbeat h) -> h.setRack(chars(L.maxIdChars() + 1))),
                accepted("the most labels", (NodeHeartbeat h) -> h.setLabels(Collections.nCopies(L.maxLabels(), "l"))),
                refused("one label too many", "labels (count)",
                        (NodeHeartbeat h) -> h.setLabels(Collections.nCopies(L.maxLabels() + 1, "l"))),
                refused("a label one character too long", "labels[1]",
                        (NodeHeartbeat h) -> h.setLabels(List.of("a", chars(L.maxIdChars() + 1)))),
                accepted("the capacity of a sane node", (NodeHeartbeat h) -> h.setCapacity(
                        new Resources(L.maxCpus(), L.maxMemoryBytes()))),
                refused("10^9 cores", "capacity.cpus", (NodeHeartbeat h) -> h.setCapacity(new Resources(1e9, 64 * GIB))),
                accepted("a node that can run nothing (removed)", (NodeHeartbeat h) -> {
                    h.setCapacity(new Resources(0.0, 0L));
                    h.setFree(new Resources(0.0, 0L));
                    h.setSlots(0);
                    h.setFreeSlots(0);
                    h.setRunningAttempts(List.of());
                }),
                refused("negative cores", "capacity.cpus",
                        (NodeHeartbeat h) -> h.setCapacity(new Resources(-1.0, 64 * GIB))),
                refused("NaN cores", "capacity.cpus",
                        (NodeHeartbeat h) -> h.setCapacity(new Resources(Double.NaN, 64 * GIB))),
                refused("infinite cores", "capacity.cpus",
                        (NodeHeartbeat h) -> h.setCapacity(new Resources(Double.POSITIVE_INFINITY, 64 * GIB))),
                refused("negative RAM", "capacity.memoryBytes",
                        (NodeHeartbeat h) -> h.setCapacity(new Resources(16.0, -1L))),
                refused("a byte more RAM than a sane node", "capacity.memoryBytes",
                        (NodeHeartbeat h) -> h.setCapacity(new Resources(16.0, L.maxMemoryBytes() + 1))),
                accepted("the fastest core", (NodeHeartbeat h) -> h.setSpeedGflops(L.maxSpeedGflops())),
                refused("a core faster than the limit", "speedGflops",
                        (NodeHeartbeat h) -> h.setSpeedGflops(L.maxSpeedGflops() * 1.01)),
                refused("a speed of zero", "speedGflops", (NodeHeartbeat h) -> h.setSpeedGflops(0)),
                refused("a NaN speed", "speedGflops", (NodeHeartbeat h) -> h.setSpeedGflops(Double.NaN)),
                refused("negative slots", "slots", (NodeHeartbeat h) -> h.setSlots(-1)),
                refused("one slot more than the limit", "slots", (NodeHeartbeat h) -> h.setSlots(L.maxSlots() + 1)),
                accepted("all of the capacity free", (NodeHeartbeat h) -> h.setFree(new Resources(16.0, 64 * GIB))),
                refused("more cores free than the capacity", "free.cpus",
                        (NodeHeartbeat h) -> h.setFree(new Resources(16.5, 64 * GIB))),
                refused("negative cores free", "free.cpus", (NodeHeartbeat h) -> h.setFree(new Resources(-0.5, GIB))),
                refused("a byte more RAM free than the capacity", "free.memoryBytes",
                        (NodeHeartbeat h) -> h.setFree(new Resources(16.0, 64 * GIB + 1))),
                refused("more free slots than slots", "freeSlots", (NodeHeartbeat h) -> h.setFreeSlots(9)),
                refused("negative free slots", "freeSlots", (NodeHeartbeat h) -> h.setFreeSlots(-1)),
                refused("a running attempt id one character too long", "runningAttempts[1]",
                        (NodeHeartbeat h) -> h.getRunningAttempts().set(1, chars(L.maxIdChars() + 1))),
                refused("a blank running attempt id", "runningAttempts[0]",
                        (NodeHeartbeat h) -> h.getRunningAttempts().set(0, " ")),
                refused("a running attempt listed twice", "runningAttempts[1]",
                        (NodeHeartbeat h) -> h.getRunningAttempts().set(1, "j1/m/0/0")),
                refused("more running attempts than a node may have slots", "runningAttempts (count)",
                        (NodeHeartbeat h) -> h.setRunningAttempts(Collections.nCopies(L.maxSlots() + 1, "a"))));
    }

    @ParameterizedTest
    @MethodSource("heartbeatChanges")
    void shouldCheckEveryFieldOfAHeartbeat(Change<NodeHeartbeat> change) {
        var heartbeat = validHeartbeat();
        change.change().accept(heartbeat);

        expect(CHECKS.nodeHeartbeat(heartbeat), change.field());
    }

    static TaskReport validReport() {
        return TaskReport.newBuilder().setDecisionId("j1/m/0/0").setJobId("j1").setKind(TaskKind.MAP).setTaskIndex(0)
                .setAttempt(0).setNodeId("n1").setState(TaskState.SUCCEEDED).setTime(SUBMIT.plusSeconds(60))
                .setStartTime(SUBMIT).setInputBytes(128L << 20).setCpuSeconds(55.0).setMemoryBytes(3 * GIB).build();
    }

    static Stream<Arguments> reportChanges() {
        return Stream.of(
                accepted("the valid report", (TaskReport r) -> { }),
                refused("a decision id one character too long", "decisionId",
                        (TaskReport r) -> r.setDecisionId(chars(L.maxIdChars() + 1))),
                refused("a blank job id", "jobId", (TaskReport r) -> r.setJobId(" ")),
                refused("a node id one character too long", "nodeId",
                        (TaskReport r) -> r.setNodeId(chars(L.maxIdChars() + 1))),
                refused("a blank node id on a success", "nodeId", (TaskReport r) -> r.setNodeId("")),
                accepted("a blank node id on a kill before the attempt had a node", (TaskReport r) -> {
                    r.setState(TaskState.KILLED);
                    r.setNodeId("");
                }),
                refused("kind UNKNOWN", "kind", (TaskReport r) -> r.setKind(TaskKind.UNKNOWN)),
                refused("state UNKNOWN", "state", (TaskReport r) -> r.setState(TaskState.UNKNOWN)),
                accepted("a task index past a group's limit (Alibaba's instance ids)",
                        (TaskReport r) -> r.setTaskIndex(74_901_673)),
                refused("a negative task index", "taskIndex", (TaskReport r) -> r.setTaskIndex(-1)),
                refused("a negative attempt", "attempt", (TaskReport r) -> r.setAttempt(-1)),
                refused("a time before 1970", "time", (TaskReport r) -> {
                    r.setTime(Instant.EPOCH.minusMillis(1));
                    r.setStartTime(null);
                }),
                accepted("a start at the time", (TaskReport r) -> r.setStartTime(r.getTime())),
                refused("a start after the time", "startTime", (TaskReport r) -> r.setStartTime(r.getTime().plusMillis(1))),
                accepted("the most bytes a task reads", (TaskReport r) -> r.setInputBytes(L.maxTaskBytes())),
                refused("a byte more than a task reads", "inputBytes",
                        (TaskReport r) -> r.setInputBytes(L.maxTaskBytes() + 1)),
                refused("negative input bytes", "inputBytes", (TaskReport r) -> r.setInputBytes(-1)),
                refused("NaN CPU seconds", "cpuSeconds", (TaskReport r) -> r.setCpuSeconds(Double.NaN)),
                refused("infinite CPU seconds", "cpuSeconds",
                        (TaskReport r) -> r.setCpuSeconds(Double.POSITIVE_INFINITY)),
                refused("negative CPU seconds", "cpuSeconds", (TaskReport r) -> r.setCpuSeconds(-1)),
                refused("a byte more RAM than a sane node", "memoryBytes",
                        (TaskReport r) -> r.setMemoryBytes(L.maxMemoryBytes() + 1)),
                accepted("a reason of the longest length", (TaskReport r) -> r.setReason(chars(L.maxNameChars()))),
                refused("a reason one character too long", "reason",
                        (TaskReport r) -> r.setReason(chars(L.maxNameChars() + 1))));
    }

    @ParameterizedTest
    @MethodSource("reportChanges")
    void shouldCheckEveryFieldOfATaskReport(Change<TaskReport> change) {
        var report = validReport();
        change.change().accept(report);

        expect(CHECKS.taskReport(report), change.field());
    }

    static UtilizationSample validSample() {
        return UtilizationSample.newBuilder().setNodeId("n1").setTime(SUBMIT).setMetric(Metric.CPU)
                .setSource(UsageSource.REGULAR).setValue(0.5).build();
    }

    static Stream<Arguments> sampleChanges() {
        return Stream.of(
                accepted("the valid sample", (UtilizationSample s) -> { }),
                accepted("a value of 0", (UtilizationSample s) -> s.setValue(0)),
                accepted("a value of 1", (UtilizationSample s) -> s.setValue(1)),
                refused("a value just above 1", "value", (UtilizationSample s) -> s.setValue(Math.nextUp(1.0))),
                refused("a value just below 0", "value", (UtilizationSample s) -> s.setValue(-Double.MIN_VALUE)),
                refused("a NaN value", "value", (UtilizationSample s) -> s.setValue(Double.NaN)),
                refused("an infinite value", "value", (UtilizationSample s) -> s.setValue(Double.POSITIVE_INFINITY)),
                refused("a negative infinite value", "value",
                        (UtilizationSample s) -> s.setValue(Double.NEGATIVE_INFINITY)),
                refused("metric UNKNOWN", "metric", (UtilizationSample s) -> s.setMetric(Metric.UNKNOWN)),
                accepted("a node id of the longest length", (UtilizationSample s) -> s.setNodeId(chars(L.maxIdChars()))),
                refused("a node id one character too long", "nodeId",
                        (UtilizationSample s) -> s.setNodeId(chars(L.maxIdChars() + 1))),
                refused("a blank node id", "nodeId", (UtilizationSample s) -> s.setNodeId("")));
    }

    @ParameterizedTest
    @MethodSource("sampleChanges")
    void shouldCheckEveryFieldOfAUtilizationSample(Change<UtilizationSample> change) {
        var sample = validSample();
        change.change().accept(sample);

        expect(CHECKS.utilizationSample(sample), change.field());
    }

    static PlacementDecision validPlacement() {
        return PlacementDecision.newBuilder().setDecisionId("j1/m/0/0").setEpoch(SUBMIT.toEpochMilli())
                .setJobId("j1").setKind(TaskKind.MAP).setTaskIndex(0).setAttempt(0).setNodeId("n1")
                .setNotBefore(SUBMIT).setPolicy("fifo").setInputBytes(128L << 20).setFlopPerByte(3100)
                .setDemand(new Resources(1.0, 3 * GIB)).setChunk(null).setChunkMoves(new ArrayList<>()).build();
    }

    static Stream<Arguments> placementChanges() {
        return Stream.of(
                accepted("the valid placement", (PlacementDecision p) -> { }),
                refused("kind UNKNOWN", "kind", (PlacementDecision p) -> p.setKind(TaskKind.UNKNOWN)),
                refused("a policy one character too long", "policy",
                        (PlacementDecision p) -> p.setPolicy(chars(L.maxIdChars() + 1))),
                refused("a blank node id", "nodeId", (PlacementDecision p) -> p.setNodeId(" ")),
                refused("a negative attempt", "attempt", (PlacementDecision p) -> p.setAttempt(-1)),
                refused("a negative epoch", "epoch", (PlacementDecision p) -> p.setEpoch(-1)),
                refused("a NaN flopPerByte", "flopPerByte", (PlacementDecision p) -> p.setFlopPerByte(Double.NaN)),
                accepted("a demand of the largest node", (PlacementDecision p) -> p.getDemand().setCpus(L.maxCpus())),
                refused("a demand of 10^11 cores", "demand.cpus", (PlacementDecision p) -> p.getDemand().setCpus(1e11)),
                refused("a negative memory demand", "demand.memoryBytes",
                        (PlacementDecision p) -> p.getDemand().setMemoryBytes(-1)));
    }

    @ParameterizedTest
    @MethodSource("placementChanges")
    void shouldCheckEveryFieldOfAPlacement(Change<PlacementDecision> change) {
        var placement = validPlacement();
        change.change().accept(placement);

        expect(CHECKS.placementDecision(placement), change.field());
    }

    static CapacityForecast validForecast() {
        return CapacityForecast.newBuilder().setNodeId("n1").setMetric(Metric.CPU).setQuantile(0.99)
                .setIssuedAt(SUBMIT).setStart(SUBMIT).setStepMillis(180_000)
                .setUtilization(new ArrayList<>(List.of(0.4, 0.5))).setSafetyMargin(0.05)
                .setSpare(new ArrayList<>(List.of(0.55, 0.45))).setStale(false).build();
    }

    static Stream<Arguments> forecastChanges() {
        return Stream.of(
                accepted("the valid forecast", (CapacityForecast f) -> { }),
                accepted("a stale marker, no points", (CapacityForecast f) -> {
                    f.setStale(true);
                    f.setSpare(new ArrayList<>());
                    f.setUtilization(new ArrayList<>());
                }),
                refused("metric UNKNOWN", "metric", (CapacityForecast f) -> f.setMetric(Metric.UNKNOWN)),
                refused("a quantile of 1", "quantile", (CapacityForecast f) -> f.setQuantile(1)),
                refused("a step of 0", "stepMillis", (CapacityForecast f) -> f.setStepMillis(0)),
                accepted("a start one step after issuedAt", (CapacityForecast f) -> f.setStart(SUBMIT.plusSeconds(180))),
                refused("a start two steps after issuedAt", "start",
                        (CapacityForecast f) -> f.setStart(SUBMIT.plusSeconds(360))),
                refused("an issue time before 1970", "issuedAt",
                        (CapacityForecast f) -> f.setIssuedAt(Instant.EPOCH.minusSeconds(1))),
                refused("a NaN spare", "spare[1]", (CapacityForecast f) -> f.getSpare().set(1, Double.NaN)),
                refused("a spare above 1", "spare[0]", (CapacityForecast f) -> f.getSpare().set(0, 1.5)),
                refused("an infinite utilization", "utilization[0]",
                        (CapacityForecast f) -> f.getUtilization().set(0, Double.POSITIVE_INFINITY)),
                refused("fewer utilization points than spare ones", "utilization (count)",
                        (CapacityForecast f) -> f.getUtilization().remove(1)),
                refused("one point too many", "spare (count)", (CapacityForecast f) -> {
                    var points = new ArrayList<>(java.util.Collections.nCopies(InputChecks.MAX_FORECAST_POINTS + 1,
                            0.5));
                    f.setSpare(points);
                    f.setUtilization(new ArrayList<>(points));
                }));
    }

    @ParameterizedTest
    @MethodSource("forecastChanges")
    void shouldCheckEveryFieldOfAForecast(Change<CapacityForecast> change) {
        var forecast = validForecast();
        change.change().accept(forecast);

        expect(CHECKS.capacityForecast(forecast), change.field());
    }

    @Test
    void shouldCheckAProfilesNameAndRuns() {
        var profile = JobProfile.newBuilder().setJobName("wordcount").setRuns(3).setMapMin(1).setMapMax(1)
                .setMapAvg(1).setMapInputBytes(1).setFirstShuffleMin(0).setFirstShuffleMax(0).setFirstShuffleAvg(0)
                .setOtherShuffleMin(0).setOtherShuffleMax(0).setOtherShuffleAvg(0).setReduceMin(0).setReduceMax(0)
                .setReduceAvg(0).build();

        assertThat(CHECKS.jobProfile(profile)).isEmpty();
        profile.setJobName(chars(L.maxNameChars() + 1));
        assertThat(CHECKS.jobProfile(profile)).hasValueSatisfying(reason -> assertThat(reason).startsWith("jobName "));
        profile.setJobName("wordcount");
        profile.setRuns(-1);
        assertThat(CHECKS.jobProfile(profile)).hasValueSatisfying(reason -> assertThat(reason).startsWith("runs "));
    }

    @Test
    void shouldNameTheLengthOfATooLongStringNotTheStringItself() {
        var job = validJob();
        job.setJobName(chars(70_000));

        assertThat(CHECKS.jobSubmitted(job)).hasValue(
                "jobName must be at most 4096 characters, was 70000 characters (job j1)");
    }

    @Test
    void shouldDispatchByRecordTypeAndPassOtherTypes() {
        var sample = validSample();
        sample.setValue(Double.NaN);

        assertThat(CHECKS.violation(sample)).isPresent();
        assertThat(CHECKS.violation("not a record of an input topic")).isEmpty();
    }

    private static void expect(java.util.Optional<String> violation, String field) {
        if (field == null) {
            assertThat(violation).isEmpty();
        } else {
            assertThat(violation).hasValueSatisfying(reason -> assertThat(reason).startsWith(field + " "));
        }
    }
}
