package io.gleaner.planner.core;

import static io.gleaner.planner.core.PlannerFixtures.GIB;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TaskSpecTest {

    private static final Instant T0 = Instant.parse("2009-10-01T00:00:00Z");

    private static TaskSpec spec(String input, String output) {
        return new TaskSpec(List.of("/bin/wc", "-l", "{task}"), Optional.empty(), Map.of("LANG", "C"),
                Optional.ofNullable(input), Optional.ofNullable(output));
    }

    /** Maps reading chunks 40.. of ds-j with {@code spec}. */
    private static PhaseTasks maps(int count, TaskSpec spec) {
        return new PhaseTasks(TaskKind.MAP, count, 128L << 20, 128L << 20, 3100, new CpuMemory(1, 3 * GIB),
                Optional.of("ds-j"), 40, Optional.empty(), Optional.of(spec));
    }

    @Test
    void shouldResolveAMapsLocationsForItsAttemptAndChunk() {
        var spec = spec("hdfs:///{dataset}/part-{chunk}", "hdfs:///out/{job}/{kind}-{task}-{attempt}");
        var attempt = new TaskAttempt("j7", TaskKind.MAP, 2, 1);

        var resolved = maps(3, spec).resolvedSpec(attempt).orElseThrow();

        // Task 2 reads chunk firstChunk + 2 = 42.
        assertThat(resolved.inputLocation()).hasValue("hdfs:///ds-j/part-42");
        assertThat(resolved.outputLocation()).hasValue("hdfs:///out/j7/map-2-1");
        assertThat(resolved.command()).as("passed as given").containsExactly("/bin/wc", "-l", "{task}");
        assertThat(resolved.env()).isEqualTo(Map.of("LANG", "C"));
    }

    @Test
    void shouldLeaveDatasetPlaceholdersOfATaskWithoutAChunk() {
        // Only a job stored under older rules can hold these: jobs.submitted refuses them without a dataset.
        var spec = spec("/in/{chunk}", "/out/{job}/{kind}/{task}");

        var resolved = spec.forAttempt(new TaskAttempt("j", TaskKind.REDUCE, 0, 3), Optional.empty());

        assertThat(resolved.inputLocation()).hasValue("/in/{chunk}");
        assertThat(resolved.outputLocation()).hasValue("/out/j/reduce/0");
    }

    @Test
    void shouldGiveAReduceTheMapsOutputLocationWithTaskAndAttemptLeftOpen() {
        var mapSpec = spec(null, "s3://b/{job}/{kind}/{task}.{attempt}");
        var reduceSpec = spec(null, "s3://b/{job}/final/{task}");
        var job = job("j", T0, maps(2, mapSpec), new PhaseTasks(TaskKind.REDUCE, 1, 1, 1, 1, new CpuMemory(1, GIB),
                Optional.empty(), 0, Optional.empty(), Optional.of(reduceSpec)));

        var reduce = Placement.of(job, new TaskAttempt("j", TaskKind.REDUCE, 0, 0), "n1", T0, "fifo");
        var map = Placement.of(job, new TaskAttempt("j", TaskKind.MAP, 1, 0), "n1", T0, "fifo");

        assertThat(reduce.mapOutputLocation()).hasValue("s3://b/j/map/{task}.{attempt}");
        assertThat(reduce.spec().flatMap(TaskSpec::outputLocation)).hasValue("s3://b/j/final/0");
        assertThat(map.mapOutputLocation()).as("a map reads chunks, not map outputs").isEmpty();
        assertThat(map.spec().flatMap(TaskSpec::outputLocation)).hasValue("s3://b/j/map/1.0");
    }

    @Test
    void shouldPlaceAJobWithoutSpecsWithoutSpecOrMapOutputLocation() {
        var job = job("j", T0, PlannerFixtures.maps(2), reduces(1));

        var reduce = Placement.of(job, new TaskAttempt("j", TaskKind.REDUCE, 0, 0), "n1", T0, "fifo");

        assertThat(reduce.spec()).isEmpty();
        assertThat(reduce.mapOutputLocation()).isEmpty();
    }

    @Test
    void shouldKeepTheSpecWhenTheMapLayoutOrChunkMovesChange() {
        var spec = spec("/in/{chunk}", null);
        var job = job("j", T0, maps(2, spec));
        var layout = new ChunkLayout(List.of("n1", "n2"), 0, 1);

        var located = job.withMapLayout(Optional.of(layout));
        var placement = Placement.of(located, new TaskAttempt("j", TaskKind.MAP, 0, 0), "n1", T0, "salamander")
                .withChunkMoves(List.of(new ChunkMove(new Chunk("ds-j", 40), Optional.empty(), "n1")));

        assertThat(located.group(TaskKind.MAP).flatMap(PhaseTasks::spec)).hasValue(spec);
        assertThat(placement.spec().flatMap(TaskSpec::inputLocation)).hasValue("/in/40");
    }

    @Test
    void shouldKeepTheEnvironmentSortedByName() {
        var env = new LinkedHashMap<String, String>();
        env.put("B", "2");
        env.put("A", "1");

        var spec = new TaskSpec(List.of("x"), Optional.empty(), env, Optional.empty(), Optional.empty());

        assertThat(spec.env().keySet()).containsExactly("A", "B");
    }

    @Test
    void shouldRefuseASpecWithNeitherCommandNorImage() {
        assertThatThrownBy(() -> new TaskSpec(List.of(), Optional.empty(), Map.of(), Optional.empty(),
                Optional.empty())).hasMessage("a task spec must give a command or an image, was neither");
    }
}
