package io.gleaner.planner.events;

import static io.gleaner.planner.core.PlannerFixtures.GIB;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.Chunk;
import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.ChunkMove;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.TaskAttempt;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.planner.core.TaskSpec;
import io.gleaner.schemas.avro.TaskState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EventMappingTest {

    private static final Instant T0 = Instant.parse("2009-10-01T00:00:00Z");

    @Test
    void jobSurvivesTheRoundTripThroughJobSubmitted() {
        var job = job("j", T0.plusSeconds(5), maps(3, "ds-j"), reduces(2));
        var withDeadline = new Job(job.jobId(), job.jobName(), "alice", "q1", 4, job.submitTime(),
                Optional.of(T0.plusSeconds(600)), job.inputBytes(), job.shuffleBytes(), job.outputBytes(),
                job.taskGroups());

        assertThat(EventMapping.job(EventMapping.jobSubmitted(job))).isEqualTo(new Checked.Valid<>(job));
        assertThat(EventMapping.job(EventMapping.jobSubmitted(withDeadline)))
                .isEqualTo(new Checked.Valid<>(withDeadline));
    }

    @Test
    void chunkLayoutSurvivesTheRoundTripThroughJobSubmitted() {
        var layout = new ChunkLayout(List.of("n1", "n2", "n3", "n4"), 2, 3);
        var group = new PhaseTasks(TaskKind.MAP, 3, 128L << 20, 128L << 20, 3100, new CpuMemory(1, 3 * GIB),
                Optional.of("ds-j"), 40, Optional.of(layout));
        var job = job("j", T0, group, reduces(1));

        var event = EventMapping.jobSubmitted(job);

        var avroLayout = event.getTasks().get(0).getLayout();
        assertThat(avroLayout.getNodes()).containsExactly("n1", "n2", "n3", "n4");
        assertThat(avroLayout.getStart()).isEqualTo(2);
        assertThat(avroLayout.getReplication()).isEqualTo(3);
        assertThat(event.getTasks().get(1).getLayout()).as("reduces have none").isNull();
        assertThat(EventMapping.job(event)).isEqualTo(new Checked.Valid<>(job));
    }

    @Test
    void taskSpecSurvivesTheRoundTripThroughJobSubmitted() {
        var spec = new TaskSpec(List.of("/bin/wc", "-l"), Optional.of("ghcr.io/acme/wc:1"), Map.of("B", "2", "A", "1"),
                Optional.of("s3://in/{dataset}/{chunk}"), Optional.of("s3://out/{job}/{kind}-{task}-{attempt}"));
        var group = new PhaseTasks(TaskKind.MAP, 3, 128L << 20, 128L << 20, 3100, new CpuMemory(1, 3 * GIB),
                Optional.of("ds-j"), 40, Optional.empty(), Optional.of(spec));
        var job = job("j", T0, group, reduces(1));

        var event = EventMapping.jobSubmitted(job);

        var avroSpec = event.getTasks().get(0).getSpec();
        assertThat(avroSpec.getCommand()).containsExactly("/bin/wc", "-l");
        assertThat(avroSpec.getEnv().keySet()).as("sorted, for equal bytes").containsExactly("A", "B");
        assertThat(avroSpec.getOutputLocation()).as("stored as a template").contains("{task}");
        assertThat(event.getTasks().get(1).getSpec()).isNull();
        assertThat(EventMapping.job(event)).isEqualTo(new Checked.Valid<>(job));
    }

    @Test
    void jobWithAnUnknownPlaceholderIsInvalidNamingIt() {
        var event = EventMapping.jobSubmitted(job("j", T0, maps(2, "ds-j")));
        event.getTasks().get(0).setSpec(io.gleaner.schemas.avro.TaskSpec.newBuilder()
                .setCommand(List.of("run")).setOutputLocation("/out/{jobid}").build());

        assertThat(reasonOf(EventMapping.job(event))).startsWith("tasks[0].spec.outputLocation").contains("{jobid}");
    }

    @Test
    void resolvedSpecAndMapOutputLocationSurviveTheRoundTripThroughPlacementDecision() {
        var spec = new TaskSpec(List.of("run"), Optional.empty(), Map.of(), Optional.of("/in/{chunk}"),
                Optional.of("/out/{job}/{kind}/{task}/{attempt}"));
        var maps = new PhaseTasks(TaskKind.MAP, 2, 1, 1, 1, new CpuMemory(1, GIB), Optional.of("ds-j"), 0,
                Optional.empty(), Optional.of(spec));
        var job = job("j", T0, maps, reduces(1));
        var reduce = Placement.of(job, new TaskAttempt("j", TaskKind.REDUCE, 0, 0), "n2", T0, "fifo");
        var map = mapOn(job, 1, "n1", T0);

        var reduceDecision = EventMapping.placementDecision(reduce);
        var mapDecision = EventMapping.placementDecision(map);

        assertThat(reduceDecision.getMapOutputLocation()).isEqualTo("/out/j/map/{task}/{attempt}");
        assertThat(reduceDecision.getSpec()).as("the reduce group has no spec").isNull();
        assertThat(mapDecision.getSpec().getInputLocation()).isEqualTo("/in/1");
        assertThat(mapDecision.getSpec().getOutputLocation()).isEqualTo("/out/j/map/1/0");
        assertThat(mapDecision.getMapOutputLocation()).isNull();
        assertThat(EventMapping.placement(reduceDecision)).isEqualTo(new Checked.Valid<>(reduce));
        assertThat(EventMapping.placement(mapDecision)).isEqualTo(new Checked.Valid<>(map));
    }

    @Test
    void jobWithAnImpossibleChunkLayoutIsInvalidWithTheCoreMessage() {
        var event = EventMapping.jobSubmitted(job("j", T0, maps(2, "ds-j")));
        event.getTasks().get(0).setLayout(new io.gleaner.schemas.avro.ChunkLayout(List.of("n1", "n1"), 0, 2));

        assertThat(EventMapping.job(event)).isEqualTo(new Checked.Invalid<>(
                "chunk layout puts two replicas of a chunk on node n1 (positions 0 and 1 are fewer than 2 apart)"));
    }

    @Test
    void jobWithANegativeSizeIsInvalidWithTheTopicsRuleNamingTheField() {
        var event = EventMapping.jobSubmitted(job("j", T0, maps(1, "ds-j")));
        event.getTasks().get(0).setBytesPerTask(-64);

        assertThat(EventMapping.job(event)).isEqualTo(new Checked.Invalid<>(
                "tasks[0].bytesPerTask must be in 0..1099511627776, was -64 (job j)"));
    }

    @Test
    void storedJobSkipsTheTopicsLimitsButNotTheCoresRules() {
        var event = EventMapping.jobSubmitted(job("j", T0, maps(1, "ds-j")));
        event.setJobName("x".repeat(5_000));

        assertThat(EventMapping.job(event)).isInstanceOf(Checked.Invalid.class);
        assertThat(EventMapping.storedJob(event)).isInstanceOf(Checked.Valid.class);
        event.getTasks().get(0).setBytesPerTask(-64);
        assertThat(EventMapping.storedJob(event)).isEqualTo(new Checked.Invalid<>(
                "MAP bytesPerTask must be >= 0, was -64"));
    }

    @Test
    void placementSurvivesTheRoundTripThroughPlacementDecision() {
        var placement = mapOn(job("j", T0, maps(3, "ds-j"), reduces(1)), 2, "n4", T0.plusSeconds(3));

        var decision = EventMapping.placementDecision(placement);

        assertThat(decision.getChunk().getDataset()).isEqualTo("ds-j");
        assertThat(decision.getChunk().getIndex()).isEqualTo(2);
        assertThat(decision.getChunkMoves()).isEmpty();
        assertThat(EventMapping.placement(decision)).isEqualTo(new Checked.Valid<>(placement));
    }

    @Test
    void chunkMovesSurviveTheRoundTripThroughPlacementDecision() {
        var placement = mapOn(job("j", T0, maps(3, "ds-j")), 1, "n4", T0).withChunkMoves(List.of(
                new ChunkMove(new Chunk("ds-j", 1), Optional.empty(), "n4"),
                new ChunkMove(new Chunk("ds-j", 2), Optional.of("n1"), "n5")));

        var decision = EventMapping.placementDecision(placement);

        assertThat(decision.getChunkMoves()).hasSize(2);
        assertThat(decision.getChunkMoves().get(0).getFromNode()).isNull();
        assertThat(decision.getChunkMoves().get(1).getFromNode()).isEqualTo("n1");
        assertThat(decision.getChunkMoves().get(1).getChunk().getIndex()).isEqualTo(2);
        assertThat(EventMapping.placement(decision)).isEqualTo(new Checked.Valid<>(placement));
    }

    @Test
    void placementOfUnknownKindIsRefused() {
        var decision = EventMapping.placementDecision(mapOn(job("j", T0, maps(1, "ds-j")), 0, "n1", T0));
        decision.setKind(io.gleaner.schemas.avro.TaskKind.UNKNOWN);

        assertThat(reasonOf(EventMapping.placement(decision))).contains("task kind UNKNOWN");
    }

    @Test
    void placementWhoseDecisionIdDoesNotMatchItsTaskIsRefused() {
        var decision = EventMapping.placementDecision(mapOn(job("j", T0, maps(1, "ds-j")), 0, "n1", T0));
        decision.setDecisionId("j/m/0/7");

        assertThat(reasonOf(EventMapping.placement(decision))).contains("j/m/0/7");
    }

    @Test
    void heartbeatKeepsEveryField() {
        var node = new NodeState("n1", T0, "rack-a", List.of("gpu=a100"), new CpuMemory(4, 64 * GIB), 8.0, 4,
                new CpuMemory(3, 61 * GIB), 3, List.of("j/m/0/0"));

        var heartbeat = EventMapping.nodeHeartbeat(node);

        assertThat(heartbeat.getFree().getCpus()).isEqualTo(3.0);
        assertThat(heartbeat.getFree().getMemoryBytes()).isEqualTo(61 * GIB);
        assertThat(heartbeat.getCapacity().getMemoryBytes()).isEqualTo(64 * GIB);
        assertThat(heartbeat.getFreeSlots()).isEqualTo(3);
        assertThat(heartbeat.getRunningAttempts()).containsExactly("j/m/0/0");
        assertThat(heartbeat.getLabels()).containsExactly("gpu=a100");
        assertThat(heartbeat.getRack()).isEqualTo("rack-a");
        assertThat(heartbeat.getTime()).isEqualTo(T0);
        assertThat(EventMapping.nodeState(heartbeat)).isEqualTo(new Checked.Valid<>(node));
    }

    @Test
    void outcomeSurvivesTheRoundTripThroughTaskReport() {
        var outcome = new TaskOutcome("j/r/0/1", "j", TaskKind.REDUCE, 0, 1, "n2", TaskOutcome.State.PREEMPTED,
                T0.plusSeconds(70));

        var report = EventMapping.taskReport(outcome);

        assertThat(report.getKind()).isEqualTo(io.gleaner.schemas.avro.TaskKind.REDUCE);
        assertThat(report.getState()).isEqualTo(TaskState.PREEMPTED);
        // the executor's fields keep the schema's defaults
        assertThat(report.getStartTime()).isNull();
        assertThat(report.getLocal()).isTrue();
        assertThat(report.getReason()).isNull();
        assertThat(EventMapping.taskOutcome(report)).isEqualTo(new Checked.Valid<>(outcome));
    }

    @Test
    void reportWithAnUnknownStateIsInvalidNamingItsDecision() {
        var report = EventMapping.taskReport(new TaskOutcome("j/m/0/0", "j", TaskKind.MAP, 0, 0, "n1",
                TaskOutcome.State.SUCCEEDED, T0));
        report.setState(TaskState.UNKNOWN);

        assertThat(EventMapping.taskOutcome(report))
                .isEqualTo(new Checked.Invalid<>("state must be a known state, was UNKNOWN (report j/m/0/0)"));
    }

    private static String reasonOf(Checked<?> checked) {
        assertThat(checked).isInstanceOf(Checked.Invalid.class);
        return ((Checked.Invalid<?>) checked).reason();
    }

    /** {@code count} maps of 128 MiB chunks 0.. of {@code dataset}, 1 core and 3 GiB each. */
    private static PhaseTasks maps(int count, String dataset) {
        return new PhaseTasks(TaskKind.MAP, count, 128L << 20, 128L << 20, 3100, new CpuMemory(1, 3 * GIB),
                Optional.of(dataset), 0);
    }

    /** Placement of map {@code index} (attempt 0) of {@code job} on {@code nodeId}, decided at {@code time}. */
    private static Placement mapOn(Job job, int index, String nodeId, Instant time) {
        return Placement.of(job, new TaskAttempt(job.jobId(), TaskKind.MAP, index, 0), nodeId, time, "test");
    }
}
