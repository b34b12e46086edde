package io.gleaner.deploy.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.TaskKind;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class JobFileTest {

    private static final Instant NOW = Instant.parse("2026-11-28T09:30:00Z");

    /** The example of docs/jobs.md. */
    static final String EXAMPLE = """
            {
              "jobId": "wordcount-1",
              "jobName": "wordcount",
              "user": "alice",
              "queue": "research",
              "priority": 5,
              "submitTime": "2026-11-28T09:00:00Z",
              "deadline": "PT2H",
              "tasks": [
                {"kind": "map", "count": 8, "bytesPerTask": "128MiB", "lastTaskBytes": "64MiB", "flopPerByte": 3100,
                 "demand": {"cpus": 1, "memory": "2GiB"}, "dataset": "logs-2026-11-27", "firstChunk": 16,
                 "spec": {"command": ["/opt/wc/map", "--lines"], "env": {"LANG": "C"},
                          "inputLocation": "s3://data/{dataset}/part-{chunk}",
                          "outputLocation": "s3://tmp/{job}/{kind}-{task}-{attempt}"}},
                {"kind": "reduce", "count": 2, "bytesPerTask": "64MiB",
                 "demand": {"cpus": 2, "memory": "4GiB"},
                 "spec": {"image": "ghcr.io/acme/wc-reduce:1", "outputLocation": "s3://out/{job}/part-{task}"}}
              ]
            }
            """;

    private static final String MINIMAL = """
            {"jobName": "sleep", "tasks": [{"kind": "map", "count": 2, "bytesPerTask": 0,
              "demand": {"cpus": 0.5, "memory": 1048576}, "spec": {"command": ["sleep", "1"]}}]}
            """;

    @Test
    void shouldReadEveryFieldOfTheDocumentedExample() throws JobFileException {
        var job = JobFile.read(EXAMPLE, NOW);

        assertThat(job.getJobId()).isEqualTo("wordcount-1");
        assertThat(job.getUser()).isEqualTo("alice");
        assertThat(job.getQueue()).isEqualTo("research");
        assertThat(job.getPriority()).isEqualTo(5);
        assertThat(job.getSubmitTime()).isEqualTo(Instant.parse("2026-11-28T09:00:00Z"));
        assertThat(job.getDeadline()).isEqualTo(Instant.parse("2026-11-28T11:00:00Z"));
        var maps = job.getTasks().get(0);
        assertThat(maps.getKind()).isEqualTo(TaskKind.MAP);
        assertThat(maps.getBytesPerTask()).isEqualTo(128L << 20);
        assertThat(maps.getLastTaskBytes()).isEqualTo(64L << 20);
        assertThat(maps.getDemand().getMemoryBytes()).isEqualTo(2L << 30);
        assertThat(maps.getFirstChunk()).isEqualTo(16);
        assertThat(maps.getSpec().getCommand()).containsExactly("/opt/wc/map", "--lines");
        assertThat(maps.getSpec().getEnv()).containsEntry("LANG", "C");
        var reduces = job.getTasks().get(1);
        assertThat(reduces.getFlopPerByte()).as("a reduce's default").isEqualTo(6300);
        assertThat(reduces.getSpec().getImage()).isEqualTo("ghcr.io/acme/wc-reduce:1");
        assertThat(reduces.getSpec().getCommand()).isEmpty();
        // Totals derived from the groups: 7 maps of 128 MiB and a last of 64 MiB; 2 reduces of 64 MiB.
        assertThat(job.getInputBytes()).isEqualTo(7 * (128L << 20) + (64L << 20));
        assertThat(job.getShuffleBytes()).isEqualTo(2 * (64L << 20));
        assertThat(job.getOutputBytes()).isZero();
    }

    @Test
    void shouldDefaultWhatAMinimalFileLeavesOut() throws JobFileException {
        JobSubmitted job = JobFile.read(MINIMAL, NOW);

        assertThat(job.getJobId()).isEqualTo("sleep-20261128T093000000Z");
        assertThat(job.getSubmitTime()).isEqualTo(NOW);
        assertThat(job.getUser()).isEqualTo("default");
        assertThat(job.getQueue()).isEqualTo("default");
        assertThat(job.getDeadline()).isNull();
        assertThat(job.getTasks().get(0).getFlopPerByte()).isEqualTo(3100);
        assertThat(job.getTasks().get(0).getLastTaskBytes()).isZero();
        assertThat(job.getTasks().get(0).getDemand().getMemoryBytes()).isEqualTo(1L << 20);
    }

    @Test
    void shouldTakeAnOptionalFieldThatIsNullAsLeftOut() throws JobFileException {
        var job = JobFile.read(MINIMAL.replace("{\"jobName\"", "{\"deadline\": null, \"user\": null, \"jobName\""),
                NOW);

        assertThat(job.getDeadline()).isNull();
        assertThat(job.getUser()).isEqualTo("default");
    }

    @Test
    void shouldTakeTheCommandLinesDeadlineOverTheFilesAsTheFileWouldReadIt() throws JobFileException {
        var later = JobFile.read(EXAMPLE, NOW, Optional.of("PT30M"));
        var at = JobFile.read(MINIMAL, NOW, Optional.of("2026-11-28T12:00:00Z"));

        assertThat(later.getDeadline()).isEqualTo(Instant.parse("2026-11-28T09:30:00Z"));
        assertThat(at.getDeadline()).isEqualTo(Instant.parse("2026-11-28T12:00:00Z"));
        assertThat(JobFile.read(EXAMPLE, NOW, Optional.empty())).isEqualTo(JobFile.read(EXAMPLE, NOW));
        assertThatThrownBy(() -> JobFile.read(MINIMAL, NOW, Optional.of("tomorrow")))
                .isInstanceOf(JobFileException.class)
                .hasMessageStartingWith("--deadline: expected an ISO-8601 time in UTC");
        assertThatThrownBy(() -> JobFile.read(MINIMAL, NOW, Optional.of("P2X")))
                .isInstanceOf(JobFileException.class)
                .hasMessageStartingWith("--deadline: expected an ISO-8601 duration after submitTime");
    }

    static Stream<Arguments> badFiles() {
        return Stream.of(
                bad("not JSON", "{\"jobName\": ", "$", "not valid JSON at line 1"),
                bad("two documents", "{} {}", "$", "not valid JSON"),
                bad("an array, not an object", "[]", "$", "expected an object, was an array"),
                bad("a duplicate field", MINIMAL.replace("{\"jobName\": \"sleep\",",
                        "{\"jobName\": \"sleep\", \"jobName\": \"x\","), "$", "Duplicate field 'jobName'"),
                bad("no job name", MINIMAL.replace("\"jobName\": \"sleep\",", ""), "$.jobName", "required"),
                bad("no tasks", "{\"jobName\": \"x\"}", "$.tasks", "required"),
                bad("a misspelt field", MINIMAL.replace("bytesPerTask", "bytesPerTsk"), "$.tasks[0].bytesPerTsk",
                        "unknown field; expected one of bytesPerTask, count, dataset, demand"),
                bad("a count as a string", MINIMAL.replace("\"count\": 2", "\"count\": \"2\""), "$.tasks[0].count",
                        "expected a whole number that fits an int, was a string \"2\""),
                bad("a count as a fraction", MINIMAL.replace("\"count\": 2", "\"count\": 2.5"), "$.tasks[0].count",
                        "expected a whole number"),
                bad("an unknown kind", MINIMAL.replace("\"map\"", "\"mapper\""), "$.tasks[0].kind",
                        "expected map or reduce, was 'mapper'"),
                bad("no demand memory", MINIMAL.replace(", \"memory\": 1048576", ""), "$.tasks[0].demand.memory",
                        "required"),
                bad("a wrong unit", MINIMAL.replace("1048576", "\"2GiBs\""), "$.tasks[0].demand.memory",
                        "unknown unit 'GiBs'"),
                bad("a size as a boolean", MINIMAL.replace("\"bytesPerTask\": 0", "\"bytesPerTask\": true"),
                        "$.tasks[0].bytesPerTask", "expected bytes or a string with a unit"),
                bad("a bad submit time", MINIMAL.replace("{\"jobName\"", "{\"submitTime\": \"yesterday\", \"jobName\""),
                        "$.submitTime", "expected an ISO-8601 time"),
                bad("a bad deadline duration", MINIMAL.replace("{\"jobName\"", "{\"deadline\": \"P2X\", \"jobName\""),
                        "$.deadline", "expected an ISO-8601 duration"),
                bad("a command that is a string", MINIMAL.replace("[\"sleep\", \"1\"]", "\"sleep 1\""),
                        "$.tasks[0].spec.command", "expected an array of strings"),
                bad("an env value that is a number", MINIMAL.replace("\"command\"", "\"env\": {\"N\": 4}, \"command\""),
                        "$.tasks[0].spec.env.N", "expected a string, was a number 4"),
                bad("an unknown placeholder", MINIMAL.replace("\"command\"",
                        "\"outputLocation\": \"/out/{job}/{part}\", \"command\""), "$.tasks[0].spec.outputLocation",
                        "must use only the placeholders {job}, {kind}, {task}, {attempt} ({dataset} and {chunk} need "
                                + "the group's dataset), was {part}"),
                bad("{chunk} without a dataset", MINIMAL.replace("\"command\"",
                        "\"inputLocation\": \"/in/{chunk}\", \"command\""), "$.tasks[0].spec.inputLocation",
                        "was {chunk}"),
                bad("a spec with nothing to run", MINIMAL.replace("\"command\": [\"sleep\", \"1\"]", "\"env\": {}"),
                        "$.tasks[0].spec", "must give a command or an image"),
                bad("memory past the topic's limit", MINIMAL.replace("1048576", "\"65TiB\""),
                        "$.tasks[0].demand.memory", "must be in 0..70368744177664"),
                bad("a deadline before the submission", MINIMAL.replace("{\"jobName\"",
                        "{\"submitTime\": \"2026-01-02T00:00:00Z\", \"deadline\": \"2026-01-01T00:00:00Z\", \"jobName\""),
                        "$.deadline", "must be after submitTime"),
                bad("zero tasks", MINIMAL.replace("\"count\": 2", "\"count\": 0"), "$.tasks[0].count",
                        "must be in 1..100000"));
    }

    private static Arguments bad(String name, String json, String path, String problem) {
        return Arguments.of(Named.of(name, json), path, problem);
    }

    @ParameterizedTest
    @MethodSource("badFiles")
    void shouldRefuseABadFileNamingThePathAndTheProblem(String json, String path, String problem) {
        assertThatThrownBy(() -> JobFile.read(json, NOW))
                .isInstanceOfSatisfying(JobFileException.class, e -> assertThat(e.path()).isEqualTo(path))
                .hasMessageStartingWith(path + ": ")
                .hasMessageContaining(problem);
    }
}
